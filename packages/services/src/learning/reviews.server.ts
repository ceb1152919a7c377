import type {
  PracticeDetail,
  QuestionHistory,
  ReviewCard,
  ReviewHome,
  ReviewResult,
} from "@tongjian/contracts/ladder";
import type { AnswerItem, PublicQuestion } from "@tongjian/contracts/learning";
import type { Database } from "@tongjian/db/database-schema";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { requireSignedIn } from "../accounts/require-login.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import {
  createPracticeSessions,
  PRACTICE_DONE,
  questionIdsOf,
  summaryOf,
} from "./practice-sessions.ts";
import type { BankQuestion, QuestionBank } from "./question-bank.server.ts";
import {
  fromStored,
  review,
  type StoredCard,
  toStored,
  wrongElsewhere,
} from "./review-schedule.ts";
import type { StudyActivity } from "./study-activity.server.ts";

/** Questions one review round asks at most. */
export const REVIEW_ROUND_SIZE = 10;
export const NO_REVIEWS_DUE = "现在没有要复习的题";
export const NOT_ANSWERED_YET = "你还没有做过这道题";

interface CardRow {
  owner_id: string;
  question_id: string;
  source: string;
  card: string;
  due: string;
  wrong_count: number;
  right_count: number;
}

function parseCard(row: CardRow): StoredCard {
  return JSON.parse(row.card) as StoredCard;
}

/**
 * The review list (错题本): a card per reader and question got wrong, scheduled by FSRS
 * (review-schedule.ts). Ladders, depth tests and challenges call `addWrong`; the review pages
 * call `due`, `start` and `submit`.
 */
export function createReviewService(deps: {
  db: Kysely<Database>;
  bank: QuestionBank;
  activity: StudyActivity;
}) {
  const { db, bank, activity } = deps;
  const sessions = createPracticeSessions(db);

  async function cardRows(ownerId: string, ids?: readonly string[]): Promise<CardRow[]> {
    let q = db.selectFrom("review_card").selectAll().where("owner_id", "=", ownerId);
    if (ids) {
      if (ids.length === 0) return [];
      q = q.where("question_id", "in", [...ids]);
    }
    return q.orderBy("due").execute();
  }

  async function toCards(rows: CardRow[], now: Date): Promise<ReviewCard[]> {
    const questions = new Map(
      (await bank.byIds(rows.map((r) => r.question_id))).map((q) => [q.id, q]),
    );
    const titles = new Map(
      (await bank.pointsByKeys([...questions.values()].map((q) => q.pointKey))).map((p) => [
        p.key,
        p.title,
      ]),
    );
    return rows.flatMap((row) => {
      const q = questions.get(row.question_id);
      // A question the content no longer has leaves the list.
      if (!q) return [];
      const card = parseCard(row);
      return [
        {
          questionId: row.question_id,
          stem: q.stem,
          pointTitle: titles.get(q.pointKey) ?? "",
          source: row.source,
          due: row.due,
          isDue: row.due <= now.toISOString(),
          wrongCount: row.wrong_count,
          rightCount: row.right_count,
          reps: card.reps ?? 0,
          lapses: card.lapses ?? 0,
        },
      ];
    });
  }

  async function saveCard(
    ownerId: string,
    questionId: string,
    source: string,
    stored: StoredCard,
    existing: CardRow | undefined,
    correct: boolean,
    now: Date,
  ) {
    const at = now.toISOString();
    if (existing) {
      await db
        .updateTable("review_card")
        .set({
          card: JSON.stringify(stored),
          due: stored.due,
          wrong_count: existing.wrong_count + (correct ? 0 : 1),
          right_count: existing.right_count + (correct ? 1 : 0),
          updated_at: at,
        })
        .where("owner_id", "=", ownerId)
        .where("question_id", "=", questionId)
        .execute();
      return;
    }
    await db
      .insertInto("review_card")
      .values({
        owner_id: ownerId,
        question_id: questionId,
        source,
        card: JSON.stringify(stored),
        due: stored.due,
        wrong_count: correct ? 0 : 1,
        right_count: correct ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(["owner_id", "question_id"]).doNothing())
      .execute();
  }

  const service = {
    /**
     * Questions a reader got wrong somewhere (`source`: ladder, depthtest, challenge …): each
     * becomes a card due now, or, when it is on the list already, lapses (FSRS Again).
     * Unknown question ids are skipped. Returns how many cards were made or lapsed.
     */
    async addWrong(
      ownerId: string,
      questionIds: readonly string[],
      source: string,
      now = new Date(),
    ): Promise<number> {
      const known = (await bank.byIds([...new Set(questionIds)])).map((q) => q.id);
      const existing = new Map((await cardRows(ownerId, known)).map((r) => [r.question_id, r]));
      for (const id of known) {
        const row = existing.get(id);
        const card = wrongElsewhere(row ? fromStored(parseCard(row)) : null, now);
        await saveCard(ownerId, id, source, toStored(card), row, false, now);
      }
      return known.length;
    },

    /** The cards due now, the soonest first. */
    async due(ownerId: string, now = new Date(), limit = 50): Promise<ReviewCard[]> {
      const rows = await db
        .selectFrom("review_card")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("due", "<=", now.toISOString())
        .orderBy("due")
        .limit(limit)
        .execute();
      return toCards(rows, now);
    },

    /** Every card of the reader (the wrong-question book), the next due first. */
    async cards(viewer: Viewer, now = new Date()): Promise<ReviewCard[]> {
      const ownerId = ownerOf(viewer);
      return toCards(await cardRows(ownerId), now);
    },

    async home(viewer: Viewer, now = new Date()): Promise<ReviewHome> {
      const ownerId = ownerOf(viewer);
      const [due, count, rows] = await Promise.all([
        service.due(ownerId, now),
        db
          .selectFrom("review_card")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("owner_id", "=", ownerId)
          .executeTakeFirstOrThrow(),
        sessions.list(ownerId, "review", 20),
      ]);
      return { due, cardCount: Number(count.n), sessions: rows.map(summaryOf) };
    },

    /** A review round of the cards due now; none due is a clear 400. */
    async start(
      viewer: Viewer,
      now = new Date(),
    ): Promise<{ practiceId: string; questions: PublicQuestion[] }> {
      const ownerId = ownerOf(viewer);
      const due = await service.due(ownerId, now, REVIEW_ROUND_SIZE);
      if (due.length === 0) throw new BadRequestError(NO_REVIEWS_DUE);
      const questions = await bank.byIds(due.map((c) => c.questionId));
      const practiceId = await sessions.start(
        ownerId,
        "review",
        "review",
        "错题复习",
        questions.map((q) => q.id),
        now,
      );
      return {
        practiceId,
        questions: await Promise.all(questions.map((q) => bank.toPublic(q))),
      };
    },

    /**
     * Marks a review round on the server: each answer rates its card (right Good, wrong Again),
     * the answers are kept, and the round is one `review` stretch of study.
     */
    async submit(
      viewer: Viewer,
      practiceId: string,
      answers: readonly AnswerItem[],
      now = new Date(),
    ): Promise<ReviewResult> {
      const ownerId = ownerOf(viewer);
      const row = await sessions.get(ownerId, practiceId, "review");
      if (row.submitted_at) throw new ServiceError(409, PRACTICE_DONE);
      const marked = await bank.markAll(questionIdsOf(row), answers);
      await sessions.finish(row, marked, now);
      const existing = new Map(
        (
          await cardRows(
            ownerId,
            marked.map((m) => m.id),
          )
        ).map((r) => [r.question_id, r]),
      );
      for (const m of marked) {
        const current = existing.get(m.id);
        const card = current ? fromStored(parseCard(current)) : wrongElsewhere(null, now);
        const next = review(card, m.correct, now);
        await saveCard(
          ownerId,
          m.id,
          current?.source ?? "review",
          toStored(next),
          current,
          m.correct,
          now,
        );
      }
      const correct = marked.filter((m) => m.correct).length;
      await activity.record(ownerId, {
        kind: "review",
        ref: practiceId,
        answered: marked.length,
        correct,
        seconds: (now.getTime() - Date.parse(row.started_at)) / 1000,
        at: now,
      });
      return {
        practiceId,
        marked,
        correct,
        total: marked.length,
        cards: await toCards(
          await cardRows(
            ownerId,
            marked.map((m) => m.id),
          ),
          now,
        ),
      };
    },

    /** One session (a level's practice or a review round) with its marked answers. */
    async practice(viewer: Viewer, practiceId: string): Promise<PracticeDetail> {
      const ownerId = ownerOf(viewer);
      const row = await sessions.get(ownerId, practiceId);
      const answers = await sessions.answers(row.id);
      const questions = new Map(
        (await bank.byIds(answers.map((a) => a.question_id))).map((q) => [q.id, q]),
      );
      const marked = [];
      for (const a of answers) {
        const q = questions.get(a.question_id);
        if (!q) continue;
        marked.push(await bank.mark(q, JSON.parse(a.chosen) as number[]));
      }
      return {
        ...summaryOf(row),
        marked,
        pending: row.submitted_at ? 0 : questionIdsOf(row).length,
      };
    },

    async sessions(viewer: Viewer, kind: "ladder" | "review" | null, limit = 50) {
      return (await sessions.list(ownerOf(viewer), kind, limit)).map(summaryOf);
    },

    /**
     * One question the reader has met: its answer and explanation, the reader's answers to it
     * and its card. A question they never answered is not shown (its answer would leak).
     */
    async question(viewer: Viewer, questionId: string, now = new Date()): Promise<QuestionHistory> {
      const ownerId = ownerOf(viewer);
      const q: BankQuestion = await bank.question(questionId);
      const answers = await db
        .selectFrom("learning_answer as a")
        .innerJoin("learning_practice as p", "p.id", "a.practice_id")
        .select(["a.practice_id", "p.kind", "p.title", "a.chosen", "a.correct", "a.created_at"])
        .where("a.owner_id", "=", ownerId)
        .where("a.question_id", "=", q.id)
        .orderBy("a.created_at", "desc")
        .limit(50)
        .execute();
      const [card] = await toCards(await cardRows(ownerId, [q.id]), now);
      if (answers.length === 0 && !card) throw new NotFoundError(NOT_ANSWERED_YET);
      const { chosen: _c, correct: _r, ...question } = await bank.mark(q, []);
      return {
        question,
        card: card ?? null,
        answers: answers.map((a) => ({
          practiceId: a.practice_id,
          kind: a.kind,
          title: a.title,
          chosen: JSON.parse(a.chosen) as number[],
          correct: a.correct === 1,
          at: a.created_at,
        })),
      };
    },
  };

  function ownerOf(viewer: Viewer): string {
    const reader = requireSignedIn(viewer, "请先登录再看错题和练习记录");
    return reader.kind === "user" ? reader.userId : reader.visitorId;
  }

  return service;
}

export type ReviewService = ReturnType<typeof createReviewService>;
