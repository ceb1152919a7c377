import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  DeviceReceipt,
  LadderSummary,
  LadderView,
  LevelCard,
  LevelProgress,
  LevelView,
  PointsView,
  PracticeResult,
  PracticeStart,
} from "@tongjian/contracts/ladder";
import type { AnswerItem } from "@tongjian/contracts/learning";
import type { Database } from "@tongjian/db/database-schema";
import {
  isPassed,
  LADDER_KINDS,
  type LadderKind,
  type LevelRecord,
  levelPointsOf,
  mergeRecord,
  POINTS_PER_CORRECT,
  PRACTICE_SIZE,
  percentOf,
  starsOf,
  unlockedLevels,
} from "@tongjian/domain/ladder";
import { type Grade, isGrade, studyDay } from "@tongjian/domain/learning";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { ForbiddenError } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import { createPracticeSessions, PRACTICE_DONE, questionIdsOf } from "./practice-sessions.ts";
import type { BankQuestion, QuestionBank } from "./question-bank.server.ts";
import type { ReviewService } from "./reviews.server.ts";
import type { StudyActivity } from "./study-activity.server.ts";

export const LADDER_NOT_FOUND = "这条天梯不存在";
export const LEVEL_NOT_FOUND = "这一关不存在";
export const GATED_MESSAGE = "本关需开通天梯课程后才能学习，试学关卡可免费体验";

interface LadderRow {
  id: string;
  key: string;
  kind: LadderKind;
  title: string;
  intro: string;
  grade: Grade;
  levelKeys: string[];
}

interface LevelRow {
  id: string;
  key: string;
  ladderKey: string;
  ladderKind: LadderKind;
  position: number;
  title: string;
  sample: boolean;
  intro: string;
  pointKeys: string[];
  articles: { id: string; key: string; title: string }[];
}

interface ProgressRow {
  level_key: string;
  best_correct: number;
  best_total: number;
  passed: number;
  attempts: number;
  points: number;
  best_at: string;
}

const GRADE_PLACE: Record<Grade, number> = { primary: 0, junior: 1, general: 1.5, senior: 2 };

/**
 * The questions of a level's practice: its points' questions at the ladder's grade first, then
 * the nearest grades, in content order within each, at most PRACTICE_SIZE. The same every time,
 * so a visitor's answers can be checked against it without a stored session.
 */
export function practiceQuestions(questions: readonly BankQuestion[], grade: Grade) {
  return questions
    .map((q, i) => ({ q, i, d: Math.abs(GRADE_PLACE[q.grade] - GRADE_PLACE[grade]) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, PRACTICE_SIZE)
    .map((x) => x.q);
}

function progressOf(row: ProgressRow | undefined): LevelProgress | null {
  if (!row) return null;
  return {
    bestCorrect: row.best_correct,
    bestTotal: row.best_total,
    percent: percentOf(row.best_correct, row.best_total),
    stars: starsOf(row.best_correct, row.best_total),
    passed: row.passed === 1,
    attempts: row.attempts,
    points: row.points,
    at: row.best_at,
  };
}

/**
 * The ladders (天梯): the levels of each, a reader's progress and 积分 on them, a level's lessons
 * and its practice, marked on the server. Progress is kept for signed-in readers; a visitor's
 * practice is marked the same way and handed back with a signed receipt that the account takes
 * over on login (decision 0029).
 */
export function createLadderService(deps: {
  db: Kysely<Database>;
  /** The store's gate (services.entitlements.has): VIP, a course's scope, or the admin flag. */
  access?: (viewer: Viewer, what: "ladder-levels" | `ladder:${LadderKind}`) => Promise<boolean>;
  bank: QuestionBank;
  reviews: ReviewService;
  activity: StudyActivity;
}) {
  const { db, bank, reviews, activity } = deps;
  const sessions = createPracticeSessions(db);
  let secret: Promise<string> | null = null;

  /** The key receipts are signed with: made once and kept in the database. */
  function receiptSecret(): Promise<string> {
    secret ??= (async () => {
      const key = "secret:ladder-receipt";
      await db
        .insertInto("key_value")
        .values({ key, value: randomBytes(32).toString("base64url"), expires_at: null })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
      const row = await db
        .selectFrom("key_value")
        .select("value")
        .where("key", "=", key)
        .executeTakeFirstOrThrow();
      return row.value;
    })();
    return secret;
  }

  async function sign(r: Omit<DeviceReceipt, "sig">): Promise<string> {
    return createHmac("sha256", await receiptSecret())
      .update(`ladder\0${r.levelKey}\0${r.correct}\0${r.total}\0${r.at}\0${r.wrong.join(",")}`)
      .digest("base64url");
  }

  async function verified(r: DeviceReceipt): Promise<boolean> {
    const want = Buffer.from(await sign(r));
    const got = Buffer.from(r.sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  async function ladders(): Promise<LadderRow[]> {
    const rows = await db
      .selectFrom("learning_ladder")
      .select(["id", "key", "kind", "title", "data"])
      .orderBy("sort_key")
      .execute();
    return rows.map((r) => {
      const data = parseJson<{ intro: string; grade: string; levels: string[] }>(r.data, {
        intro: "",
        grade: "general",
        levels: [],
      });
      return {
        id: r.id,
        key: r.key,
        kind: (LADDER_KINDS as readonly string[]).includes(r.kind)
          ? (r.kind as LadderKind)
          : "wenshi",
        title: r.title,
        intro: data.intro,
        grade: isGrade(data.grade) ? data.grade : "general",
        levelKeys: data.levels,
      };
    });
  }

  async function levelsOf(ladderKey?: string): Promise<LevelRow[]> {
    let q = db
      .selectFrom("learning_level")
      .select(["id", "key", "ladder_key", "ladder_kind", "position", "title", "sample", "data"]);
    if (ladderKey) q = q.where("ladder_key", "=", ladderKey);
    const rows = await q.orderBy("ladder_key").orderBy("position").execute();
    return rows.map((r) => {
      const data = parseJson<Pick<LevelRow, "intro" | "pointKeys" | "articles">>(r.data, {
        intro: "",
        pointKeys: [],
        articles: [],
      });
      return {
        id: r.id,
        key: r.key,
        ladderKey: r.ladder_key,
        ladderKind: r.ladder_kind as LadderKind,
        position: r.position,
        title: r.title,
        sample: r.sample === 1,
        ...data,
      };
    });
  }

  /**
   * The paid levels' gate: with the store's entitlements (decision 33) VIP, the ladder's course
   * or the old admin flag open it; without them, the admin flag alone.
   */
  async function learningAccess(viewer: Viewer, kind?: LadderKind): Promise<boolean> {
    if (deps.access) return deps.access(viewer, kind ? `ladder:${kind}` : "ladder-levels");
    if (viewer.kind !== "user") return false;
    const row = await db
      .selectFrom("account")
      .select("learning_access")
      .where("id", "=", viewer.userId)
      .executeTakeFirst();
    return row?.learning_access === 1;
  }

  async function progressRows(ownerId: string | null): Promise<Map<string, ProgressRow>> {
    if (!ownerId) return new Map();
    const rows = await db
      .selectFrom("ladder_progress")
      .select([
        "level_key",
        "best_correct",
        "best_total",
        "passed",
        "attempts",
        "points",
        "best_at",
      ])
      .where("owner_id", "=", ownerId)
      .execute();
    return new Map(rows.map((r) => [r.level_key, r]));
  }

  async function questionCounts(levels: readonly LevelRow[]): Promise<Map<string, number>> {
    const keys = [...new Set(levels.flatMap((l) => l.pointKeys))];
    const points = keys.length
      ? await db
          .selectFrom("learning_point")
          .select(["key", "question_count"])
          .where("key", "in", keys)
          .execute()
      : [];
    const byPoint = new Map(points.map((p) => [p.key, p.question_count]));
    return new Map(
      levels.map((l) => [
        l.key,
        Math.min(
          PRACTICE_SIZE,
          l.pointKeys.reduce((n, k) => n + (byPoint.get(k) ?? 0), 0),
        ),
      ]),
    );
  }

  function cardsOf(
    levels: readonly LevelRow[],
    progress: Map<string, ProgressRow>,
    access: boolean,
    counts: Map<string, number>,
  ): LevelCard[] {
    const open = unlockedLevels(levels, (key) => progress.get(key)?.passed === 1);
    return levels.map((l, i) => ({
      id: l.id,
      key: l.key,
      ladderKey: l.ladderKey,
      ladderKind: l.ladderKind,
      position: l.position,
      title: l.title,
      intro: l.intro,
      sample: l.sample,
      pointCount: l.pointKeys.length,
      questionCount: counts.get(l.key) ?? 0,
      access: l.sample || access,
      unlocked: open[i] ?? false,
      progress: progressOf(progress.get(l.key)),
    }));
  }

  function summaryOf(ladder: LadderRow, cards: readonly LevelCard[]): LadderSummary {
    return {
      id: ladder.id,
      key: ladder.key,
      kind: ladder.kind,
      title: ladder.title,
      intro: ladder.intro,
      grade: ladder.grade,
      levelCount: cards.length,
      passedCount: cards.filter((c) => c.progress?.passed).length,
      stars: cards.reduce((n, c) => n + (c.progress?.stars ?? 0), 0),
      points: cards.reduce((n, c) => n + (c.progress?.points ?? 0), 0),
    };
  }

  async function findLadder(keyOrId: string): Promise<LadderRow> {
    const found = (await ladders()).find((l) => l.key === keyOrId || l.id === keyOrId);
    if (!found) throw new NotFoundError(LADDER_NOT_FOUND);
    return found;
  }

  async function findLevel(keyOrId: string): Promise<{ level: LevelRow; ladder: LadderRow }> {
    const row = await db
      .selectFrom("learning_level")
      .select(["key", "ladder_key"])
      .where((eb) => eb.or([eb("key", "=", keyOrId), eb("id", "=", keyOrId)]))
      .executeTakeFirst();
    if (!row) throw new NotFoundError(LEVEL_NOT_FOUND);
    const ladder = await findLadder(row.ladder_key);
    const level = (await levelsOf(ladder.key)).find((l) => l.key === row.key);
    if (!level) throw new NotFoundError(LEVEL_NOT_FOUND);
    return { level, ladder };
  }

  /** A ladder as the reader sees it: every level with its gate, lock and progress. */
  async function view(viewer: Viewer, ladder: LadderRow): Promise<LadderView> {
    const [levels, progress, access] = await Promise.all([
      levelsOf(ladder.key),
      progressRows(ownerIdOf(viewer)),
      learningAccess(viewer, ladder.kind),
    ]);
    const cards = cardsOf(levels, progress, access, await questionCounts(levels));
    return {
      ...summaryOf(ladder, cards),
      levels: cards,
      signedIn: ownerIdOf(viewer) !== null,
      learningAccess: access,
    };
  }

  /** The level as the reader may practise it, or the reader's words why not. */
  async function openLevel(viewer: Viewer, keyOrId: string) {
    const { level, ladder } = await findLevel(keyOrId);
    const ownerId = ownerIdOf(viewer);
    const [levels, progress, access] = await Promise.all([
      levelsOf(ladder.key),
      progressRows(ownerId),
      learningAccess(viewer, ladder.kind),
    ]);
    if (!level.sample && !access) throw new ForbiddenError(GATED_MESSAGE);
    const open = unlockedLevels(levels, (key) => progress.get(key)?.passed === 1);
    const i = levels.findIndex((l) => l.key === level.key);
    if (!open[i]) {
      const previous = levels[i - 1];
      throw new ForbiddenError(`请先通过上一关「${previous?.title ?? ""}」再来挑战这一关`);
    }
    const questions = practiceQuestions(
      await bank.questions({ pointKeys: level.pointKeys }),
      ladder.grade,
    );
    return { level, ladder, levels, progress, access, ownerId, questions };
  }

  /** Records a finished practice on the reader's progress and 积分 ledger. */
  async function recordProgress(
    ownerId: string,
    level: LevelRow,
    result: { correct: number; total: number; at: string; attempts?: number },
    now: Date,
  ): Promise<{ earned: number; row: ProgressRow }> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("ladder_progress")
        .select([
          "level_key",
          "best_correct",
          "best_total",
          "passed",
          "attempts",
          "points",
          "best_at",
        ])
        .where("owner_id", "=", ownerId)
        .where("level_key", "=", level.key)
        .executeTakeFirst();
      const before: LevelRecord | null = current
        ? {
            bestCorrect: current.best_correct,
            bestTotal: current.best_total,
            passed: current.passed === 1,
            attempts: current.attempts,
            at: current.best_at,
          }
        : null;
      const after = mergeRecord(before, result);
      const scoreGain = Math.max(
        0,
        (after.bestCorrect - (before?.bestCorrect ?? 0)) * POINTS_PER_CORRECT,
      );
      const passGain = levelPointsOf(0, after.passed) - levelPointsOf(0, before?.passed ?? false);
      const day = studyDay(now);
      const at = now.toISOString();
      for (const [reason, points] of [
        ["score", scoreGain],
        ["pass", passGain],
      ] as const)
        if (points > 0)
          await trx
            .insertInto("ladder_points")
            .values({
              id: newId(),
              owner_id: ownerId,
              level_key: level.key,
              ladder_key: level.ladderKey,
              points,
              reason,
              day,
              created_at: at,
            })
            .execute();
      const row: ProgressRow = {
        level_key: level.key,
        best_correct: after.bestCorrect,
        best_total: after.bestTotal,
        passed: after.passed ? 1 : 0,
        attempts: after.attempts,
        points: (current?.points ?? 0) + scoreGain + passGain,
        best_at: after.at,
      };
      if (current)
        await trx
          .updateTable("ladder_progress")
          .set({ ...row, updated_at: at })
          .where("owner_id", "=", ownerId)
          .where("level_key", "=", level.key)
          .execute();
      else
        await trx
          .insertInto("ladder_progress")
          .values({ ...row, owner_id: ownerId, ladder_key: level.ladderKey, updated_at: at })
          .execute();
      return { earned: scoreGain + passGain, row };
    });
  }

  const service = {
    async list(viewer: Viewer): Promise<LadderSummary[]> {
      const [all, levels, progress] = await Promise.all([
        ladders(),
        levelsOf(),
        progressRows(ownerIdOf(viewer)),
      ]);
      const counts = await questionCounts(levels);
      const access = new Map<LadderKind, boolean>();
      for (const ladder of all)
        if (!access.has(ladder.kind))
          access.set(ladder.kind, await learningAccess(viewer, ladder.kind));
      return all.map((ladder) =>
        summaryOf(
          ladder,
          cardsOf(
            levels.filter((l) => l.ladderKey === ladder.key),
            progress,
            access.get(ladder.kind) ?? false,
            counts,
          ),
        ),
      );
    },

    /** A ladder by key or id. */
    async ladder(viewer: Viewer, keyOrId: string): Promise<LadderView> {
      return view(viewer, await findLadder(keyOrId));
    },

    /** The first ladder of a kind (/wenshiladder, /youngladder, /newsladder). */
    async ladderOfKind(viewer: Viewer, kind: LadderKind): Promise<LadderView> {
      const found = (await ladders()).find((l) => l.kind === kind);
      if (!found) throw new NotFoundError(LADDER_NOT_FOUND);
      return view(viewer, found);
    },

    /** Every sample level of every ladder (/laddersample). */
    async samples(viewer: Viewer): Promise<{ ladder: LadderSummary; levels: LevelCard[] }[]> {
      const all = await Promise.all((await ladders()).map((l) => view(viewer, l)));
      return all.map(({ levels, signedIn: _s, learningAccess: _a, ...ladder }) => ({
        ladder,
        levels: levels.filter((l) => l.sample),
      }));
    },

    /**
     * A level with its lessons: its knowledge points' lessons and its reading list. Gated
     * levels show what they contain too; the practice is what the gate closes.
     */
    async level(viewer: Viewer, keyOrId: string): Promise<LevelView> {
      const { level, ladder } = await findLevel(keyOrId);
      const full = await view(viewer, ladder);
      const i = full.levels.findIndex((l) => l.key === level.key);
      const card = full.levels[i];
      if (!card) throw new NotFoundError(LEVEL_NOT_FOUND);
      // A gated level shows each lesson's opening; the rest comes with the product.
      const points = (await bank.pointsByKeys(level.pointKeys)).map((p) => {
        const detail = bank.pointDetail(p);
        return card.access ? detail : { ...detail, lesson: detail.lesson.slice(0, 1) };
      });
      const { levels: _l, signedIn, learningAccess: _a, ...summary } = full;
      return {
        level: card,
        ladder: summary,
        points,
        articles: level.articles,
        next: full.levels[i + 1] ?? null,
        previous: full.levels[i - 1] ?? null,
        signedIn,
      };
    },

    /** The questions of a level's practice, without answers; a session for a signed-in reader. */
    async start(viewer: Viewer, keyOrId: string, now = new Date()): Promise<PracticeStart> {
      const { level, ownerId, questions } = await openLevel(viewer, keyOrId);
      if (questions.length === 0) throw new BadRequestError("这一关还没有练习题");
      const practiceId = ownerId
        ? await sessions.start(
            ownerId,
            "ladder",
            level.key,
            level.title,
            questions.map((q) => q.id),
            now,
          )
        : null;
      return {
        practiceId,
        levelKey: level.key,
        questions: await Promise.all(questions.map((q) => bank.toPublic(q))),
      };
    },

    /**
     * Marks a level's practice on the server. A signed-in reader hands in the session they
     * started, once; a visitor the level's questions, and gets a signed receipt to keep.
     */
    async submit(
      viewer: Viewer,
      keyOrId: string,
      body: { practiceId?: string | null | undefined; answers: readonly AnswerItem[] },
      now = new Date(),
    ): Promise<PracticeResult> {
      const opened = await openLevel(viewer, keyOrId);
      const { level, ownerId } = opened;
      let allowed = opened.questions.map((q) => q.id);
      let session = null;
      if (ownerId) {
        if (!body.practiceId) throw new BadRequestError("缺少练习编号，请重新开始本关练习");
        session = await sessions.get(ownerId, body.practiceId, "ladder");
        if (session.ref !== level.key) throw new BadRequestError("这次练习不属于这一关");
        if (session.submitted_at) throw new ServiceError(409, PRACTICE_DONE);
        allowed = questionIdsOf(session);
      }
      const marked = await bank.markAll(allowed, body.answers);
      if (marked.length !== allowed.length)
        throw new BadRequestError(`请答完本关全部 ${allowed.length} 道题再交卷`);
      const correct = marked.filter((m) => m.correct).length;
      const total = marked.length;
      const wrong = marked.filter((m) => !m.correct).map((m) => m.id);
      const at = now.toISOString();
      let earned = 0;
      let progress: LevelProgress | null = null;
      let reviewAdded = 0;
      let receipt: DeviceReceipt | null = null;
      if (ownerId && session) {
        await sessions.finish(session, marked, now);
        const recorded = await recordProgress(ownerId, level, { correct, total, at }, now);
        earned = recorded.earned;
        progress = progressOf(recorded.row);
        reviewAdded = await reviews.addWrong(ownerId, wrong, "ladder", now);
        await activity.record(ownerId, {
          kind: "ladder",
          ref: level.key,
          answered: total,
          correct,
          seconds: (now.getTime() - Date.parse(session.started_at)) / 1000,
          at: now,
        });
      } else {
        const unsigned = { levelKey: level.key, correct, total, at, wrong };
        receipt = { ...unsigned, sig: await sign(unsigned) };
      }
      const i = opened.levels.findIndex((l) => l.key === level.key);
      const passed = isPassed(correct, total);
      const nextRow = opened.levels[i + 1];
      let next: LevelCard | null = null;
      if (nextRow) {
        const progressNow = await progressRows(ownerId);
        const cards = cardsOf(
          opened.levels,
          progressNow,
          opened.access,
          await questionCounts(opened.levels),
        );
        next = cards[i + 1] ?? null;
        // A visitor's unlock lives on their device: this pass opens the next level there.
        if (next && !ownerId && passed) next = { ...next, unlocked: true };
      }
      return {
        practiceId: session?.id ?? null,
        levelKey: level.key,
        marked,
        correct,
        total,
        percent: percentOf(correct, total),
        stars: starsOf(correct, total),
        passed,
        pointsEarned: earned,
        progress,
        next,
        reviewAdded,
        receipt,
      };
    },

    /**
     * A visitor's practices, kept on their device, become the account's on login: each receipt
     * must carry our signature and be used once; the better record wins, 积分 count once, the
     * wrong answers go on the review list.
     */
    async merge(
      viewer: Viewer,
      receipts: readonly DeviceReceipt[],
      now = new Date(),
    ): Promise<{ merged: number; refused: number }> {
      const ownerId = ownerIdOf(viewer);
      if (!ownerId) throw new ServiceError(401, "请先登录", 600);
      let merged = 0;
      let refused = 0;
      for (const r of receipts) {
        if (!(await verified(r))) {
          refused++;
          continue;
        }
        const used = await db
          .insertInto("key_value")
          .values({ key: `ladder-receipt:${r.sig}`, value: ownerId, expires_at: null })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(used.numInsertedOrUpdatedRows ?? 0) !== 1) {
          refused++;
          continue;
        }
        const found = await findLevel(r.levelKey).catch(() => null);
        if (!found) {
          refused++;
          continue;
        }
        await recordProgress(ownerId, found.level, r, now);
        await reviews.addWrong(ownerId, r.wrong, "ladder", now);
        merged++;
      }
      return { merged, refused };
    },

    /**
     * A WeChat visitor bound an account (decision 18): the visitor's ladder practice becomes the
     * account's. Sessions, answers and review cards move (a question on both lists keeps the
     * account's card); a level both practised keeps the better record, its 积分 the ledger's
     * difference, so nothing is counted twice.
     */
    async moveOwner(fromId: string, toId: string, now = new Date()): Promise<void> {
      if (fromId === toId) return;
      await db
        .updateTable("learning_practice")
        .set({ owner_id: toId })
        .where("owner_id", "=", fromId)
        .execute();
      await db
        .updateTable("learning_answer")
        .set({ owner_id: toId })
        .where("owner_id", "=", fromId)
        .execute();
      const theirCards = new Set(
        (
          await db
            .selectFrom("review_card")
            .select("question_id")
            .where("owner_id", "=", toId)
            .execute()
        ).map((r) => r.question_id),
      );
      const mine = await db
        .selectFrom("review_card")
        .select("question_id")
        .where("owner_id", "=", fromId)
        .execute();
      for (const { question_id } of mine)
        if (theirCards.has(question_id))
          await db
            .deleteFrom("review_card")
            .where("owner_id", "=", fromId)
            .where("question_id", "=", question_id)
            .execute();
        else
          await db
            .updateTable("review_card")
            .set({ owner_id: toId })
            .where("owner_id", "=", fromId)
            .where("question_id", "=", question_id)
            .execute();
      const [from, to] = await Promise.all([progressRows(fromId), progressRows(toId)]);
      const levels = new Map((await levelsOf()).map((l) => [l.key, l]));
      for (const [key, row] of from) {
        if (!to.has(key)) {
          await db
            .updateTable("ladder_progress")
            .set({ owner_id: toId })
            .where("owner_id", "=", fromId)
            .where("level_key", "=", key)
            .execute();
          await db
            .updateTable("ladder_points")
            .set({ owner_id: toId })
            .where("owner_id", "=", fromId)
            .where("level_key", "=", key)
            .execute();
          continue;
        }
        await db
          .deleteFrom("ladder_points")
          .where("owner_id", "=", fromId)
          .where("level_key", "=", key)
          .execute();
        await db
          .deleteFrom("ladder_progress")
          .where("owner_id", "=", fromId)
          .where("level_key", "=", key)
          .execute();
        const level = levels.get(key);
        if (level)
          await recordProgress(
            toId,
            level,
            {
              correct: row.best_correct,
              total: row.best_total,
              at: row.best_at,
              attempts: row.attempts,
            },
            now,
          );
      }
    },

    /** The reader's 积分: per level, the ledger newest first, this week's and today's sums. */
    async points(viewer: Viewer, now = new Date()): Promise<PointsView> {
      const ownerId = ownerIdOf(viewer);
      if (!ownerId) throw new ServiceError(401, "请先登录再看积分", 600);
      const [entries, progress, levels, all] = await Promise.all([
        db
          .selectFrom("ladder_points")
          .select(["id", "level_key", "points", "reason", "day", "created_at"])
          .where("owner_id", "=", ownerId)
          .orderBy("created_at", "desc")
          .limit(200)
          .execute(),
        progressRows(ownerId),
        levelsOf(),
        ladders(),
      ]);
      const levelBy = new Map(levels.map((l) => [l.key, l]));
      const ladderTitle = new Map(all.map((l) => [l.key, l.title]));
      const today = studyDay(now);
      // The week of the study day: Monday to Sunday in China.
      const d = new Date(`${today}T00:00:00Z`);
      const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86400_000)
        .toISOString()
        .slice(0, 10);
      const sum = (list: { points: number }[]) => list.reduce((n, e) => n + e.points, 0);
      return {
        total: sum([...progress.values()]),
        week: sum(entries.filter((e) => e.day >= monday)),
        today: sum(entries.filter((e) => e.day === today)),
        levels: [...progress.values()]
          .flatMap((p) => {
            const level = levelBy.get(p.level_key);
            if (!level) return [];
            return [
              {
                ladderKey: level.ladderKey,
                levelKey: level.key,
                levelId: level.id,
                levelTitle: level.title,
                ladderTitle: ladderTitle.get(level.ladderKey) ?? "",
                points: p.points,
                stars: starsOf(p.best_correct, p.best_total),
                passed: p.passed === 1,
              },
            ];
          })
          .sort((a, b) => b.points - a.points),
        entries: entries.map((e) => ({
          id: e.id,
          levelKey: e.level_key,
          levelTitle: levelBy.get(e.level_key)?.title ?? e.level_key,
          ladderTitle: ladderTitle.get(levelBy.get(e.level_key)?.ladderKey ?? "") ?? "",
          points: e.points,
          reason: e.reason === "pass" ? ("pass" as const) : ("score" as const),
          day: e.day,
          at: e.created_at,
        })),
      };
    },
  };
  return service;
}

export type LadderService = ReturnType<typeof createLadderService>;
