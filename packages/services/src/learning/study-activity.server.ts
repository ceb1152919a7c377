import type { Database } from "@tongjian/db/database-schema";
import { studyDay } from "@tongjian/domain/learning";
import type { Kysely } from "kysely";
import { newId } from "../accounts/account-repository.ts";

/**
 * What each learning screen writes when a signed-in reader studies, and what the study records
 * (/studyrecord, /learnrecord) sum by day, week and month. One row per finished stretch: a depth
 * test submitted, a level's practice marked, a challenge round finished, a review session.
 */
export const STUDY_KINDS = [
  "depthtest",
  "aitest",
  "ladder",
  "practice",
  "review",
  "challenge",
  "knowledgepoint",
  "reading",
] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

export interface StudyStretch {
  kind: StudyKind;
  /** What was studied: a test id, a level key, a point key, a round id. */
  ref: string;
  answered: number;
  correct: number;
  /** Time spent, whole seconds, measured on the server where it can be (start to submit). */
  seconds: number;
  at?: Date;
}

/** The longest stretch one row may claim: a tab left open is not three days of study. */
export const STUDY_SECONDS_MAX = 2 * 3600;

export function createStudyActivity(deps: { db: Kysely<Database> }) {
  return {
    async record(ownerId: string, stretch: StudyStretch): Promise<void> {
      const at = stretch.at ?? new Date();
      await deps.db
        .insertInto("learning_activity")
        .values({
          id: newId(),
          owner_id: ownerId,
          day: studyDay(at),
          kind: stretch.kind,
          ref: stretch.ref,
          answered: Math.max(0, Math.trunc(stretch.answered)),
          correct: Math.max(0, Math.trunc(stretch.correct)),
          seconds: Math.min(STUDY_SECONDS_MAX, Math.max(0, Math.round(stretch.seconds))),
          created_at: at.toISOString(),
        })
        .execute();
    },
  };
}

export type StudyActivity = ReturnType<typeof createStudyActivity>;
