import { randomInt } from "node:crypto";
import type { AnswerItem, MarkedQuestion } from "@tongjian/contracts/learning";
import type {
  BindInfo,
  BreakdownRow,
  CardLedger,
  ClockinMonth,
  LadderRecord,
  LearnerSummary,
  MockPaper,
  MockResult,
  MockView,
  Reminder,
  SeriesPoint,
  StudyDayDetail,
  StudyOverview,
  StudyPlan,
  StudySeries,
  StudyStatistics,
  Sums,
  SurveyView,
} from "@tongjian/contracts/study-records";
import type { Database } from "@tongjian/db/database-schema";
import {
  ERA_LABEL,
  type Era,
  type Grade,
  studyDay,
  THEME_LABEL,
  type Theme,
} from "@tongjian/domain/learning";
import {
  addDays,
  addMonths,
  BIND_CODE_HOURS,
  BIND_GUARDIANS_MAX,
  BIND_LEARNERS_MAX,
  calendarMarks,
  chinaTime,
  earnsStreakCard,
  fixedPaper,
  MOCK_MINUTES,
  monthOf,
  REISSUE_RULE,
  REISSUE_WINDOW_DAYS,
  REMINDERS_MAX,
  type ReminderSchedule,
  reissueProblem,
  reminderDue,
  streaksOf,
  WELCOME_CARDS,
  weekStart,
} from "@tongjian/domain/study-records";
import { type SurveyAnswers, surveyAnswerProblem, surveyOf } from "@tongjian/domain/surveys";
import type { UserViewer, Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { QuestionBank } from "./question-bank.server.ts";
import type { StudyActivity, StudyKind } from "./study-activity.server.ts";

/**
 * Study records, plans, reminders, the daily check-in with its reissue cards, study binding,
 * surveys and the mock test (issue 20, decision 32). Records are sums over `learning_activity`;
 * every "today" is the China day of the server's clock (`now`, which tests pass in).
 */

export const KIND_LABEL: Record<StudyKind, string> = {
  depthtest: "深度测评",
  aitest: "AI 测评",
  ladder: "天梯",
  practice: "练习",
  review: "错题复习",
  challenge: "挑战赛",
  knowledgepoint: "知识点",
  reading: "阅读",
};

const RELATION_LABEL = { parent: "家长", teacher: "老师" } as const;
type Relation = keyof typeof RELATION_LABEL;

const zero = (): Sums => ({ seconds: 0, answered: 0, correct: 0, stretches: 0 });
const BIND_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

type ActivityRow = {
  day: string;
  kind: string;
  ref: string;
  answered: number;
  correct: number;
  seconds: number;
};

function add(into: Sums, row: Pick<ActivityRow, "answered" | "correct" | "seconds">) {
  into.seconds += row.seconds;
  into.answered += row.answered;
  into.correct += row.correct;
  into.stretches += 1;
}

export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = "ConflictError";
  }
}

export function createStudyRecords(deps: {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  questionBank: QuestionBank;
  studyActivity: StudyActivity;
  /** The review list: questions answered wrong are scheduled again (services/learning/reviews). */
  reviews?: {
    addWrong(ownerId: string, questionIds: readonly string[], source: string): Promise<number>;
  };
  /** The server's clock; tests pass their own. */
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  async function activity(ownerId: string, from?: string): Promise<ActivityRow[]> {
    let q = db
      .selectFrom("learning_activity")
      .select(["day", "kind", "ref", "answered", "correct", "seconds"])
      .where("owner_id", "=", ownerId);
    if (from) q = q.where("day", ">=", from);
    return q.execute();
  }

  async function clockins(ownerId: string) {
    return db
      .selectFrom("study_clockin")
      .select(["day", "kind"])
      .where("owner_id", "=", ownerId)
      .execute();
  }

  async function balance(ownerId: string, trx: Kysely<Database> = db): Promise<number> {
    const row = await trx
      .selectFrom("study_card")
      .select((eb) => eb.fn.sum<number | string | null>("delta").as("total"))
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** Grants one card once per key; false when the key was used before. */
  async function grant(
    ownerId: string,
    cause: string,
    uniqueKey: string,
    trx: Kysely<Database> = db,
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto("study_card")
      .values({
        id: newId(),
        owner_id: ownerId,
        delta: 1,
        cause,
        unique_key: `grant:${uniqueKey}`,
        day: null,
        created_at: clock().toISOString(),
      })
      .onConflict((oc) => oc.column("unique_key").doNothing())
      .returning("id")
      .execute();
    return inserted.length > 0;
  }

  const welcome = (ownerId: string) =>
    grant(ownerId, `新人礼：${WELCOME_CARDS} 张补签卡`, `welcome:${ownerId}`);

  async function overviewOf(ownerId: string): Promise<StudyOverview> {
    const now = clock();
    const today = studyDay(now);
    const rows = await activity(ownerId);
    const clocks = await clockins(ownerId);
    const week = weekStart(today);
    const todaySums = zero();
    const weekSums = zero();
    const totals = { ...zero(), days: 0 };
    const byDay = new Map<string, Sums>();
    for (const r of rows) {
      add(totals, r);
      if (r.day === today) add(todaySums, r);
      if (r.day >= week && r.day <= today) add(weekSums, r);
      const d = byDay.get(r.day) ?? zero();
      add(d, r);
      byDay.set(r.day, d);
    }
    totals.days = byDay.size;
    const studyDays = new Set([...byDay.keys(), ...clocks.map((c) => c.day)]);
    const recentDays = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(today, i - 6);
      return { day, ...(byDay.get(day) ?? zero()) };
    });
    return {
      today,
      todaySums,
      weekSums,
      totals,
      streaks: streaksOf(studyDays, today),
      checkedToday: clocks.some((c) => c.day === today),
      recentDays,
    };
  }

  function toReminder(r: {
    id: string;
    time: string;
    weekdays: string;
    enabled: number;
  }): Reminder {
    return {
      id: r.id,
      time: r.time,
      weekdays: [...r.weekdays].map(Number),
      enabled: r.enabled === 1,
    };
  }

  async function reminderRow(userId: string, id: string) {
    const row = await db
      .selectFrom("study_reminder")
      .selectAll()
      .where("id", "=", id)
      .where("owner_id", "=", userId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("提醒不存在");
    return row;
  }

  async function levelsDone(ownerId: string) {
    const rows = await db
      .selectFrom("learning_activity")
      .select(["ref", "day"])
      .where("owner_id", "=", ownerId)
      .where("kind", "=", "ladder")
      .execute();
    return rows;
  }

  async function allLevels() {
    const rows = await db
      .selectFrom("learning_level as l")
      .innerJoin("learning_ladder as d", "d.key", "l.ladder_key")
      .select([
        "l.key as key",
        "l.title as title",
        "l.position as position",
        "d.key as ladderKey",
        "d.title as ladderTitle",
        "d.sort_key as ladderSort",
      ])
      .orderBy("d.sort_key")
      .orderBy("d.key")
      .orderBy("l.position")
      .execute();
    return rows.map((r) => ({
      key: r.key,
      title: r.title,
      position: r.position,
      ladderKey: r.ladderKey,
      ladderTitle: r.ladderTitle,
    }));
  }

  async function mockRow(userId: string, id: string) {
    const row = await db
      .selectFrom("study_mock")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    // Another reader's paper is as unknown as a forged id.
    if (!row || row.owner_id !== userId) throw new NotFoundError("试卷不存在");
    return row;
  }

  async function paperOf(row: {
    id: string;
    grade: string;
    created_at: string;
    submitted_at: string | null;
    question_ids: string;
  }): Promise<MockPaper> {
    const ids = parseJson<string[]>(row.question_ids, []);
    const questions = await deps.questionBank.byIds(ids);
    return {
      id: row.id,
      grade: row.grade as Grade,
      createdAt: row.created_at,
      submitted: row.submitted_at !== null,
      questions: await Promise.all(questions.map((q) => deps.questionBank.toPublic(q))),
    };
  }

  function resultOf(row: {
    id: string;
    grade: string;
    submitted_at: string | null;
    score: number | null;
    result: string | null;
  }): MockResult | null {
    if (!row.submitted_at || row.result === null) return null;
    const data = parseJson<{ seconds: number; total: number; questions: MarkedQuestion[] }>(
      row.result,
      { seconds: 0, total: 0, questions: [] },
    );
    return {
      id: row.id,
      grade: row.grade as Grade,
      submittedAt: row.submitted_at,
      score: row.score ?? 0,
      total: data.total,
      correct: data.questions.filter((q) => q.correct).length,
      seconds: data.seconds,
      questions: data.questions,
    };
  }

  async function accountName(id: string): Promise<string | null> {
    const row = await db
      .selectFrom("account")
      .select(["name", "phone"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    return row.name || (row.phone ? `读者${row.phone.slice(-4)}` : "读者");
  }

  async function lockAccount(trx: Transaction<Database>, userId: string) {
    // PostgreSQL: one card use at a time per reader; SQLite writes one transaction at a time.
    if (deps.dialect === "postgres")
      await trx.selectFrom("account").select("id").where("id", "=", userId).forUpdate().execute();
  }

  const service = {
    /** Today, this week, streaks and totals. */
    async overview(viewer: UserViewer): Promise<StudyOverview> {
      return overviewOf(viewer.userId);
    },

    /** Per day (last 30), per week (last 12, from Monday) and per month (last 6). */
    async series(viewer: UserViewer): Promise<StudySeries> {
      const today = studyDay(clock());
      const firstMonth = addMonths(monthOf(today), -5);
      const firstWeek = addDays(weekStart(today), -7 * 11);
      const from = [`${firstMonth}-01`, firstWeek, addDays(today, -29)].sort()[0] as string;
      const rows = await activity(viewer.userId, from);
      const days = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
      const weeks = Array.from({ length: 12 }, (_, i) => addDays(firstWeek, 7 * i));
      const months = Array.from({ length: 6 }, (_, i) => addMonths(firstMonth, i));
      const dayMap = new Map(days.map((d) => [d, zero()]));
      const weekMap = new Map(weeks.map((d) => [d, zero()]));
      const monthMap = new Map(months.map((d) => [d, zero()]));
      for (const r of rows) {
        const d = dayMap.get(r.day);
        if (d) add(d, r);
        const w = weekMap.get(weekStart(r.day));
        if (w) add(w, r);
        const m = monthMap.get(monthOf(r.day));
        if (m) add(m, r);
      }
      const list = (map: Map<string, Sums>): SeriesPoint[] =>
        [...map].map(([label, s]) => ({ label, ...s }));
      return { days: list(dayMap), weeks: list(weekMap), months: list(monthMap) };
    },

    /**
     * By kind from every stretch; by era and theme from the questions marked one by one, which
     * only the mock tests keep here (other stretches record counts, not questions).
     */
    async statistics(viewer: UserViewer): Promise<StudyStatistics> {
      const rows = await activity(viewer.userId);
      const kinds = new Map<string, BreakdownRow>();
      for (const r of rows) {
        const k = kinds.get(r.kind) ?? {
          key: r.kind,
          label: KIND_LABEL[r.kind as StudyKind] ?? r.kind,
          ...zero(),
        };
        add(k, r);
        kinds.set(r.kind, k);
      }
      const mocks = await db
        .selectFrom("study_mock")
        .select("result")
        .where("owner_id", "=", viewer.userId)
        .where("submitted_at", "is not", null)
        .execute();
      const eras = new Map<string, BreakdownRow>();
      const themes = new Map<string, BreakdownRow>();
      let questionLevelAnswered = 0;
      for (const m of mocks) {
        const data = parseJson<{ questions: MarkedQuestion[] }>(m.result ?? "", { questions: [] });
        for (const q of data.questions) {
          if (q.chosen.length === 0) continue;
          questionLevelAnswered++;
          for (const [map, key, label] of [
            [eras, q.era, ERA_LABEL[q.era as Era]],
            [themes, q.theme, THEME_LABEL[q.theme as Theme]],
          ] as const) {
            const row = map.get(key) ?? { key, label: label ?? key, ...zero() };
            add(row, { answered: 1, correct: q.correct ? 1 : 0, seconds: 0 });
            map.set(key, row);
          }
        }
      }
      const sorted = (m: Map<string, BreakdownRow>) =>
        [...m.values()].sort((a, b) => b.answered - a.answered || a.key.localeCompare(b.key));
      return {
        byKind: [...kinds.values()].sort(
          (a, b) => b.seconds - a.seconds || a.key.localeCompare(b.key),
        ),
        byEra: sorted(eras),
        byTheme: sorted(themes),
        questionLevelAnswered,
      };
    },

    async day(viewer: UserViewer, day: string): Promise<StudyDayDetail> {
      const rows = await db
        .selectFrom("learning_activity")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .where("day", "=", day)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const sums = zero();
      for (const r of rows) add(sums, r);
      const clock = await db
        .selectFrom("study_clockin")
        .select("kind")
        .where("owner_id", "=", viewer.userId)
        .where("day", "=", day)
        .executeTakeFirst();
      return {
        day,
        sums,
        clockin: clock ? (clock.kind as "checkin" | "reissue") : null,
        stretches: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          kindLabel: KIND_LABEL[r.kind as StudyKind] ?? r.kind,
          ref: r.ref,
          answered: r.answered,
          correct: r.correct,
          seconds: r.seconds,
          at: r.created_at,
        })),
      };
    },

    /** Ladder study (kind "ladder") by level, in ladder order. */
    async ladder(viewer: UserViewer): Promise<LadderRecord[]> {
      const rows = await db
        .selectFrom("learning_activity")
        .select(["ref", "day", "answered", "correct", "seconds"])
        .where("owner_id", "=", viewer.userId)
        .where("kind", "=", "ladder")
        .execute();
      if (rows.length === 0) return [];
      const levels = new Map((await allLevels()).map((l, i) => [l.key, { ...l, order: i }]));
      const byRef = new Map<string, LadderRecord & { order: number }>();
      for (const r of rows) {
        const level = levels.get(r.ref);
        const rec = byRef.get(r.ref) ?? {
          levelKey: r.ref,
          levelTitle: level?.title ?? r.ref,
          ladderKey: level?.ladderKey ?? "",
          ladderTitle: level?.ladderTitle ?? "天梯",
          position: level?.position ?? 0,
          times: 0,
          answered: 0,
          correct: 0,
          seconds: 0,
          lastDay: r.day,
          order: level?.order ?? Number.MAX_SAFE_INTEGER,
        };
        rec.times++;
        rec.answered += r.answered;
        rec.correct += r.correct;
        rec.seconds += r.seconds;
        if (r.day > rec.lastDay) rec.lastDay = r.day;
        byRef.set(r.ref, rec);
      }
      return [...byRef.values()]
        .sort((a, b) => a.order - b.order || a.levelKey.localeCompare(b.levelKey))
        .map(({ order: _, ...rest }) => rest);
    },

    // ─── Mock test ───────────────────────────────────────────────────────────────────────
    /**
     * The grade's fixed paper. An open paper of the same grade (not submitted, under an hour
     * old) is handed back, so a reload resumes it.
     */
    async startMock(viewer: UserViewer, grade: Grade): Promise<MockPaper> {
      const now = clock();
      const open = await db
        .selectFrom("study_mock")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .where("grade", "=", grade)
        .where("submitted_at", "is", null)
        .where("created_at", ">", new Date(now.getTime() - MOCK_MINUTES * 60_000).toISOString())
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      if (open) return paperOf(open);
      const questions = fixedPaper(await deps.questionBank.questions({ grade }));
      if (questions.length === 0) throw new NotFoundError("这个年级的题目还在编写中");
      const row = {
        id: newId(),
        owner_id: viewer.userId,
        grade,
        question_ids: JSON.stringify(questions.map((q) => q.id)),
        created_at: now.toISOString(),
        submitted_at: null,
        score: null,
        result: null,
      };
      await db.insertInto("study_mock").values(row).execute();
      return paperOf(row);
    },

    async mock(viewer: UserViewer, id: string): Promise<MockView> {
      const row = await mockRow(viewer.userId, id);
      return { paper: await paperOf(row), result: resultOf(row) };
    },

    /** Marks a paper once; the stretch is recorded as "practice". */
    async submitMock(viewer: UserViewer, id: string, answers: AnswerItem[]): Promise<MockResult> {
      const row = await mockRow(viewer.userId, id);
      if (row.submitted_at) throw new ConflictError("这份试卷已经交过了，不能重复提交");
      const now = clock();
      if (now.getTime() - Date.parse(row.created_at) > MOCK_MINUTES * 60_000)
        throw new ConflictError(`这份试卷已超过 ${MOCK_MINUTES} 分钟，请重新开始`);
      const ids = parseJson<string[]>(row.question_ids, []);
      if (answers.length === 0) throw new BadRequestError("请至少回答一道题再交卷");
      const marked = await deps.questionBank.markAll(ids, answers);
      const byId = new Map(marked.map((m) => [m.id, m]));
      // Unanswered questions count as wrong and are shown with their answers.
      const all: MarkedQuestion[] = [];
      for (const q of await deps.questionBank.byIds(ids))
        all.push(byId.get(q.id) ?? (await deps.questionBank.mark(q, [])));
      const correct = all.filter((q) => q.correct).length;
      const score = Math.round((100 * correct) / Math.max(1, all.length));
      const seconds = Math.round((now.getTime() - Date.parse(row.created_at)) / 1000);
      const submittedAt = now.toISOString();
      const updated = await db
        .updateTable("study_mock")
        .set({
          submitted_at: submittedAt,
          score,
          result: JSON.stringify({ seconds, total: all.length, questions: all }),
        })
        .where("id", "=", id)
        .where("submitted_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1)
        throw new ConflictError("这份试卷已经交过了，不能重复提交");
      // Answered wrong, not left blank: those go to the review list.
      const wrong = marked.filter((q) => q.chosen.length > 0 && !q.correct).map((q) => q.id);
      if (wrong.length > 0) await deps.reviews?.addWrong(viewer.userId, wrong, "practice");
      await deps.studyActivity.record(viewer.userId, {
        kind: "practice",
        ref: `mock:${id}`,
        // A question left blank is marked wrong on the paper but was not answered.
        answered: marked.filter((q) => q.chosen.length > 0).length,
        correct,
        seconds,
        at: now,
      });
      return {
        id,
        grade: row.grade as Grade,
        submittedAt,
        score,
        total: all.length,
        correct,
        seconds,
        questions: all,
      };
    },

    async recentMocks(viewer: UserViewer) {
      const rows = await db
        .selectFrom("study_mock")
        .select(["id", "grade", "score", "submitted_at", "created_at"])
        .where("owner_id", "=", viewer.userId)
        .orderBy("created_at", "desc")
        .limit(10)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        grade: r.grade as Grade,
        score: r.score,
        submittedAt: r.submitted_at,
        createdAt: r.created_at,
      }));
    },

    // ─── Reminders ───────────────────────────────────────────────────────────────────────
    async reminders(viewer: UserViewer): Promise<Reminder[]> {
      const rows = await db
        .selectFrom("study_reminder")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .orderBy("time")
        .orderBy("created_at")
        .execute();
      return rows.map(toReminder);
    },

    async addReminder(viewer: UserViewer, input: ReminderSchedule): Promise<Reminder> {
      const count = await db
        .selectFrom("study_reminder")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("owner_id", "=", viewer.userId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= REMINDERS_MAX)
        throw new ConflictError(`最多设置 ${REMINDERS_MAX} 个提醒`);
      const row = {
        id: newId(),
        owner_id: viewer.userId,
        time: input.time,
        weekdays: [...new Set(input.weekdays)].sort().join(""),
        enabled: input.enabled ? 1 : 0,
        created_at: clock().toISOString(),
      };
      await db.insertInto("study_reminder").values(row).execute();
      return toReminder(row);
    },

    async updateReminder(
      viewer: UserViewer,
      id: string,
      input: ReminderSchedule,
    ): Promise<Reminder> {
      await reminderRow(viewer.userId, id);
      await db
        .updateTable("study_reminder")
        .set({
          time: input.time,
          weekdays: [...new Set(input.weekdays)].sort().join(""),
          enabled: input.enabled ? 1 : 0,
        })
        .where("id", "=", id)
        .where("owner_id", "=", viewer.userId)
        .execute();
      return toReminder(await reminderRow(viewer.userId, id));
    },

    async removeReminder(viewer: UserViewer, id: string): Promise<{ removed: true }> {
      await reminderRow(viewer.userId, id);
      await db.deleteFrom("study_reminder").where("id", "=", id).execute();
      return { removed: true };
    },

    /**
     * The reminder to show as an in-page notice: a signed-in reader, a scheduled day, at or
     * after its time, and no study recorded today. Null otherwise.
     */
    async dueReminder(viewer: Viewer): Promise<{ id: string; time: string; today: string } | null> {
      if (viewer.kind !== "user") return null;
      const now = clock();
      const today = studyDay(now);
      const time = chinaTime(now);
      const rows = await service.reminders(viewer);
      const due = rows.filter((r) => reminderDue(r, today, time));
      if (due.length === 0) return null;
      const studied = await db
        .selectFrom("learning_activity")
        .select("id")
        .where("owner_id", "=", viewer.userId)
        .where("day", "=", today)
        .limit(1)
        .executeTakeFirst();
      if (studied) return null;
      const last = due.sort((a, b) => b.time.localeCompare(a.time))[0] as Reminder;
      return { id: last.id, time: last.time, today };
    },

    // ─── Plan ────────────────────────────────────────────────────────────────────────────
    async plan(viewer: UserViewer): Promise<StudyPlan> {
      const today = studyDay(clock());
      const start = weekStart(today);
      const row = await db
        .selectFrom("study_plan")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .executeTakeFirst();
      const done = await levelsDone(viewer.userId);
      const levels = await allLevels();
      const byKey = new Map(levels.map((l) => [l.key, l]));
      const thisWeek = [
        ...new Set(done.filter((d) => d.day >= start && d.day <= today).map((d) => d.ref)),
      ].flatMap((k) => byKey.get(k) ?? []);
      const doneEver = new Set(done.map((d) => d.ref));
      const rows = await activity(viewer.userId, start);
      const days = Array.from({ length: 7 }, (_, i) => {
        const day = addDays(start, i);
        const seconds = rows.filter((r) => r.day === day).reduce((n, r) => n + r.seconds, 0);
        return { day, minutes: Math.floor(seconds / 60) };
      });
      const target = row?.levels_per_week ?? 3;
      const remaining = Math.max(1, target - thisWeek.length);
      return {
        plan: row
          ? { levelsPerWeek: row.levels_per_week, minutesPerDay: row.minutes_per_day }
          : null,
        weekStart: start,
        today,
        levelsThisWeek: thisWeek,
        days,
        minutesToday: days.find((d) => d.day === today)?.minutes ?? 0,
        next: levels.filter((l) => !doneEver.has(l.key)).slice(0, remaining),
        levelsTotal: levels.length,
      };
    },

    async savePlan(
      viewer: UserViewer,
      input: { levelsPerWeek: number; minutesPerDay: number },
    ): Promise<StudyPlan> {
      const values = {
        levels_per_week: input.levelsPerWeek,
        minutes_per_day: input.minutesPerDay,
        updated_at: clock().toISOString(),
      };
      await db
        .insertInto("study_plan")
        .values({ owner_id: viewer.userId, ...values })
        .onConflict((oc) => oc.column("owner_id").doUpdateSet(values))
        .execute();
      return service.plan(viewer);
    },

    // ─── Check-in and reissue cards ──────────────────────────────────────────────────────
    async clockinMonth(viewer: UserViewer, month?: string): Promise<ClockinMonth> {
      await welcome(viewer.userId);
      const today = studyDay(clock());
      const thisMonth = monthOf(today);
      const shown = month && month <= thisMonth ? month : thisMonth;
      const rows = await clockins(viewer.userId);
      const checked = new Set(rows.filter((r) => r.kind === "checkin").map((r) => r.day));
      const reissued = new Set(rows.filter((r) => r.kind === "reissue").map((r) => r.day));
      const all = new Set(rows.map((r) => r.day));
      const reissuable = Array.from({ length: REISSUE_WINDOW_DAYS }, (_, i) =>
        addDays(today, -1 - i),
      ).filter((d) => !all.has(d));
      return {
        month: shown,
        today,
        checkedToday: all.has(today),
        marks: calendarMarks(shown, today, checked, reissued),
        streaks: streaksOf(all, today),
        cards: await balance(viewer.userId),
        reissuable,
        prevMonth: addMonths(shown, -1),
        nextMonth: shown < thisMonth ? addMonths(shown, 1) : null,
      };
    },

    /** Today's check-in, once per China day; a streak reaching a multiple of 7 earns a card. */
    async checkIn(viewer: UserViewer) {
      await welcome(viewer.userId);
      const now = clock();
      const today = studyDay(now);
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, viewer.userId);
        const rows = await trx
          .selectFrom("study_clockin")
          .select("day")
          .where("owner_id", "=", viewer.userId)
          .execute();
        const days = rows.map((r) => r.day);
        if (days.includes(today)) throw new ConflictError("今天已经打过卡了，明天再来吧");
        const inserted = await trx
          .insertInto("study_clockin")
          .values({
            owner_id: viewer.userId,
            day: today,
            kind: "checkin",
            created_at: now.toISOString(),
          })
          .onConflict((oc) => oc.columns(["owner_id", "day"]).doNothing())
          .returning("day")
          .execute();
        if (inserted.length === 0) throw new ConflictError("今天已经打过卡了，明天再来吧");
        const streak = streaksOf([...days, today], today).current;
        const cardEarned =
          earnsStreakCard(days, today) &&
          (await grant(
            viewer.userId,
            `连续打卡 ${streak} 天`,
            `streak:${viewer.userId}:${today}`,
            trx,
          ));
        return { day: today, streak, cardEarned, cards: await balance(viewer.userId, trx) };
      });
    },

    /** Makes up a missed day of the last week with one card. */
    async reissue(viewer: UserViewer, day: string) {
      await welcome(viewer.userId);
      const now = clock();
      const today = studyDay(now);
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, viewer.userId);
        const rows = await trx
          .selectFrom("study_clockin")
          .select("day")
          .where("owner_id", "=", viewer.userId)
          .execute();
        const problem = reissueProblem(day, today, new Set(rows.map((r) => r.day)));
        if (problem) throw new ConflictError(problem);
        if ((await balance(viewer.userId, trx)) < 1)
          throw new ConflictError("补签卡不足，连续打卡 7 天可获得 1 张");
        const inserted = await trx
          .insertInto("study_clockin")
          .values({ owner_id: viewer.userId, day, kind: "reissue", created_at: now.toISOString() })
          .onConflict((oc) => oc.columns(["owner_id", "day"]).doNothing())
          .returning("day")
          .execute();
        if (inserted.length === 0) throw new ConflictError("这一天已经打过卡了，不需要补签");
        await trx
          .insertInto("study_card")
          .values({
            id: newId(),
            owner_id: viewer.userId,
            delta: -1,
            cause: `补签 ${day}`,
            unique_key: `use:${viewer.userId}:${day}`,
            day,
            created_at: now.toISOString(),
          })
          .execute();
        const left = await balance(viewer.userId, trx);
        if (left < 0) throw new ConflictError("补签卡不足，连续打卡 7 天可获得 1 张");
        return { day, cards: left };
      });
    },

    async cards(viewer: UserViewer): Promise<CardLedger> {
      await welcome(viewer.userId);
      const rows = await db
        .selectFrom("study_card")
        .select(["delta", "cause", "day", "created_at"])
        .where("owner_id", "=", viewer.userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      const granted = rows.filter((r) => r.delta > 0).reduce((n, r) => n + r.delta, 0);
      const used = rows.filter((r) => r.delta < 0).reduce((n, r) => n - r.delta, 0);
      return {
        balance: granted - used,
        granted,
        used,
        entries: rows.map((r) => ({
          delta: r.delta,
          cause: r.cause,
          day: r.day,
          at: r.created_at,
        })),
        rule: REISSUE_RULE,
      };
    },

    /**
     * For other features (challenge gifts, campaigns): one card per `uniqueKey`, ever. Returns
     * whether this call granted it.
     */
    async grantReissueCard(
      userId: string,
      cause: string,
      uniqueKey: string,
      trx?: Kysely<Database>,
    ): Promise<boolean> {
      if (!uniqueKey || uniqueKey.length > 200) throw new BadRequestError("奖励编号不正确");
      return grant(userId, cause, `ext:${uniqueKey}`, trx);
    },

    // ─── Binding ─────────────────────────────────────────────────────────────────────────
    async bindInfo(viewer: UserViewer): Promise<BindInfo> {
      const now = clock().toISOString();
      const code = await db
        .selectFrom("study_bind_code")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .where("expires_at", ">", now)
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      const links = await db
        .selectFrom("study_binding")
        .selectAll()
        .where((eb) =>
          eb.or([eb("guardian_id", "=", viewer.userId), eb("learner_id", "=", viewer.userId)]),
        )
        .orderBy("created_at")
        .execute();
      const person = async (l: (typeof links)[number], other: string) => ({
        bindingId: l.id,
        userId: other,
        name: (await accountName(other)) ?? "读者",
        relation: l.relation as Relation,
        since: l.created_at,
      });
      return {
        code: code
          ? { code: code.code, relation: code.relation as Relation, expiresAt: code.expires_at }
          : null,
        learners: await Promise.all(
          links.filter((l) => l.guardian_id === viewer.userId).map((l) => person(l, l.learner_id)),
        ),
        guardians: await Promise.all(
          links.filter((l) => l.learner_id === viewer.userId).map((l) => person(l, l.guardian_id)),
        ),
      };
    },

    /** A new code for a parent or teacher, valid 24 hours; it replaces the one before. */
    async createBindCode(viewer: UserViewer, relation: Relation): Promise<BindInfo> {
      const now = clock();
      const code = Array.from(
        { length: 8 },
        () => BIND_ALPHABET[randomInt(0, BIND_ALPHABET.length)],
      ).join("");
      await db.deleteFrom("study_bind_code").where("owner_id", "=", viewer.userId).execute();
      await db
        .insertInto("study_bind_code")
        .values({
          code,
          owner_id: viewer.userId,
          relation,
          expires_at: new Date(now.getTime() + BIND_CODE_HOURS * 3600_000).toISOString(),
          created_at: now.toISOString(),
        })
        .execute();
      return service.bindInfo(viewer);
    },

    /** A learner enters a parent's or teacher's code. */
    async bind(viewer: UserViewer, code: string): Promise<BindInfo> {
      const now = clock();
      const row = await db
        .selectFrom("study_bind_code")
        .selectAll()
        .where("code", "=", code)
        .executeTakeFirst();
      if (!row) throw new NotFoundError("绑定码不存在，请核对后再输入");
      if (row.expires_at <= now.toISOString())
        throw new ConflictError("绑定码已过期，请让家长或老师重新生成");
      if (row.owner_id === viewer.userId) throw new BadRequestError("不能绑定自己");
      const existing = await db
        .selectFrom("study_binding")
        .select("id")
        .where("guardian_id", "=", row.owner_id)
        .where("learner_id", "=", viewer.userId)
        .executeTakeFirst();
      if (existing) throw new ConflictError("你们已经绑定过了");
      const count = async (column: "guardian_id" | "learner_id", id: string) =>
        Number(
          (
            await db
              .selectFrom("study_binding")
              .select((eb) => eb.fn.countAll<number | string>().as("n"))
              .where(column, "=", id)
              .executeTakeFirst()
          )?.n ?? 0,
        );
      if ((await count("learner_id", viewer.userId)) >= BIND_GUARDIANS_MAX)
        throw new ConflictError(`一个学习账号最多绑定 ${BIND_GUARDIANS_MAX} 位家长或老师`);
      if ((await count("guardian_id", row.owner_id)) >= BIND_LEARNERS_MAX)
        throw new ConflictError(`这位家长或老师已绑定 ${BIND_LEARNERS_MAX} 个学习账号，不能再绑定`);
      const inserted = await db
        .insertInto("study_binding")
        .values({
          id: newId(),
          guardian_id: row.owner_id,
          learner_id: viewer.userId,
          relation: row.relation,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["guardian_id", "learner_id"]).doNothing())
        .returning("id")
        .execute();
      if (inserted.length === 0) throw new ConflictError("你们已经绑定过了");
      return service.bindInfo(viewer);
    },

    async unbind(viewer: UserViewer, bindingId: string): Promise<BindInfo> {
      const row = await db
        .selectFrom("study_binding")
        .selectAll()
        .where("id", "=", bindingId)
        .executeTakeFirst();
      if (!row || (row.guardian_id !== viewer.userId && row.learner_id !== viewer.userId))
        throw new NotFoundError("绑定关系不存在");
      await db.deleteFrom("study_binding").where("id", "=", bindingId).execute();
      return service.bindInfo(viewer);
    },

    /** A bound learner's records, for the parent or teacher (read-only). */
    async learnerSummary(viewer: UserViewer, learnerId: string): Promise<LearnerSummary> {
      const link = await db
        .selectFrom("study_binding")
        .select("id")
        .where("guardian_id", "=", viewer.userId)
        .where("learner_id", "=", learnerId)
        .executeTakeFirst();
      if (!link) throw new NotFoundError("没有绑定这个学习账号");
      return {
        name: (await accountName(learnerId)) ?? "读者",
        overview: await overviewOf(learnerId),
      };
    },

    // ─── Surveys ─────────────────────────────────────────────────────────────────────────
    async survey(viewer: Viewer, key: string): Promise<SurveyView> {
      const survey = surveyOf(key);
      if (!survey) throw new NotFoundError("没有这份问卷");
      const rows = await db
        .selectFrom("survey_answer")
        .select(["owner_id", "answers", "updated_at"])
        .where("survey_key", "=", key)
        .execute();
      const mineRow =
        viewer.kind === "user" ? rows.find((r) => r.owner_id === viewer.userId) : undefined;
      const all = rows.map((r) => parseJson<SurveyAnswers>(r.answers, {}));
      const admin = viewer.kind === "user" && viewer.role === "admin";
      const summary = {
        responses: rows.length,
        questions: survey.questions.map((q) => {
          const given = all.map((a) => a[q.key]).filter((a) => a !== undefined && a !== "");
          if (q.kind === "single" || q.kind === "multiple") {
            const counts = q.options.map(() => 0);
            for (const a of given)
              for (const i of Array.isArray(a) ? a : [a])
                if (typeof i === "number" && counts[i] !== undefined) counts[i]++;
            return { key: q.key, counts, average: null, texts: null, textSamples: null };
          }
          if (q.kind === "rating") {
            const nums = given.filter((a): a is number => typeof a === "number");
            const average = nums.length
              ? Math.round((nums.reduce((s, n) => s + n, 0) / nums.length) * 10) / 10
              : null;
            return { key: q.key, counts: null, average, texts: null, textSamples: null };
          }
          const texts = given.filter((a): a is string => typeof a === "string");
          return {
            key: q.key,
            counts: null,
            average: null,
            texts: texts.length,
            textSamples: admin ? texts.slice(0, 50) : null,
          };
        }),
      };
      return {
        survey: {
          key: survey.key,
          title: survey.title,
          intro: survey.intro,
          questions: survey.questions.map((q) => ({ ...q })),
        },
        mine: mineRow ? parseJson<SurveyAnswers>(mineRow.answers, {}) : null,
        answeredAt: mineRow?.updated_at ?? null,
        signedIn: viewer.kind === "user",
        summary,
      };
    },

    async saveSurvey(viewer: UserViewer, key: string, answers: SurveyAnswers) {
      const survey = surveyOf(key);
      if (!survey) throw new NotFoundError("没有这份问卷");
      const problem = surveyAnswerProblem(survey, answers);
      if (problem) throw new BadRequestError(problem);
      const now = clock().toISOString();
      const cleaned: SurveyAnswers = {};
      for (const q of survey.questions) {
        const a = answers[q.key];
        if (a === undefined || a === "") continue;
        cleaned[q.key] = typeof a === "string" ? a.trim() : Array.isArray(a) ? [...a].sort() : a;
      }
      const existing = await db
        .selectFrom("survey_answer")
        .select("owner_id")
        .where("owner_id", "=", viewer.userId)
        .where("survey_key", "=", key)
        .executeTakeFirst();
      await db
        .insertInto("survey_answer")
        .values({
          owner_id: viewer.userId,
          survey_key: key,
          answers: JSON.stringify(cleaned),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(["owner_id", "survey_key"]).doUpdateSet({
            answers: JSON.stringify(cleaned),
            updated_at: now,
          }),
        )
        .execute();
      return { saved: true as const, edited: Boolean(existing) };
    },
  };
  return service;
}

export type StudyRecords = ReturnType<typeof createStudyRecords>;
