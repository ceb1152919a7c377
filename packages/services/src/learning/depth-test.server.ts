import { createHash } from "node:crypto";
import type {
  ExamState,
  GradeHome,
  GradeList,
  Pretest,
  ReportAxis,
  TagInfo,
  TestReport,
  TestSummary,
} from "@tongjian/contracts/depth-test";
import type { AnswerItem, MarkedQuestion } from "@tongjian/contracts/learning";
import type { Database, DepthTestTable } from "@tongjian/db/database-schema";
import {
  type Candidate,
  estimateAbility,
  examPath,
  expectedScore,
  itemDifficulty,
  levelOf,
  neighbourGrades,
  pCorrect,
  percentileOf,
  pickNext,
  reportPath,
  TEST_LENGTH,
  TEST_MINUTES,
  TEST_STUDY_KIND,
  TEST_TAG_LABEL,
  TEST_TAGS,
  type TestTag,
} from "@tongjian/domain/depth-test";
import {
  ERA_LABEL,
  type Era,
  GRADE_LABEL,
  GRADES,
  type Grade,
  isCorrectAnswer,
  THEME_LABEL,
  type Theme,
} from "@tongjian/domain/learning";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation, newId } from "../accounts/account-repository.ts";
import { ForbiddenError, requireUser } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import { depthTestCardPng } from "./depth-test-card.server.ts";
import type { BankQuestion, QuestionBank } from "./question-bank.server.ts";
import type { StudyActivity } from "./study-activity.server.ts";

/**
 * The depth test and the AI test (issue 20, decision 28): a test is assembled on the server one
 * question at a time (the next question follows the Rasch ability estimate of the answers so
 * far), every answer is saved and marked on the server when it is given, and the page never
 * sees an answer before the test is submitted. Submitting finishes a test once: the status
 * changes only from open, in the same transaction as the last answers, so a second submit is
 * refused and nothing is counted twice.
 */

type TestRow = Selectable<DepthTestTable>;

export const TEST_NOT_FOUND = "测评不存在";
export const NOT_YOUR_TEST = "这不是你的测评";
export const ALREADY_SUBMITTED = "这份测评已经交卷，不能重复提交";
export const NOT_IN_TEST = "这道题不在本次测评中";
export const ALREADY_ANSWERED = "这道题已经作答，不能修改";
export const NOTHING_ANSWERED = "还没有作答，至少回答一道题再交卷";
export const NO_QUESTIONS = "这个年级的题库还在准备中";
export const timeUpMessage = (tag: TestTag) =>
  `已超过 ${TEST_MINUTES[tag]} 分钟的作答时限，本次测评已按时限内保存的答案评分`;

const TAG_INTRO: Record<TestTag, string> = {
  depth:
    "按年级出题，题目难度随你的作答调整：答对了下一题更难，答错了更容易。交卷后给出得分、水平、各时代与主题的强弱和下一步该学的知识点。",
  ai: "短小的自适应测评，含名画与乐曲的看图、听音题。题目随作答调整难度，交卷后给出报告。",
};

interface StoredReport {
  theta: number;
  se: number;
  level: string;
  timedOut: boolean;
  eras: ReportAxis[];
  themes: ReportAxis[];
  strengths: string[];
  gaps: string[];
  studyNext: TestReport["studyNext"];
}

interface AnswerRow {
  question_id: string;
  position: number;
  chosen: string;
  correct: number;
}

/** A number in [0, 1) fixed by the test and the position: the same draw however often asked. */
function seededRandom(testId: string, position: number): () => number {
  const hash = createHash("sha256").update(`${testId}:${position}`).digest();
  return () => hash.readUInt32BE(0) / 2 ** 32;
}

const candidateOf = (q: BankQuestion): Candidate => ({
  id: q.id,
  difficulty: q.difficulty,
  era: q.era,
  theme: q.theme,
  pointKey: q.pointKey,
  hasMedia: q.media !== null,
});

export function createDepthTests(deps: {
  db: Kysely<Database>;
  questionBank: QuestionBank;
  studyActivity: StudyActivity;
  /** The review list: questions answered wrong are scheduled again (services/learning/reviews). */
  reviews?: {
    addWrong(ownerId: string, questionIds: readonly string[], source: string): Promise<number>;
  };
  now?: () => Date;
}) {
  const { db, questionBank: bank } = deps;
  const now = deps.now ?? (() => new Date());

  /** The questions a grade's test draws from: its own, and its neighbours' when too few. */
  async function poolOf(grade: Grade, tag: TestTag): Promise<BankQuestion[]> {
    const own = await bank.questions({ grade });
    if (own.length >= TEST_LENGTH[tag]) return own;
    const more = await Promise.all(neighbourGrades(grade).map((g) => bank.questions({ grade: g })));
    return [...own, ...more.flat()];
  }

  const tagInfo = (tag: TestTag, poolSize: number): TagInfo => ({
    tag,
    label: TEST_TAG_LABEL[tag],
    length: Math.min(TEST_LENGTH[tag], poolSize),
    minutes: TEST_MINUTES[tag],
    intro: TAG_INTRO[tag],
  });

  function summaryOf(row: TestRow): TestSummary {
    const tag = row.tag as TestTag;
    const grade = row.grade as Grade;
    const report = row.report ? parseJson<StoredReport | null>(row.report, null) : null;
    return {
      testId: row.id,
      grade,
      gradeLabel: GRADE_LABEL[grade],
      tag,
      tagLabel: TEST_TAG_LABEL[tag],
      status: row.status as TestSummary["status"],
      startedAt: row.started_at,
      deadlineAt: row.deadline_at,
      finishedAt: row.finished_at,
      answered: row.answered,
      length: row.length,
      score: row.score,
      level: report?.level ?? null,
      path: row.status === "open" ? examPath(tag, row.id) : reportPath(tag, row.id),
    };
  }

  async function answersOf(testId: string, trx: Kysely<Database> = db): Promise<AnswerRow[]> {
    return trx
      .selectFrom("depth_test_answer")
      .select(["question_id", "position", "chosen", "correct"])
      .where("test_id", "=", testId)
      .orderBy("position")
      .execute();
  }

  async function findTest(testId: string): Promise<TestRow | undefined> {
    return db.selectFrom("depth_test").selectAll().where("id", "=", testId).executeTakeFirst();
  }

  /** The reader's own test: 404 for an unknown id, 403 for another reader's. */
  async function ownTest(viewer: Viewer, testId: string): Promise<TestRow> {
    const user = requireUser(viewer, "登录后才能参加测评");
    const row = await findTest(testId);
    if (!row) throw new NotFoundError(TEST_NOT_FOUND);
    if (row.owner_id !== user.userId) throw new ForbiddenError(NOT_YOUR_TEST);
    return closeIfOverdue(row);
  }

  const overdue = (row: TestRow) =>
    row.status === "open" && now().getTime() > Date.parse(row.deadline_at);

  /** A test past its time limit is finished with the answers saved in time. */
  async function closeIfOverdue(row: TestRow): Promise<TestRow> {
    if (!overdue(row)) return row;
    await finish(row, [], "expired").catch((error) => {
      // Another call closed it first: read what it wrote.
      if (!(error instanceof ServiceError && error.status === 409)) throw error;
    });
    return (await findTest(row.id)) ?? row;
  }

  async function closeOverdueOf(ownerId: string) {
    const open = await db
      .selectFrom("depth_test")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("status", "=", "open")
      .execute();
    for (const row of open) await closeIfOverdue(row);
  }

  async function examStateOf(row: TestRow): Promise<ExamState> {
    const tag = row.tag as TestTag;
    const grade = row.grade as Grade;
    const items = parseJson<string[]>(row.items, []);
    const answers = await answersOf(row.id);
    const answered = new Set(answers.map((a) => a.question_id));
    const currentId = items.find((qid) => !answered.has(qid)) ?? null;
    let question: ExamState["question"] = null;
    let preload: string[] = [];
    if (row.status === "open" && currentId) {
      const current = await bank.byIds([currentId]);
      const q = current[0];
      if (q) {
        question = { ...(await bank.toPublic(q)), selectedOption: [] };
        preload = await preloadFor(row, items, answers, q);
      }
    }
    return {
      testId: row.id,
      grade,
      gradeLabel: GRADE_LABEL[grade],
      tag,
      tagLabel: TEST_TAG_LABEL[tag],
      status: row.status as ExamState["status"],
      position: Math.min(row.length, answers.length + 1),
      length: row.length,
      answered: answers.length,
      startedAt: row.started_at,
      deadlineAt: row.deadline_at,
      remainingSeconds: Math.max(
        0,
        Math.floor((Date.parse(row.deadline_at) - now().getTime()) / 1000),
      ),
      question,
      preload,
    };
  }

  /**
   * The media of the two questions that can follow the current one (after a right or a wrong
   * answer), unlabelled, so the page can load them ahead without learning which is which.
   */
  async function preloadFor(
    row: TestRow,
    items: string[],
    answers: AnswerRow[],
    current: BankQuestion,
  ): Promise<string[]> {
    if (answers.length + 1 >= row.length) return [];
    const pool = await poolOf(row.grade as Grade, row.tag as TestTag);
    const byId = new Map(pool.map((q) => [q.id, q]));
    const given = items.flatMap((qid) => {
      const q = byId.get(qid) ?? (qid === current.id ? current : undefined);
      return q ? [candidateOf(q)] : [];
    });
    const responses = answers.flatMap((a) => {
      const q = byId.get(a.question_id);
      return q ? [{ b: itemDifficulty(q.difficulty), correct: a.correct === 1 }] : [];
    });
    const urls = new Set<string>();
    for (const correct of [true, false]) {
      const { theta } = estimateAbility([
        ...responses,
        { b: itemDifficulty(current.difficulty), correct },
      ]);
      const next = pickNext(pool.map(candidateOf), given, theta, {
        tag: row.tag as TestTag,
        random: seededRandom(row.id, items.length),
      });
      const q = next ? byId.get(next.id) : undefined;
      if (q?.media) {
        const pub = await bank.toPublic(q);
        if (pub.media?.url) urls.add(pub.media.url);
      }
    }
    return [...urls];
  }

  /** Marks chosen options against a question, refusing a bad choice (400). */
  function checkChoice(q: BankQuestion, chosen: readonly number[]) {
    if (chosen.length === 0) throw new BadRequestError("请选择一个答案");
    if (chosen.some((i) => i >= q.options.length)) throw new BadRequestError("所选的选项不存在");
    if (q.type === "single" && chosen.length > 1) throw new BadRequestError("单选题只能选一个答案");
    return isCorrectAnswer(q.answer, chosen);
  }

  async function buildReport(
    row: TestRow,
    answers: AnswerRow[],
    timedOut: boolean,
  ): Promise<StoredReport & { score: number }> {
    const grade = row.grade as Grade;
    const questions = new Map(
      (await bank.byIds(answers.map((a) => a.question_id))).map((q) => [q.id, q]),
    );
    const marked = answers.flatMap((a) => {
      const q = questions.get(a.question_id);
      return q ? [{ q, correct: a.correct === 1 }] : [];
    });
    const responses = marked.map((m) => ({
      b: itemDifficulty(m.q.difficulty),
      correct: m.correct,
    }));
    const { theta, se } = estimateAbility(responses);
    const difficulties = (await poolOf(grade, row.tag as TestTag)).map((q) => q.difficulty);
    const score = expectedScore(theta, difficulties);

    const axes = <K extends string>(keyOf: (q: BankQuestion) => K, label: (k: K) => string) => {
      const groups = new Map<K, typeof marked>();
      for (const m of marked) groups.set(keyOf(m.q), [...(groups.get(keyOf(m.q)) ?? []), m]);
      return [...groups].map(([key, list]): ReportAxis => {
        const own = estimateAbility(
          list.map((m) => ({ b: itemDifficulty(m.q.difficulty), correct: m.correct })),
        );
        return {
          key,
          label: label(key),
          answered: list.length,
          correct: list.filter((m) => m.correct).length,
          mastery: expectedScore(own.theta, difficulties),
        };
      });
    };
    const eras = axes<Era>(
      (q) => q.era,
      (k) => ERA_LABEL[k],
    );
    const themes = axes<Theme>(
      (q) => q.theme,
      (k) => THEME_LABEL[k],
    );
    // Strengths and gaps: the axes where the reader did better or worse than their overall θ
    // predicts (observed right answers minus the expected number, at least half a question).
    const residual = new Map<string, number>();
    for (const m of marked) {
      const r = (m.correct ? 1 : 0) - pCorrect(theta, itemDifficulty(m.q.difficulty));
      for (const key of [m.q.era, m.q.theme]) residual.set(key, (residual.get(key) ?? 0) + r);
    }
    const all = [...eras, ...themes].map((a) => ({ ...a, residual: residual.get(a.key) ?? 0 }));
    const strengths = all
      .filter((a) => a.residual >= 0.5)
      .sort((x, y) => y.residual - x.residual)
      .slice(0, 3)
      .map((a) => a.label);
    const gapAxes = all.filter((a) => a.residual <= -0.5).sort((x, y) => x.residual - y.residual);
    const gaps = gapAxes.slice(0, 3).map((a) => a.label);

    // To study next: the points of the questions answered wrong, then the grade's points in the
    // weakest eras and themes, five at most.
    const next: { key: string; reason: string }[] = [];
    const add = (key: string, reason: string) => {
      if (next.length < 5 && !next.some((n) => n.key === key)) next.push({ key, reason });
    };
    for (const m of marked) if (!m.correct) add(m.q.pointKey, "本次答错");
    if (next.length < 5) {
      const points = await bank.points({ grade });
      for (const gap of gapAxes)
        for (const p of points)
          if (p.era === gap.key || p.theme === gap.key) add(p.key, `薄弱：${gap.label}`);
      const answeredPoints = new Set(marked.map((m) => m.q.pointKey));
      for (const p of points) if (!answeredPoints.has(p.key)) add(p.key, "本次未涉及");
      // Everything reached and right: consolidate, the least mastered axes first.
      for (const axis of [...all].sort((x, y) => x.mastery - y.mastery))
        for (const p of points)
          if (p.era === axis.key || p.theme === axis.key) add(p.key, `巩固：${axis.label}`);
    }
    const found = await bank.pointsByKeys(next.map((n) => n.key));
    const studyNext = next.flatMap((n) => {
      const p = found.find((x) => x.key === n.key);
      return p
        ? [
            {
              id: p.id,
              key: p.key,
              title: p.title,
              era: p.era,
              eraLabel: ERA_LABEL[p.era],
              theme: p.theme,
              themeLabel: THEME_LABEL[p.theme],
              reason: n.reason,
            },
          ]
        : [];
    });
    return {
      theta,
      se,
      level: levelOf(theta),
      timedOut,
      eras,
      themes,
      strengths,
      gaps,
      studyNext,
      score,
    };
  }

  /**
   * Finishes a test with its saved answers and `extra` ones: in one transaction that changes the
   * status only from open (409 when it is not), then records the study once.
   */
  async function finish(
    row: TestRow,
    extra: { questionId: string; chosen: number[]; correct: boolean }[],
    status: "finished" | "expired",
  ): Promise<void> {
    const at = now();
    const tag = row.tag as TestTag;
    const limit = TEST_MINUTES[tag] * 60;
    const seconds = Math.min(
      limit,
      Math.max(0, Math.round((at.getTime() - Date.parse(row.started_at)) / 1000)),
    );
    // The report is worked out before the transaction (the question bank reads the database
    // too, and SQLite has one connection); the transaction checks it saw every answer.
    const before = await answersOf(row.id);
    const chosenOf = (c: number[]) => JSON.stringify([...c].sort((x, y) => x - y));
    const answers: AnswerRow[] = [
      ...before,
      ...extra.map((a, i) => ({
        question_id: a.questionId,
        position: before.length + i + 1,
        chosen: chosenOf(a.chosen),
        correct: a.correct ? 1 : 0,
      })),
    ];
    const report =
      answers.length > 0 ? await buildReport(row, answers, status === "expired") : null;
    const correct = answers.filter((a) => a.correct === 1).length;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("depth_test")
        .set({ status, open_key: null, finished_at: at.toISOString(), seconds })
        .where("id", "=", row.id)
        .where("status", "=", "open")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new ServiceError(409, ALREADY_SUBMITTED);
      const current = await answersOf(row.id, trx);
      if (current.length !== before.length)
        throw new ServiceError(409, "答案正在保存，请稍后再交卷");
      for (const a of answers.slice(before.length))
        await trx
          .insertInto("depth_test_answer")
          .values({ test_id: row.id, ...a, answered_at: at.toISOString() })
          .execute();
      if (!report) return;
      const { score, ...stored } = report;
      await trx
        .updateTable("depth_test")
        .set({
          answered: answers.length,
          correct,
          score,
          theta_milli: Math.round(report.theta * 1000),
          report: JSON.stringify(stored),
        })
        .where("id", "=", row.id)
        .execute();
    });
    const result = { answered: answers.length, correct };
    const wrong = answers.filter((a) => a.correct !== 1).map((a) => a.question_id);
    if (wrong.length > 0) await deps.reviews?.addWrong(row.owner_id, wrong, TEST_STUDY_KIND[tag]);
    if (result.answered > 0)
      await deps.studyActivity.record(row.owner_id, {
        kind: TEST_STUDY_KIND[tag],
        ref: row.id,
        answered: result.answered,
        correct: result.correct,
        seconds,
        at,
      });
  }

  async function percentile(row: TestRow, theta: number) {
    const rows = await db
      .selectFrom("depth_test")
      .select(["owner_id", "theta_milli", "finished_at"])
      .where("grade", "=", row.grade)
      .where("tag", "=", row.tag)
      .where("theta_milli", "is not", null)
      .where("owner_id", "!=", row.owner_id)
      .orderBy("finished_at")
      .execute();
    // Each other reader counts once, with their latest result.
    const latest = new Map<string, number>();
    for (const r of rows) latest.set(r.owner_id, (r.theta_milli ?? 0) / 1000);
    const others = [...latest.values()];
    return { percentile: percentileOf(theta, others), compared: others.length };
  }

  async function reportOf(row: TestRow): Promise<TestReport> {
    if (row.status === "open") throw new ServiceError(409, "这份测评还没有交卷");
    const stored = row.report ? parseJson<StoredReport | null>(row.report, null) : null;
    if (!stored || row.score === null)
      throw new NotFoundError("这份测评在时限内没有作答，没有报告");
    const grade = row.grade as Grade;
    const tag = row.tag as TestTag;
    const answers = await answersOf(row.id);
    const questions = new Map(
      (await bank.byIds(answers.map((a) => a.question_id))).map((q) => [q.id, q]),
    );
    const titles = new Map(
      (await bank.pointsByKeys([...questions.values()].map((q) => q.pointKey))).map((p) => [
        p.key,
        p.title,
      ]),
    );
    const marked: MarkedQuestion[] = [];
    for (const a of answers) {
      const q = questions.get(a.question_id);
      if (q)
        marked.push(await bank.mark(q, parseJson<number[]>(a.chosen, []), titles.get(q.pointKey)));
    }
    return {
      testId: row.id,
      grade,
      gradeLabel: GRADE_LABEL[grade],
      tag,
      tagLabel: TEST_TAG_LABEL[tag],
      status: row.status as TestReport["status"],
      startedAt: row.started_at,
      finishedAt: row.finished_at ?? row.deadline_at,
      seconds: row.seconds,
      timedOut: stored.timedOut,
      length: row.length,
      answered: row.answered,
      correct: row.correct,
      score: row.score,
      level: stored.level,
      theta: stored.theta,
      se: stored.se,
      ...(await percentile(row, stored.theta)),
      eras: stored.eras,
      themes: stored.themes,
      strengths: stored.strengths,
      gaps: stored.gaps,
      studyNext: stored.studyNext,
      questions: marked,
      cardUrl: `/media/depthtest/${row.id}.png`,
    };
  }

  async function openTest(ownerId: string, grade: Grade, tag: TestTag) {
    return db
      .selectFrom("depth_test")
      .selectAll()
      .where("open_key", "=", `${ownerId}:${grade}:${tag}`)
      .executeTakeFirst();
  }

  async function testsOf(ownerId: string, filter: { grade?: Grade } = {}): Promise<TestRow[]> {
    let q = db.selectFrom("depth_test").selectAll().where("owner_id", "=", ownerId);
    if (filter.grade) q = q.where("grade", "=", filter.grade);
    return q.orderBy("started_at", "desc").orderBy("id").execute();
  }

  const service = {
    /** GET test/listGrade: the grades with their bank sizes, and the kinds of test. */
    async listGrade(): Promise<GradeList> {
      const counts = await db
        .selectFrom("learning_question")
        .select(["grade", (eb) => eb.fn.countAll<number | string>().as("n")])
        .groupBy("grade")
        .execute();
      const count = (g: Grade) => Number(counts.find((c) => c.grade === g)?.n ?? 0);
      const total = counts.reduce((s, c) => s + Number(c.n), 0);
      return {
        grades: GRADES.map((g) => ({ grade: g, label: GRADE_LABEL[g], questionCount: count(g) })),
        tags: TEST_TAGS.map((t) => tagInfo(t, total)),
      };
    },

    /** GET test/home?grade: a grade's tests and the reader's unfinished and latest ones. */
    async home(viewer: Viewer, grade: Grade): Promise<GradeHome> {
      const pools = await Promise.all(TEST_TAGS.map((t) => poolOf(grade, t)));
      const own = await bank.questions({ grade });
      let tests: TestRow[] = [];
      if (viewer.kind === "user") {
        await closeOverdueOf(viewer.userId);
        tests = await testsOf(viewer.userId, { grade });
      }
      return {
        grade,
        gradeLabel: GRADE_LABEL[grade],
        questionCount: own.length,
        tags: TEST_TAGS.map((t, i) => tagInfo(t, pools[i]?.length ?? 0)),
        signedIn: viewer.kind === "user",
        unfinished: tests.filter((t) => t.status === "open").map(summaryOf),
        recent: tests
          .filter((t) => t.status !== "open" && t.score !== null)
          .slice(0, 5)
          .map(summaryOf),
      };
    },

    /** POST test/pretest: what a test of a grade and kind is, before it is started. */
    async pretest(viewer: Viewer, grade: Grade, tag: TestTag): Promise<Pretest> {
      const pool = await poolOf(grade, tag);
      let unfinished: TestSummary | null = null;
      if (viewer.kind === "user") {
        await closeOverdueOf(viewer.userId);
        const open = await openTest(viewer.userId, grade, tag);
        unfinished = open ? summaryOf(open) : null;
      }
      const info = tagInfo(tag, pool.length);
      return {
        grade,
        gradeLabel: GRADE_LABEL[grade],
        tag,
        tagLabel: info.label,
        intro: info.intro,
        length: info.length,
        minutes: info.minutes,
        questionCount: pool.length,
        available: pool.length > 0,
        signedIn: viewer.kind === "user",
        unfinished,
      };
    },

    /**
     * POST test/create: starts a test, or gives back the reader's unfinished one of the same
     * grade and kind (one open test each; a start never throws answers away).
     */
    async create(viewer: Viewer, grade: Grade, tag: TestTag): Promise<ExamState> {
      const user = requireUser(viewer, "登录后才能参加测评");
      await closeOverdueOf(user.userId);
      const existing = await openTest(user.userId, grade, tag);
      if (existing) return examStateOf(existing);
      const pool = await poolOf(grade, tag);
      if (pool.length === 0) throw new ServiceError(409, NO_QUESTIONS);
      const testId = newId();
      const first = pickNext(pool.map(candidateOf), [], 0, {
        tag,
        random: seededRandom(testId, 0),
      });
      const at = now();
      try {
        await db
          .insertInto("depth_test")
          .values({
            id: testId,
            owner_id: user.userId,
            grade,
            tag,
            status: "open",
            open_key: `${user.userId}:${grade}:${tag}`,
            length: Math.min(TEST_LENGTH[tag], pool.length),
            items: JSON.stringify(first ? [first.id] : []),
            started_at: at.toISOString(),
            deadline_at: new Date(at.getTime() + TEST_MINUTES[tag] * 60_000).toISOString(),
          })
          .execute();
      } catch (error) {
        // Two starts at once: the other one made the test.
        if (!isUniqueViolation(error)) throw error;
        const raced = await openTest(user.userId, grade, tag);
        if (raced) return examStateOf(raced);
        throw error;
      }
      const row = await findTest(testId);
      if (!row) throw new NotFoundError(TEST_NOT_FOUND);
      return examStateOf(row);
    },

    /** POST test/get: the reader's unfinished test of a grade and kind, or null. */
    async get(viewer: Viewer, grade: Grade, tag: TestTag): Promise<ExamState | null> {
      const user = requireUser(viewer, "登录后才能参加测评");
      await closeOverdueOf(user.userId);
      const open = await openTest(user.userId, grade, tag);
      return open ? examStateOf(open) : null;
    },

    /** One test's exam state (the exam page); any status, the reader's own only. */
    async exam(viewer: Viewer, testId: string): Promise<ExamState> {
      return examStateOf(await ownTest(viewer, testId));
    },

    /**
     * POST test/answer: saves and marks the answer to the current question and serves the next
     * one, chosen by the ability estimated from every answer so far. The answer's correctness
     * stays on the server until the test is submitted.
     */
    async answer(viewer: Viewer, body: AnswerItem & { testId: string }): Promise<ExamState> {
      const row = await ownTest(viewer, body.testId);
      const tag = row.tag as TestTag;
      if (row.status === "expired") throw new ServiceError(409, timeUpMessage(tag));
      if (row.status !== "open") throw new ServiceError(409, ALREADY_SUBMITTED);
      const items = parseJson<string[]>(row.items, []);
      if (!items.includes(body.questionId)) throw new BadRequestError(NOT_IN_TEST);
      const answers = await answersOf(row.id);
      if (answers.some((a) => a.question_id === body.questionId))
        throw new ServiceError(409, ALREADY_ANSWERED);
      const q = await bank.question(body.questionId).catch(() => {
        throw new BadRequestError(NOT_IN_TEST);
      });
      const correct = checkChoice(q, body.chosen);
      try {
        await db
          .insertInto("depth_test_answer")
          .values({
            test_id: row.id,
            question_id: q.id,
            position: answers.length + 1,
            chosen: JSON.stringify([...body.chosen].sort((x, y) => x - y)),
            correct: correct ? 1 : 0,
            answered_at: now().toISOString(),
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new ServiceError(409, ALREADY_ANSWERED);
        throw error;
      }
      const all = [
        ...answers,
        { question_id: q.id, position: 0, chosen: "", correct: correct ? 1 : 0 },
      ];
      if (all.length < row.length && items.length === all.length) {
        const pool = await poolOf(row.grade as Grade, tag);
        const byId = new Map(pool.map((x) => [x.id, x]));
        byId.set(q.id, q);
        const responses = all.flatMap((a) => {
          const x = byId.get(a.question_id);
          return x ? [{ b: itemDifficulty(x.difficulty), correct: a.correct === 1 }] : [];
        });
        const { theta } = estimateAbility(responses);
        const given = items.flatMap((qid) => {
          const x = byId.get(qid);
          return x ? [candidateOf(x)] : [];
        });
        const next = pickNext(pool.map(candidateOf), given, theta, {
          tag,
          random: seededRandom(row.id, items.length),
        });
        if (next) {
          await db
            .updateTable("depth_test")
            .set({ items: JSON.stringify([...items, next.id]), answered: all.length })
            .where("id", "=", row.id)
            .where("items", "=", row.items)
            .execute();
        } else {
          // The bank ran out: the test is as long as what was given.
          await db
            .updateTable("depth_test")
            .set({ length: all.length, answered: all.length })
            .where("id", "=", row.id)
            .execute();
        }
      } else {
        await db
          .updateTable("depth_test")
          .set({ answered: all.length })
          .where("id", "=", row.id)
          .execute();
      }
      return examStateOf((await findTest(row.id)) ?? row);
    },

    /**
     * POST test/submit: finishes the test with the answers saved so far and those in `qaList`
     * (only questions served in this test, each once). A second submit, a submit after the time
     * limit, another reader's test or an unknown one is refused and changes nothing.
     */
    async submit(
      viewer: Viewer,
      body: { testId: string; qaList: AnswerItem[] },
    ): Promise<TestReport> {
      const row = await ownTest(viewer, body.testId);
      const tag = row.tag as TestTag;
      if (row.status === "expired") throw new ServiceError(409, timeUpMessage(tag));
      if (row.status !== "open") throw new ServiceError(409, ALREADY_SUBMITTED);
      const items = parseJson<string[]>(row.items, []);
      const answers = await answersOf(row.id);
      const saved = new Map(answers.map((a) => [a.question_id, a.chosen]));
      const seen = new Set<string>();
      const extra: { questionId: string; chosen: number[]; correct: boolean }[] = [];
      const questions = new Map(
        (await bank.byIds(body.qaList.map((a) => a.questionId))).map((q) => [q.id, q]),
      );
      for (const a of body.qaList) {
        if (!items.includes(a.questionId)) throw new BadRequestError(NOT_IN_TEST);
        if (seen.has(a.questionId)) throw new BadRequestError("同一道题只能作答一次");
        seen.add(a.questionId);
        const q = questions.get(a.questionId);
        if (!q) throw new BadRequestError(NOT_IN_TEST);
        const correct = checkChoice(q, a.chosen);
        const before = saved.get(a.questionId);
        if (before !== undefined) {
          const same = JSON.stringify([...a.chosen].sort((x, y) => x - y)) === before;
          if (!same) throw new ServiceError(409, ALREADY_ANSWERED);
          continue;
        }
        extra.push({ questionId: a.questionId, chosen: a.chosen, correct });
      }
      if (answers.length + extra.length === 0) throw new BadRequestError(NOTHING_ANSWERED);
      await finish(row, extra, "finished");
      const done = await findTest(row.id);
      if (!done) throw new NotFoundError(TEST_NOT_FOUND);
      return reportOf(done);
    },

    /** GET test/report: a finished test's report, the reader's own only. */
    async report(viewer: Viewer, testId: string): Promise<TestReport> {
      return reportOf(await ownTest(viewer, testId));
    },

    /** The reader's latest report (of a kind, or any), or null. */
    async latestReport(viewer: Viewer, tag?: TestTag): Promise<TestReport | null> {
      const user = requireUser(viewer, "登录后查看测评报告");
      await closeOverdueOf(user.userId);
      const rows = await testsOf(user.userId);
      const row = rows
        .filter((r) => r.status !== "open" && r.score !== null && (!tag || r.tag === tag))
        .sort((a, b) => (b.finished_at ?? "").localeCompare(a.finished_at ?? ""))[0];
      return row ? reportOf(row) : null;
    },

    /** GET test/mine: the reader's tests, newest first (unfinished ones included). */
    async mine(viewer: Viewer): Promise<TestSummary[]> {
      const user = requireUser(viewer, "登录后查看测评记录");
      await closeOverdueOf(user.userId);
      return (await testsOf(user.userId)).map(summaryOf);
    },

    /** The share card of a finished test: a PNG drawn on the server. */
    async card(testId: string): Promise<Buffer> {
      const row = await findTest(testId);
      if (!row || row.score === null) throw new NotFoundError("测评报告不存在");
      const stored = parseJson<StoredReport | null>(row.report ?? "", null);
      if (!stored) throw new NotFoundError("测评报告不存在");
      const { percentile: p } = await percentile(row, stored.theta);
      return depthTestCardPng({
        tagLabel: TEST_TAG_LABEL[row.tag as TestTag],
        gradeLabel: GRADE_LABEL[row.grade as Grade],
        score: row.score,
        level: stored.level,
        percentile: p,
        strengths: stored.strengths,
        gaps: stored.gaps,
        answered: row.answered,
        correct: row.correct,
      });
    },
  };
  return service;
}

export type DepthTests = ReturnType<typeof createDepthTests>;
