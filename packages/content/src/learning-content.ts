import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  ERAS,
  type Era,
  GRADES,
  type Grade,
  LEARNING_KEY,
  OPTION_LETTERS,
  OPTIONS_MAX,
  OPTIONS_MIN,
  QUESTION_TYPES,
  type QuestionType,
  THEMES,
  type Theme,
} from "@tongjian/domain/learning";
import { z } from "zod";
import { type KeyedFileIssue, parseKeyedFile } from "./keyed-file.ts";

/**
 * The learning area's content (issue 20; docs/content-format.md "Learning"): knowledge points with
 * their lessons, the question bank, and the ladders (天梯) built from them.
 *
 *   content/learning/<era>.yaml    points: […] and questions: […] of one era (pre-qin.yaml …)
 *   content/learning/ladders.yaml  ladders: […] with their levels
 *
 * Every reference is resolved here: a question's point, the entries it tests, a point's entries
 * and articles, a question's painting or music part, a level's points and articles.
 */

export const LEARNING_DIR = "learning";
export const LADDERS_FILE = "ladders.yaml";

const key = z.string().regex(LEARNING_KEY, "键须为小写字母与数字，可用 - 连接").max(60);
const text = (min: number, max: number) =>
  z.string().trim().min(min, `至少 ${min} 个字`).max(max, `至多 ${max} 个字`);
const letter = z.enum(OPTION_LETTERS);

const pointSchema = z.strictObject({
  key,
  title: text(2, 24),
  era: z.enum(ERAS),
  theme: z.enum(THEMES),
  grades: z.array(z.enum(GRADES)).min(1),
  lesson: z.array(text(20, 400)).min(1).max(5),
  entries: z.array(z.string()).min(1).max(8),
  articles: z.array(z.string()).max(4).default([]),
});

const mediaSchema = z.union([
  z.strictObject({ painting: z.string() }),
  z.strictObject({ music: z.string() }),
]);

const questionSchema = z.strictObject({
  key,
  point: key,
  grade: z.enum(GRADES),
  type: z.enum(QUESTION_TYPES),
  difficulty: z.number().int().min(DIFFICULTY_MIN).max(DIFFICULTY_MAX),
  stem: text(6, 200),
  options: z.array(text(1, 60)).min(OPTIONS_MIN).max(OPTIONS_MAX),
  answer: z.union([letter, z.array(letter).min(1)]),
  explanation: text(10, 300),
  entries: z.array(z.string()).max(5).default([]),
  media: mediaSchema.optional(),
});

const eraFileSchema = z.strictObject({
  points: z.array(pointSchema).default([]),
  questions: z.array(questionSchema).default([]),
});

export const LADDER_KINDS = ["wenshi", "young", "news"] as const;
export type LadderKind = (typeof LADDER_KINDS)[number];

const levelSchema = z.strictObject({
  key,
  title: text(2, 24),
  intro: text(10, 200),
  points: z.array(key).min(1).max(8),
  articles: z.array(z.string()).max(6).default([]),
  sample: z.boolean().default(false),
});

const ladderSchema = z.strictObject({
  key,
  kind: z.enum(LADDER_KINDS),
  title: text(2, 24),
  intro: text(10, 300),
  grade: z.enum(GRADES),
  levels: z.array(levelSchema).min(3),
});

const laddersFileSchema = z.strictObject({ ladders: z.array(ladderSchema).default([]) });

export interface LearningEntryRef {
  id: string;
  key: string;
  kind: string;
  name: string;
}

export interface LearningArticleRef {
  id: string;
  key: string;
  title: string;
}

export interface LearningPoint {
  key: string;
  title: string;
  era: Era;
  theme: Theme;
  grades: Grade[];
  lesson: string[];
  entries: LearningEntryRef[];
  articles: LearningArticleRef[];
  /** Keys of the questions that test it, in file order. */
  questionKeys: string[];
  file: string;
}

export type LearningMedia =
  | { kind: "painting"; id: string; key: string; title: string }
  | { kind: "music"; id: string; key: string; title: string };

export interface LearningQuestion {
  key: string;
  pointKey: string;
  era: Era;
  theme: Theme;
  grade: Grade;
  type: QuestionType;
  difficulty: number;
  stem: string;
  options: string[];
  /** Zero-based indexes of the right options, ascending. */
  answer: number[];
  explanation: string;
  entries: LearningEntryRef[];
  media: LearningMedia | null;
  file: string;
}

export interface LearningLevel {
  key: string;
  title: string;
  intro: string;
  pointKeys: string[];
  articles: LearningArticleRef[];
  sample: boolean;
}

export interface LearningLadder {
  key: string;
  kind: LadderKind;
  title: string;
  intro: string;
  grade: Grade;
  levels: LearningLevel[];
}

export interface ContentLearning {
  points: LearningPoint[];
  questions: LearningQuestion[];
  ladders: LearningLadder[];
}

/** What the loader may point at outside the learning files. */
export interface LearningRefs {
  entries: ReadonlyMap<string, LearningEntryRef>;
  articles: ReadonlyMap<string, LearningArticleRef>;
  /** Painting keys (work entries in the painting library) → id and title. */
  paintings: ReadonlyMap<string, { id: string; title: string }>;
  /** Music piece keys → id and title. */
  music: ReadonlyMap<string, { id: string; title: string }>;
}

/** A stable id for a question or point, for URLs: like every other id of the corpus. */
export function learningId(kind: "point" | "question" | "ladder" | "level", k: string): string {
  return createHash("sha1").update(`learning-${kind}:${k}`).digest("hex").slice(0, 24);
}

const EMPTY: ContentLearning = { points: [], questions: [], ladders: [] };

/** Questions every knowledge point must have at least. */
export const QUESTIONS_PER_POINT_MIN = 2;

/**
 * The learning content of a content folder (none when it has no learning/ folder), every
 * reference resolved. Problems go to `issues`, each naming the file, record and field.
 */
export function loadLearning(
  root: string,
  refs: LearningRefs,
  issues: KeyedFileIssue[],
): ContentLearning {
  const dir = join(root, LEARNING_DIR);
  if (!existsSync(dir)) return EMPTY;
  const sources = readdirSync(dir)
    .filter((name) => name.endsWith(".yaml") && name !== LADDERS_FILE)
    .sort()
    .map((name) => ({
      file: `${LEARNING_DIR}/${name}`,
      text: readFileSync(join(dir, name), "utf8"),
    }));
  const laddersPath = join(dir, LADDERS_FILE);
  const ladders = existsSync(laddersPath)
    ? { file: `${LEARNING_DIR}/${LADDERS_FILE}`, text: readFileSync(laddersPath, "utf8") }
    : null;
  return readLearning(sources, ladders, refs, issues);
}

export function readLearning(
  sources: { file: string; text: string }[],
  laddersSource: { file: string; text: string } | null,
  refs: LearningRefs,
  issues: KeyedFileIssue[],
): ContentLearning {
  const rawPoints: { data: z.infer<typeof pointSchema>; file: string }[] = [];
  const rawQuestions: { data: z.infer<typeof questionSchema>; file: string }[] = [];
  for (const { file, text: source } of sources) {
    const data = parseKeyedFile(source, eraFileSchema, file, issues);
    if (!data) continue;
    for (const p of data.points) rawPoints.push({ data: p, file });
    for (const q of data.questions) rawQuestions.push({ data: q, file });
  }

  const entryRefs = (file: string, record: string, keys: string[]) =>
    keys.flatMap((k, i) => {
      const target = refs.entries.get(k);
      if (!target) {
        issues.push({ file, record, field: `entries.${i}`, message: `引用的词条 ${k} 不存在` });
        return [];
      }
      return [target];
    });
  const articleRefs = (file: string, record: string, keys: string[]) =>
    keys.flatMap((k, i) => {
      const target = refs.articles.get(k);
      if (!target) {
        issues.push({ file, record, field: `articles.${i}`, message: `引用的文章 ${k} 不存在` });
        return [];
      }
      return [target];
    });
  const duplicates = (file: string, record: string, field: string, list: string[]) => {
    if (new Set(list).size !== list.length)
      issues.push({ file, record, field, message: "列表里有重复项" });
  };

  const points: LearningPoint[] = [];
  const byPoint = new Map<string, LearningPoint>();
  for (const { data: p, file } of rawPoints) {
    if (byPoint.has(p.key)) {
      issues.push({ file, record: p.key, field: "key", message: "知识点键重复" });
      continue;
    }
    duplicates(file, p.key, "entries", p.entries);
    duplicates(file, p.key, "grades", p.grades);
    const point: LearningPoint = {
      key: p.key,
      title: p.title,
      era: p.era,
      theme: p.theme,
      grades: p.grades,
      lesson: p.lesson,
      entries: entryRefs(file, p.key, p.entries),
      articles: articleRefs(file, p.key, p.articles),
      questionKeys: [],
      file,
    };
    points.push(point);
    byPoint.set(p.key, point);
  }

  const questions: LearningQuestion[] = [];
  const questionKeys = new Set<string>();
  const stems = new Map<string, string>();
  for (const { data: q, file } of rawQuestions) {
    if (questionKeys.has(q.key)) {
      issues.push({ file, record: q.key, field: "key", message: "题目键重复" });
      continue;
    }
    questionKeys.add(q.key);
    const point = byPoint.get(q.point);
    if (!point) {
      issues.push({ file, record: q.key, field: "point", message: `知识点 ${q.point} 不存在` });
      continue;
    }
    const stemKey = q.stem.replace(/\s+/g, "");
    const twin = stems.get(stemKey);
    if (twin)
      issues.push({ file, record: q.key, field: "stem", message: `与题目 ${twin} 题干相同` });
    else stems.set(stemKey, q.key);
    if (new Set(q.options.map((o) => o.replace(/\s+/g, ""))).size !== q.options.length)
      issues.push({ file, record: q.key, field: "options", message: "选项不能重复" });
    const letters = Array.isArray(q.answer) ? q.answer : [q.answer];
    const answer = [...new Set(letters.map((l) => OPTION_LETTERS.indexOf(l)))].sort(
      (a, b) => a - b,
    );
    if (answer.length !== letters.length)
      issues.push({ file, record: q.key, field: "answer", message: "答案里有重复的选项" });
    if (answer.some((i) => i >= q.options.length))
      issues.push({ file, record: q.key, field: "answer", message: "答案指向不存在的选项" });
    if (q.type === "single" && answer.length !== 1)
      issues.push({
        file,
        record: q.key,
        field: "answer",
        message: "单选题须有且只有一个正确答案",
      });
    if (q.type === "multiple" && (answer.length < 2 || answer.length > q.options.length - 1))
      issues.push({
        file,
        record: q.key,
        field: "answer",
        message: "多选题须有至少两个正确答案，且至少一个错误选项",
      });
    if (q.type === "multiple" && q.options.length < 3)
      issues.push({ file, record: q.key, field: "options", message: "多选题至少三个选项" });
    duplicates(file, q.key, "entries", q.entries);
    let media: LearningMedia | null = null;
    if (q.media && "painting" in q.media) {
      const target = refs.paintings.get(q.media.painting);
      if (!target)
        issues.push({
          file,
          record: q.key,
          field: "media.painting",
          message: `名画 ${q.media.painting} 不存在`,
        });
      else media = { kind: "painting", key: q.media.painting, ...target };
    } else if (q.media && "music" in q.media) {
      const target = refs.music.get(q.media.music);
      if (!target)
        issues.push({
          file,
          record: q.key,
          field: "media.music",
          message: `曲目 ${q.media.music} 不存在`,
        });
      else media = { kind: "music", key: q.media.music, ...target };
    }
    point.questionKeys.push(q.key);
    questions.push({
      key: q.key,
      pointKey: q.point,
      era: point.era,
      theme: point.theme,
      grade: q.grade,
      type: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options,
      answer,
      explanation: q.explanation,
      entries: entryRefs(file, q.key, q.entries),
      media,
      file,
    });
  }
  for (const point of points) {
    if (point.questionKeys.length < QUESTIONS_PER_POINT_MIN)
      issues.push({
        file: point.file,
        record: point.key,
        field: "-",
        message: `每个知识点至少要有 ${QUESTIONS_PER_POINT_MIN} 道题，现有 ${point.questionKeys.length} 道`,
      });
  }

  const ladders: LearningLadder[] = [];
  if (laddersSource) {
    const { file } = laddersSource;
    const data = parseKeyedFile(laddersSource.text, laddersFileSchema, file, issues);
    const ladderKeys = new Set<string>();
    const levelKeys = new Set<string>();
    for (const l of data?.ladders ?? []) {
      if (ladderKeys.has(l.key)) {
        issues.push({ file, record: l.key, field: "key", message: "天梯键重复" });
        continue;
      }
      ladderKeys.add(l.key);
      const levels: LearningLevel[] = [];
      l.levels.forEach((level, i) => {
        if (levelKeys.has(level.key))
          issues.push({ file, record: l.key, field: `levels.${i}.key`, message: "关卡键重复" });
        levelKeys.add(level.key);
        level.points.forEach((p, j) => {
          if (!byPoint.has(p))
            issues.push({
              file,
              record: l.key,
              field: `levels.${i}.points.${j}`,
              message: `知识点 ${p} 不存在`,
            });
        });
        levels.push({
          key: level.key,
          title: level.title,
          intro: level.intro,
          pointKeys: level.points,
          articles: articleRefs(file, `${l.key}/${level.key}`, level.articles),
          sample: level.sample,
        });
      });
      if (!levels.some((level) => level.sample))
        issues.push({ file, record: l.key, field: "levels", message: "每条天梯至少要有一关试学" });
      ladders.push({
        key: l.key,
        kind: l.kind,
        title: l.title,
        intro: l.intro,
        grade: l.grade,
        levels,
      });
    }
  }
  return { points, questions, ladders };
}
