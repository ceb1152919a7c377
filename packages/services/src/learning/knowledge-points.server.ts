import { randomBytes } from "node:crypto";
import type {
  ChipDeck,
  CourseCard,
  CourseCatalogue,
  CourseLesson,
  CourseView,
  Knowlist,
  MasteryView,
  PointFilter,
  PointHub,
  PointItem,
  PointList,
  PointPage,
  PracticeRound,
  RoundAnswer,
} from "@tongjian/contracts/knowledge-points";
import type { AnswerItem, PointCard } from "@tongjian/contracts/learning";
import type { Database } from "@tongjian/db/database-schema";
import {
  ALL_COURSES,
  accuracyPercent,
  type CourseRef,
  courseKey,
  courseTitle,
  FREE_PREVIEW_POINTS,
  isCourseOpen,
  LEARNING_PRODUCT_PATH,
  MASTERY_LABEL,
  type MasteryCounts,
  masteryLevel,
  parseCourseKey,
  splitFacts,
} from "@tongjian/domain/knowledge-points";
import {
  ERA_LABEL,
  ERAS,
  type Era,
  type Grade,
  isEra,
  isTheme,
  THEME_LABEL,
  THEMES,
} from "@tongjian/domain/learning";
import { parseSearchKeyword } from "@tongjian/domain/search-keyword";
import type { Viewer } from "@tongjian/domain/viewer";
import { type Kysely, sql } from "kysely";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import {
  type BankPoint,
  POINT_NOT_FOUND,
  pointCardOf,
  type QuestionBank,
} from "./question-bank.server.ts";
import type { StudyActivity } from "./study-activity.server.ts";

/**
 * The knowledge points (知识点, issue 20): the hub by era and theme, a point's page with its
 * related points, practice rounds marked on the server one answer at a time, the reader's
 * mastery per point (learning_point_mastery), 知识碎片 decks, 知识清单 and the courses behind
 * the learning product gate (`account.learning_access`).
 *
 * A practice round lives in the key-value store: its questions, who started it and when. Each
 * answer is claimed with an atomic counter, so an answer sent twice (or by two tabs at once) is
 * refused and counted once; the request that answers the last question ends the round and is the
 * only one that writes the reader's mastery and study activity.
 */

/** How long an unfinished round can still be answered. */
export const ROUND_TTL_SECONDS = 2 * 3600;
/** Related points shown on a point's page. */
const RELATED_MAX = 6;
const INDEX_TTL_MS = 10 * 60_000;

export const ROUND_NOT_FOUND = "这次练习不存在或已过期，请重新开始";
export const ROUND_NOT_YOURS = "这不是你的练习";
export const ANSWERED_TWICE = "这道题已经答过了";
export const COURSE_NOT_FOUND = "没有这门课程";

interface RoundState {
  owner: string | null;
  /** The account whose mastery and activity the round writes; null for visitors. */
  userId: string | null;
  pointKey: string;
  questionIds: string[];
  startedAt: number;
}

interface PointIndex {
  points: BankPoint[];
  /** Entry id → keys of the points whose lessons link it. */
  byEntry: Record<string, string[]>;
}

/** Who a round belongs to: the account, the WeChat visitor, or nobody (anyone holding its id). */
function ownerOf(viewer: Viewer): string | null {
  if (viewer.kind === "user") return `u:${viewer.userId}`;
  if (viewer.kind === "visitor") return `v:${viewer.visitorId}`;
  return null;
}
const userIdOf = (viewer: Viewer) => (viewer.kind === "user" ? viewer.userId : null);

export function masteryViewOf(m: MasteryCounts): MasteryView {
  const level = masteryLevel(m);
  return {
    level,
    label: MASTERY_LABEL[level],
    answered: m.answered,
    correct: m.correct,
    rounds: m.rounds,
    accuracy: accuracyPercent(m.answered, m.correct),
  };
}

export function createKnowledgePoints(deps: {
  db: Kysely<Database>;
  /** The store's gate (services.entitlements.has): the course's scope or the admin flag. */
  access?: (viewer: Viewer, scope: "knowledge-points") => Promise<boolean>;
  store: KeyValueStore;
  bank: QuestionBank;
  activity: StudyActivity;
  caches: ContentReadCaches;
  /** The review list: questions answered wrong are scheduled again (services/learning/reviews). */
  reviews?: {
    addWrong(ownerId: string, questionIds: readonly string[], source: string): Promise<number>;
  };
}) {
  const { db, store, bank } = deps;
  const cache = deps.caches.create<PointIndex>({ ttlMs: INDEX_TTL_MS, max: 1 });

  /** Every point in content order, and which points link each entry: once per content version. */
  const index = () =>
    cache.get("index", async () => {
      const points = await bank.points();
      const byEntry: Record<string, string[]> = {};
      for (const p of points)
        for (const e of p.entries) {
          const list = byEntry[e.id] ?? [];
          if (!list.includes(p.key)) list.push(p.key);
          byEntry[e.id] = list;
        }
      return { points, byEntry };
    });

  async function findPoint(ref: string): Promise<BankPoint> {
    const found = (await index()).points.find((p) => p.id === ref || p.key === ref);
    if (!found) throw new NotFoundError(POINT_NOT_FOUND);
    return found;
  }

  /** The reader's mastery by point key (empty for visitors). */
  async function masteryMap(viewer: Viewer, keys?: readonly string[]) {
    const userId = userIdOf(viewer);
    const map = new Map<string, MasteryCounts>();
    if (!userId) return map;
    if (keys && keys.length === 0) return map;
    let q = db
      .selectFrom("learning_point_mastery")
      .select(["point_key", "answered", "correct", "rounds", "last_answered", "last_correct"])
      .where("owner_id", "=", userId);
    if (keys && keys.length <= 500) q = q.where("point_key", "in", [...keys]);
    for (const r of await q.execute())
      map.set(r.point_key, {
        answered: r.answered,
        correct: r.correct,
        rounds: r.rounds,
        lastAnswered: r.last_answered,
        lastCorrect: r.last_correct,
      });
    return map;
  }

  function itemsOf(
    points: readonly BankPoint[],
    viewer: Viewer,
    mastery: Map<string, MasteryCounts>,
  ) {
    const signedIn = viewer.kind === "user";
    return points.map(
      (p): PointItem => ({
        ...pointCardOf(p),
        mastery: signedIn ? masteryViewOf(mastery.get(p.key) ?? emptyCounts()) : null,
      }),
    );
  }

  function filtered(points: readonly BankPoint[], f: PointFilter): BankPoint[] {
    const kw = f.q ? parseSearchKeyword(f.q) : null;
    return points.filter((p) => {
      if (f.grade && !p.grades.includes(f.grade)) return false;
      if (f.era && p.era !== f.era) return false;
      if (f.theme && p.theme !== f.theme) return false;
      if (kw?.text) {
        const inTitle = p.title.toLowerCase().includes(kw.text);
        const inKey = kw.pinyin ? p.key.replace(/-/g, "").includes(kw.pinyin) : false;
        if (!inTitle && !inKey) return false;
      }
      return true;
    });
  }

  async function hasAccess(viewer: Viewer): Promise<boolean> {
    // The store's gate (decision 33): the knowledge-points course, or the old admin flag.
    if (deps.access) return deps.access(viewer, "knowledge-points");
    const userId = userIdOf(viewer);
    if (!userId) return false;
    const row = await db
      .selectFrom("account")
      .select("learning_access")
      .where("id", "=", userId)
      .executeTakeFirst();
    return (row?.learning_access ?? 0) === 1;
  }

  function coursePoints(points: readonly BankPoint[], c: CourseRef): BankPoint[] {
    return points.filter((p) => (c.kind === "era" ? p.era === c.value : p.theme === c.value));
  }
  function courseCardOf(c: CourseRef, list: readonly BankPoint[]): CourseCard {
    return {
      key: courseKey(c),
      kind: c.kind,
      title: courseTitle(c),
      points: list.length,
      questions: list.reduce((n, p) => n + p.questionKeys.length, 0),
      free: Math.min(FREE_PREVIEW_POINTS, list.length),
    };
  }
  async function findCourse(key: string) {
    const ref = parseCourseKey(key);
    if (!ref) throw new NotFoundError(COURSE_NOT_FOUND);
    const list = coursePoints((await index()).points, ref);
    if (list.length === 0) throw new NotFoundError(COURSE_NOT_FOUND);
    return { ref, list, card: courseCardOf(ref, list) };
  }

  const roundKey = (id: string) => `kp:round:${id}`;

  async function loadRound(id: string, viewer: Viewer): Promise<RoundState> {
    const raw = await store.get(roundKey(id));
    if (!raw) throw new NotFoundError(ROUND_NOT_FOUND);
    const round = JSON.parse(raw) as RoundState;
    if (round.owner !== null && round.owner !== ownerOf(viewer))
      throw new ServiceError(403, ROUND_NOT_YOURS);
    return round;
  }

  /** Adds a finished round to the reader's mastery of the point: one statement, both databases. */
  async function addMastery(userId: string, pointKey: string, answered: number, correct: number) {
    const now = new Date().toISOString();
    await db
      .insertInto("learning_point_mastery")
      .values({
        owner_id: userId,
        point_key: pointKey,
        answered,
        correct,
        rounds: 1,
        last_answered: answered,
        last_correct: correct,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["owner_id", "point_key"]).doUpdateSet({
          answered: sql<number>`learning_point_mastery.answered + ${answered}`,
          correct: sql<number>`learning_point_mastery.correct + ${correct}`,
          rounds: sql<number>`learning_point_mastery.rounds + 1`,
          last_answered: answered,
          last_correct: correct,
          updated_at: now,
        }),
      )
      .execute();
  }

  return {
    /** The hub: the timeline of eras with their points, the themes, counts and search. */
    async hub(viewer: Viewer, f: PointFilter = {}): Promise<PointHub> {
      const all = (await index()).points;
      const list = filtered(all, f);
      const mastery = await masteryMap(viewer);
      const items = itemsOf(list, viewer, mastery);
      const eras = ERAS.flatMap((e) => {
        const points = items.filter((p) => p.era === e);
        return points.length ? [{ era: e, label: ERA_LABEL[e], count: points.length, points }] : [];
      });
      // Theme counts follow the grade and the search, not the theme itself.
      const forThemes = filtered(all, { ...f, theme: undefined });
      const themes = THEMES.map((t) => ({
        theme: t,
        label: THEME_LABEL[t],
        count: forThemes.filter((p) => p.theme === t).length,
      }));
      return {
        grade: f.grade ?? null,
        q: f.q ?? "",
        total: list.length,
        signedIn: viewer.kind === "user",
        mastered: items.filter((p) => p.mastery?.level === "mastered").length,
        eras,
        themes,
      };
    },

    /** Points of an era or a theme (either may be absent), for a grade. */
    async list(viewer: Viewer, f: PointFilter = {}): Promise<PointList> {
      const list = filtered((await index()).points, f);
      const parts = [f.era ? ERA_LABEL[f.era] : null, f.theme ? THEME_LABEL[f.theme] : null].filter(
        Boolean,
      );
      return {
        title: parts.length ? `${parts.join("·")}知识点` : "全部知识点",
        era: f.era ?? null,
        theme: f.theme ?? null,
        grade: f.grade ?? null,
        signedIn: viewer.kind === "user",
        points: itemsOf(
          list,
          viewer,
          await masteryMap(
            viewer,
            list.map((p) => p.key),
          ),
        ),
      };
    },

    /** `/knowledgepoint/details/list/{era-or-theme}`: the segment names an era or a theme. */
    async listBy(viewer: Viewer, segment: string, grade?: Grade): Promise<PointList> {
      if (isEra(segment)) return this.list(viewer, { era: segment, grade });
      if (isTheme(segment)) return this.list(viewer, { theme: segment, grade });
      throw new NotFoundError("没有这个时代或主题");
    },

    async page(viewer: Viewer, ref: string): Promise<PointPage> {
      const p = await findPoint(ref);
      const all = (await index()).points;
      const sameEra = all.filter((o) => o.key !== p.key && o.era === p.era && o.theme === p.theme);
      const others = all.filter(
        (o) => o.key !== p.key && !sameEra.includes(o) && (o.era === p.era || o.theme === p.theme),
      );
      const related = [...sameEra, ...others].slice(0, RELATED_MAX).map(pointCardOf);
      const mastery =
        viewer.kind === "user" ? (await masteryMap(viewer, [p.key])).get(p.key) : null;
      const course: CourseRef = { kind: "era", value: p.era };
      return {
        point: bank.pointDetail(p),
        mastery: viewer.kind === "user" ? masteryViewOf(mastery ?? emptyCounts()) : null,
        signedIn: viewer.kind === "user",
        related,
        course: { key: courseKey(course), title: courseTitle(course) },
      };
    },

    /** Points whose lessons link an entry (the entry page's 相关知识点). */
    async ofEntry(entryId: string): Promise<PointCard[]> {
      const { points, byEntry } = await index();
      const keys = byEntry[entryId] ?? [];
      return points.filter((p) => keys.includes(p.key)).map(pointCardOf);
    },

    /**
     * Starts a round of a point's questions (those of the grade when it has any, else all). The
     * page gets the questions without answers, and a round id to answer them under.
     */
    async startRound(viewer: Viewer, ref: string, grade?: Grade): Promise<PracticeRound> {
      const p = await findPoint(ref);
      const all = await bank.questions({ pointKeys: [p.key] });
      if (all.length === 0) throw new NotFoundError("这个知识点还没有练习题");
      const ofGrade = grade ? all.filter((q) => q.grade === grade) : [];
      const questions = ofGrade.length ? ofGrade : all;
      const id = randomBytes(16).toString("hex");
      const state: RoundState = {
        owner: ownerOf(viewer),
        userId: userIdOf(viewer),
        pointKey: p.key,
        questionIds: questions.map((q) => q.id),
        startedAt: Date.now(),
      };
      await store.set(roundKey(id), JSON.stringify(state), ROUND_TTL_SECONDS);
      return {
        round: id,
        point: { id: p.id, key: p.key, title: p.title },
        questions: await Promise.all(questions.map((q) => bank.toPublic(q))),
        stored: state.userId !== null,
      };
    },

    /** Marks one answer of a round; the answer to its last question ends the round. */
    async answer(viewer: Viewer, roundId: string, item: AnswerItem): Promise<RoundAnswer> {
      const round = await loadRound(roundId, viewer);
      if (!round.questionIds.includes(item.questionId))
        throw new BadRequestError("这道题不在本次练习中");
      // Marked before it is claimed: an answer refused as malformed can be given again.
      const [marked] = await bank.markAll(round.questionIds, [item]);
      if (!marked) throw new BadRequestError("这道题不在本次练习中");
      const base = roundKey(roundId);
      const ttl = ROUND_TTL_SECONDS;
      if ((await store.increment(`${base}:q:${item.questionId}`, ttl)) > 1)
        throw new ServiceError(409, ANSWERED_TWICE);
      if (round.userId && !marked.correct)
        await deps.reviews?.addWrong(round.userId, [marked.id], "knowledgepoint");
      const correctSoFar = marked.correct
        ? await store.increment(`${base}:right`, ttl)
        : Number((await store.get(`${base}:right`)) ?? 0);
      const answered = await store.increment(`${base}:n`, ttl);
      const total = round.questionIds.length;
      const finished = answered === total;
      let mastery: MasteryView | null = null;
      let correct = correctSoFar;
      if (finished) {
        // Every answer adds to :right before it adds to :n, so all are counted by now.
        correct = Number((await store.get(`${base}:right`)) ?? 0);
        if (round.userId) {
          const seconds = (Date.now() - round.startedAt) / 1000;
          await addMastery(round.userId, round.pointKey, total, correct);
          await deps.activity.record(round.userId, {
            kind: "knowledgepoint",
            ref: round.pointKey,
            answered: total,
            correct,
            seconds,
          });
          const m = (await masteryMap(viewer, [round.pointKey])).get(round.pointKey);
          mastery = masteryViewOf(m ?? emptyCounts());
        }
      }
      return {
        marked,
        answered,
        correct,
        total,
        finished,
        stored: round.userId !== null,
        mastery,
      };
    },

    /** 知识碎片: one fact a card, from the lessons and the questions' explanations. */
    async chips(ref: string): Promise<ChipDeck> {
      const all = (await index()).points;
      const isEraDeck = isEra(ref);
      const points = isEraDeck ? all.filter((p) => p.era === ref) : [await findPoint(ref)];
      if (points.length === 0) throw new NotFoundError("这个时代还没有知识点");
      const questions = await bank.questions({ pointKeys: points.map((p) => p.key) });
      const cards: ChipDeck["cards"] = [];
      for (const p of points) {
        const point = { id: p.id, key: p.key, title: p.title };
        for (const para of p.lesson)
          for (const text of splitFacts(para)) cards.push({ text, source: "lesson", point });
        for (const q of questions.filter((x) => x.pointKey === p.key))
          for (const text of splitFacts(q.explanation))
            if (!cards.some((c) => c.text === text))
              cards.push({ text, source: "explanation", point });
      }
      const first = points[0] as BankPoint;
      return {
        title: isEraDeck ? `${ERA_LABEL[ref as Era]}知识碎片` : `${first.title}·知识碎片`,
        kind: isEraDeck ? "era" : "point",
        ref: isEraDeck ? ref : first.id,
        cards,
      };
    },

    /** 知识清单: every point of a grade by era, with the reader's ticks. */
    async knowlist(viewer: Viewer, grade?: Grade): Promise<Knowlist> {
      const list = filtered((await index()).points, { grade });
      const items = itemsOf(list, viewer, await masteryMap(viewer));
      return {
        grade: grade ?? null,
        signedIn: viewer.kind === "user",
        total: items.length,
        mastered: items.filter((p) => p.mastery?.level === "mastered").length,
        eras: ERAS.flatMap((e) => {
          const points = items.filter((p) => p.era === e);
          return points.length ? [{ era: e, label: ERA_LABEL[e], points }] : [];
        }),
      };
    },

    async courses(viewer: Viewer): Promise<CourseCatalogue> {
      const all = (await index()).points;
      return {
        hasAccess: await hasAccess(viewer),
        signedIn: viewer.kind === "user",
        productPath: LEARNING_PRODUCT_PATH,
        courses: ALL_COURSES.flatMap((c) => {
          const list = coursePoints(all, c);
          return list.length ? [courseCardOf(c, list)] : [];
        }),
      };
    },

    async course(viewer: Viewer, key: string): Promise<CourseView> {
      const { list, card } = await findCourse(key);
      const access = await hasAccess(viewer);
      const items = itemsOf(
        list,
        viewer,
        await masteryMap(
          viewer,
          list.map((p) => p.key),
        ),
      );
      return {
        course: card,
        hasAccess: access,
        signedIn: viewer.kind === "user",
        productPath: LEARNING_PRODUCT_PATH,
        syllabus: items.map((point, position) => ({
          position,
          open: isCourseOpen(position, access),
          point,
        })),
      };
    },

    /** One lesson of a course: the lesson itself when open, its title and the gate when not. */
    async courseLesson(viewer: Viewer, key: string, ref: string): Promise<CourseLesson> {
      const { list, card } = await findCourse(key);
      const position = list.findIndex((p) => p.id === ref || p.key === ref);
      const p = list[position];
      if (!p) throw new NotFoundError("这门课程没有这个知识点");
      const access = await hasAccess(viewer);
      const open = isCourseOpen(position, access);
      const near = (o: BankPoint | undefined) => (o ? { id: o.id, title: o.title } : null);
      return {
        course: card,
        position,
        open,
        hasAccess: access,
        productPath: LEARNING_PRODUCT_PATH,
        point: open ? bank.pointDetail(p) : null,
        title: p.title,
        prev: near(list[position - 1]),
        next: near(list[position + 1]),
      };
    },
  };
}

function emptyCounts(): MasteryCounts {
  return { answered: 0, correct: 0, rounds: 0, lastAnswered: 0, lastCorrect: 0 };
}

export type KnowledgePoints = ReturnType<typeof createKnowledgePoints>;
