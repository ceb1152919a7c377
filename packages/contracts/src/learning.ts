import {
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  ERAS,
  GRADES,
  QUESTION_TYPES,
  THEMES,
} from "@tongjian/domain/learning";
import { z } from "zod";
import { id } from "./common.ts";

// Shapes every learning screen shares (issue 20): a question as a page may see it before it is
// answered (no answer, no explanation), what marking an answer returns, and a knowledge point's
// card. Each area (depth tests, ladders, knowledge points, challenges, study records) adds its
// own calls in its own contract file and reuses these.

export const grade = z.enum(GRADES, { error: "年级只能是 primary、junior、senior 或 general" });
export const era = z.enum(ERAS, { error: "没有这个时代" });
export const theme = z.enum(THEMES, { error: "没有这个主题" });

export const learningEntryRef = z.object({
  id,
  key: z.string(),
  kind: z.string(),
  name: z.string(),
});
export const learningArticleRef = z.object({ id, key: z.string(), title: z.string() });

export const questionMedia = z.object({
  kind: z.enum(["painting", "music"]),
  id,
  key: z.string(),
  title: z.string(),
  /** The picture (painting preview) or the audio (synthesised WAV) to show with the stem. */
  url: z.string(),
});

/** A question as a page sees it before answering: no answer, no explanation. */
export const publicQuestion = z.object({
  id,
  key: z.string(),
  type: z.enum(QUESTION_TYPES),
  isSingleChoice: z.boolean(),
  difficulty: z.number().int().min(DIFFICULTY_MIN).max(DIFFICULTY_MAX),
  stem: z.string(),
  options: z.array(z.string()),
  pointKey: z.string(),
  era,
  theme,
  media: questionMedia.nullable(),
});
export type PublicQuestion = z.infer<typeof publicQuestion>;

/** A question after it was answered: the right options, why, and the entries it tests. */
export const markedQuestion = publicQuestion.extend({
  chosen: z.array(z.number().int().min(0)),
  answer: z.array(z.number().int().min(0)),
  correct: z.boolean(),
  explanation: z.string(),
  entries: z.array(learningEntryRef),
  pointTitle: z.string(),
});
export type MarkedQuestion = z.infer<typeof markedQuestion>;

/** One answer as a page sends it: a question id and the chosen option indexes. */
export const answerItem = z.object({
  questionId: id,
  chosen: z
    .array(z.number().int().min(0).max(5))
    .max(6)
    .refine((list) => new Set(list).size === list.length, "选项不能重复"),
});
export type AnswerItem = z.infer<typeof answerItem>;

export const pointCard = z.object({
  id,
  key: z.string(),
  title: z.string(),
  era,
  eraLabel: z.string(),
  theme,
  themeLabel: z.string(),
  grades: z.array(grade),
  questionCount: z.number().int(),
});
export type PointCard = z.infer<typeof pointCard>;

export const pointDetail = pointCard.extend({
  lesson: z.array(z.string()),
  entries: z.array(learningEntryRef),
  articles: z.array(learningArticleRef),
});
export type PointDetail = z.infer<typeof pointDetail>;
