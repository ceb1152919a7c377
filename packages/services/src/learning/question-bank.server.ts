import type {
  AnswerItem,
  MarkedQuestion,
  PointCard,
  PointDetail,
  PublicQuestion,
} from "@tongjian/contracts/learning";
import type { Database } from "@tongjian/db/database-schema";
import {
  ERA_LABEL,
  type Era,
  type Grade,
  isCorrectAnswer,
  type QuestionType,
  THEME_LABEL,
  type Theme,
} from "@tongjian/domain/learning";
import type { Kysely } from "kysely";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";

/**
 * The question bank and the knowledge points (issue 20), read from the tables the content files
 * fill. Every learning screen gets its questions here and marks answers here, so the rule that a
 * page never sees an answer before it was given lives in one place: `toPublic` strips them and
 * `mark` is the only way back to them.
 */

interface EntryRef {
  id: string;
  key: string;
  kind: string;
  name: string;
}

export interface BankQuestion {
  id: string;
  key: string;
  pointKey: string;
  era: Era;
  theme: Theme;
  grade: Grade;
  type: QuestionType;
  difficulty: number;
  stem: string;
  options: string[];
  answer: number[];
  explanation: string;
  entries: EntryRef[];
  media: { kind: "painting" | "music"; id: string; key: string; title: string } | null;
}

export interface BankPoint {
  id: string;
  key: string;
  title: string;
  era: Era;
  theme: Theme;
  grades: Grade[];
  lesson: string[];
  entries: EntryRef[];
  articles: { id: string; key: string; title: string }[];
  questionKeys: string[];
}

export interface QuestionFilter {
  grade?: Grade | undefined;
  /** Difficulty range, inclusive. */
  minDifficulty?: number | undefined;
  maxDifficulty?: number | undefined;
  pointKeys?: readonly string[] | undefined;
  era?: Era | undefined;
  theme?: Theme | undefined;
}

export const QUESTION_NOT_FOUND = "题目不存在";
export const POINT_NOT_FOUND = "知识点不存在";

type QuestionRow = {
  id: string;
  key: string;
  point_key: string;
  era: string;
  theme: string;
  grade: string;
  type: string;
  difficulty: number;
  data: string;
};

function toQuestion(row: QuestionRow): BankQuestion {
  const data = parseJson<{
    stem: string;
    options: string[];
    answer: number[];
    explanation: string;
    entries: EntryRef[];
    media: BankQuestion["media"];
  }>(row.data, { stem: "", options: [], answer: [], explanation: "", entries: [], media: null });
  return {
    id: row.id,
    key: row.key,
    pointKey: row.point_key,
    era: row.era as Era,
    theme: row.theme as Theme,
    grade: row.grade as Grade,
    type: row.type as QuestionType,
    difficulty: row.difficulty,
    ...data,
  };
}

type PointRow = {
  id: string;
  key: string;
  title: string;
  era: string;
  theme: string;
  grades: string;
  data: string;
};

function toPoint(row: PointRow): BankPoint {
  const data = parseJson<Pick<BankPoint, "lesson" | "entries" | "articles" | "questionKeys">>(
    row.data,
    { lesson: [], entries: [], articles: [], questionKeys: [] },
  );
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    era: row.era as Era,
    theme: row.theme as Theme,
    grades: parseJson<Grade[]>(row.grades, []),
    ...data,
  };
}

export function pointCardOf(p: BankPoint): PointCard {
  return {
    id: p.id,
    key: p.key,
    title: p.title,
    era: p.era,
    eraLabel: ERA_LABEL[p.era],
    theme: p.theme,
    themeLabel: THEME_LABEL[p.theme],
    grades: p.grades,
    questionCount: p.questionKeys.length,
  };
}

export function createQuestionBank(deps: {
  db: Kysely<Database>;
  /** The preview picture of a painting, for a question with a painting part. */
  paintingPreview?: (id: string) => Promise<string | null>;
}) {
  const { db } = deps;
  const questionColumns = [
    "id",
    "key",
    "point_key",
    "era",
    "theme",
    "grade",
    "type",
    "difficulty",
    "data",
  ] as const;

  async function mediaUrl(media: BankQuestion["media"]): Promise<string> {
    if (!media) return "";
    if (media.kind === "music") return `/media/music/${media.id}.wav`;
    return (await deps.paintingPreview?.(media.id)) ?? `/painting/${media.id}`;
  }

  const bank = {
    /** Questions matching a filter, in content order, answers included: for the server only. */
    async questions(filter: QuestionFilter = {}): Promise<BankQuestion[]> {
      let q = db.selectFrom("learning_question").select(questionColumns);
      if (filter.grade) q = q.where("grade", "=", filter.grade);
      if (filter.minDifficulty) q = q.where("difficulty", ">=", filter.minDifficulty);
      if (filter.maxDifficulty) q = q.where("difficulty", "<=", filter.maxDifficulty);
      if (filter.era) q = q.where("era", "=", filter.era);
      if (filter.theme) q = q.where("theme", "=", filter.theme);
      if (filter.pointKeys) {
        if (filter.pointKeys.length === 0) return [];
        q = q.where("point_key", "in", [...filter.pointKeys]);
      }
      return (await q.orderBy("sort_key").execute()).map(toQuestion);
    },

    /** Questions by id, in the order asked; unknown ids are left out. */
    async byIds(ids: readonly string[]): Promise<BankQuestion[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("learning_question")
        .select(questionColumns)
        .where("id", "in", [...new Set(ids)])
        .execute();
      const byId = new Map(rows.map((r) => [r.id, toQuestion(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async question(id: string): Promise<BankQuestion> {
      const [found] = await bank.byIds([id]);
      if (!found) throw new NotFoundError(QUESTION_NOT_FOUND);
      return found;
    },

    async points(filter: { era?: Era; theme?: Theme; grade?: Grade } = {}): Promise<BankPoint[]> {
      let q = db
        .selectFrom("learning_point")
        .select(["id", "key", "title", "era", "theme", "grades", "data"]);
      if (filter.era) q = q.where("era", "=", filter.era);
      if (filter.theme) q = q.where("theme", "=", filter.theme);
      const list = (await q.orderBy("sort_key").execute()).map(toPoint);
      return filter.grade ? list.filter((p) => p.grades.includes(filter.grade as Grade)) : list;
    },

    /** A knowledge point by key or id. */
    async point(keyOrId: string): Promise<BankPoint> {
      const row = await db
        .selectFrom("learning_point")
        .select(["id", "key", "title", "era", "theme", "grades", "data"])
        .where((eb) => eb.or([eb("key", "=", keyOrId), eb("id", "=", keyOrId)]))
        .executeTakeFirst();
      if (!row) throw new NotFoundError(POINT_NOT_FOUND);
      return toPoint(row);
    },

    async pointsByKeys(keys: readonly string[]): Promise<BankPoint[]> {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom("learning_point")
        .select(["id", "key", "title", "era", "theme", "grades", "data"])
        .where("key", "in", [...new Set(keys)])
        .execute();
      const byKey = new Map(rows.map((r) => [r.key, toPoint(r)]));
      return keys.flatMap((k) => byKey.get(k) ?? []);
    },

    pointDetail(p: BankPoint): PointDetail {
      return { ...pointCardOf(p), lesson: p.lesson, entries: p.entries, articles: p.articles };
    },

    /** A question as a page may see it before answering. */
    async toPublic(q: BankQuestion): Promise<PublicQuestion> {
      return {
        id: q.id,
        key: q.key,
        type: q.type,
        isSingleChoice: q.type === "single",
        difficulty: q.difficulty,
        stem: q.stem,
        options: q.options,
        pointKey: q.pointKey,
        era: q.era,
        theme: q.theme,
        media: q.media ? { ...q.media, url: await mediaUrl(q.media) } : null,
      };
    },

    /**
     * Marks one answer. A chosen index beyond the options, or more than one option on a
     * single-choice question, is refused (400), not marked wrong.
     */
    async mark(
      q: BankQuestion,
      chosen: readonly number[],
      pointTitle?: string,
    ): Promise<MarkedQuestion> {
      if (chosen.some((i) => i >= q.options.length))
        throw new BadRequestError(`第 ${q.key} 题没有这个选项`);
      if (q.type === "single" && chosen.length > 1)
        throw new BadRequestError("单选题只能选一个答案");
      return {
        ...(await bank.toPublic(q)),
        chosen: [...chosen].sort((a, b) => a - b),
        answer: q.answer,
        correct: isCorrectAnswer(q.answer, chosen),
        explanation: q.explanation,
        entries: q.entries,
        pointTitle: pointTitle ?? (await bank.point(q.pointKey).catch(() => null))?.title ?? "",
      };
    },

    /**
     * Marks a set of answers against the questions they must belong to: an answer to a question
     * outside `allowed` is refused (400) with the reader's words, and so is one given twice.
     */
    async markAll(
      allowed: readonly string[],
      answers: readonly AnswerItem[],
    ): Promise<MarkedQuestion[]> {
      const allowedSet = new Set(allowed);
      const seen = new Set<string>();
      for (const a of answers) {
        if (!allowedSet.has(a.questionId)) throw new BadRequestError("这道题不在本次练习中");
        if (seen.has(a.questionId)) throw new BadRequestError("同一道题只能作答一次");
        seen.add(a.questionId);
      }
      const questions = await bank.byIds(answers.map((a) => a.questionId));
      const points = new Map(
        (await bank.pointsByKeys(questions.map((q) => q.pointKey))).map((p) => [p.key, p.title]),
      );
      const byId = new Map(questions.map((q) => [q.id, q]));
      const marked: MarkedQuestion[] = [];
      for (const a of answers) {
        const q = byId.get(a.questionId);
        if (!q) throw new BadRequestError("这道题不在本次练习中");
        marked.push(await bank.mark(q, a.chosen, points.get(q.pointKey)));
      }
      return marked;
    },
  };
  return bank;
}

export type QuestionBank = ReturnType<typeof createQuestionBank>;
