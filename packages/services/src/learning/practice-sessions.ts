import type { PracticeSummary } from "@tongjian/contracts/ladder";
import type { MarkedQuestion } from "@tongjian/contracts/learning";
import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";

/**
 * Practice sessions of signed-in readers (a level's practice, a review round): the questions
 * asked, fixed when the session starts, and the answers, written once. What /learnrecord shows.
 */

export type PracticeKind = "ladder" | "review";

export interface PracticeRow {
  id: string;
  owner_id: string;
  kind: string;
  ref: string;
  title: string;
  question_ids: string;
  started_at: string;
  submitted_at: string | null;
  answered: number;
  correct: number;
}

export const PRACTICE_NOT_FOUND = "这次练习不存在";
export const PRACTICE_DONE = "这次练习已经交卷，不能重复提交";

export function questionIdsOf(row: PracticeRow): string[] {
  try {
    const ids = JSON.parse(row.question_ids) as unknown;
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function summaryOf(row: PracticeRow): PracticeSummary {
  return {
    id: row.id,
    kind: row.kind === "review" ? "review" : "ladder",
    ref: row.ref,
    title: row.title,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    answered: row.answered,
    correct: row.correct,
    total: questionIdsOf(row).length,
  };
}

export function createPracticeSessions(db: Kysely<Database>) {
  const sessions = {
    async start(
      ownerId: string,
      kind: PracticeKind,
      ref: string,
      title: string,
      questionIds: readonly string[],
      now = new Date(),
    ): Promise<string> {
      const id = newId();
      await db
        .insertInto("learning_practice")
        .values({
          id,
          owner_id: ownerId,
          kind,
          ref,
          title,
          question_ids: JSON.stringify(questionIds),
          started_at: now.toISOString(),
          submitted_at: null,
        })
        .execute();
      return id;
    },

    /** The reader's own session of this kind; another reader's or a made-up id is not found. */
    async get(ownerId: string, id: string, kind?: PracticeKind): Promise<PracticeRow> {
      let q = db
        .selectFrom("learning_practice")
        .selectAll()
        .where("id", "=", id)
        .where("owner_id", "=", ownerId);
      if (kind) q = q.where("kind", "=", kind);
      const row = await q.executeTakeFirst();
      if (!row) throw new NotFoundError(PRACTICE_NOT_FOUND);
      return row;
    },

    /**
     * Writes the answers and closes the session, once: of two submissions at the same time only
     * the one that closes it writes (the update is conditional on it being open).
     */
    async finish(
      row: PracticeRow,
      marked: readonly MarkedQuestion[],
      now = new Date(),
    ): Promise<void> {
      const correct = marked.filter((m) => m.correct).length;
      await db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable("learning_practice")
          .set({ submitted_at: now.toISOString(), answered: marked.length, correct })
          .where("id", "=", row.id)
          .where("submitted_at", "is", null)
          .executeTakeFirst();
        if (Number(closed.numUpdatedRows) !== 1) throw new ServiceError(409, PRACTICE_DONE);
        if (marked.length > 0)
          await trx
            .insertInto("learning_answer")
            .values(
              marked.map((m, position) => ({
                id: newId(),
                owner_id: row.owner_id,
                practice_id: row.id,
                question_id: m.id,
                position,
                chosen: JSON.stringify(m.chosen),
                correct: m.correct ? 1 : 0,
                created_at: now.toISOString(),
              })),
            )
            .execute();
      });
    },

    async answers(practiceId: string) {
      return db
        .selectFrom("learning_answer")
        .select(["question_id", "chosen", "correct", "position"])
        .where("practice_id", "=", practiceId)
        .orderBy("position")
        .execute();
    },

    async list(ownerId: string, kind: PracticeKind | null, limit = 50): Promise<PracticeRow[]> {
      let q = db.selectFrom("learning_practice").selectAll().where("owner_id", "=", ownerId);
      if (kind) q = q.where("kind", "=", kind);
      return q.orderBy("started_at", "desc").limit(limit).execute();
    },
  };
  return sessions;
}

export type PracticeSessions = ReturnType<typeof createPracticeSessions>;
