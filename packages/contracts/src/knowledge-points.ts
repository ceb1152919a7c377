import { SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { z } from "zod";
import { id } from "./common.ts";
import {
  answerItem,
  era,
  grade,
  markedQuestion,
  pointCard,
  pointDetail,
  publicQuestion,
  theme,
} from "./learning.ts";

// The knowledge points (知识点, issue 20): the hub by era and theme, a point's page, practice
// rounds marked on the server, the reader's mastery, 知识碎片 cards, 知识清单 and the courses.

/** A point is named in an address by its id or its key. */
export const pointRef = z
  .string()
  .min(1, "请指定知识点")
  .max(60, "知识点编号过长")
  .regex(/^[a-z0-9-]+$/, "知识点编号格式不对");
export const pointParams = z.object({ id: pointRef });

export const pointFilter = z.object({
  grade: grade.optional(),
  era: era.optional(),
  theme: theme.optional(),
  q: z.string().trim().max(SEARCH_KEYWORD_MAX_LENGTH, "搜索词过长").optional(),
});
export type PointFilter = z.infer<typeof pointFilter>;

export const masteryView = z.object({
  level: z.enum(["none", "learning", "mastered"]),
  label: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  rounds: z.number().int(),
  /** Whole per cent right over every round. */
  accuracy: z.number().int(),
});
export type MasteryView = z.infer<typeof masteryView>;

/** A point in a list, with the reader's mastery when signed in (null for visitors). */
export const pointItem = pointCard.extend({ mastery: masteryView.nullable() });
export type PointItem = z.infer<typeof pointItem>;

export const pointHub = z.object({
  grade: grade.nullable(),
  q: z.string(),
  total: z.number().int(),
  signedIn: z.boolean(),
  mastered: z.number().int(),
  /** The timeline: eras in time order, each with its points (eras without any are left out). */
  eras: z.array(
    z.object({
      era,
      label: z.string(),
      count: z.number().int(),
      points: z.array(pointItem),
    }),
  ),
  themes: z.array(z.object({ theme, label: z.string(), count: z.number().int() })),
});
export type PointHub = z.infer<typeof pointHub>;

export const pointList = z.object({
  title: z.string(),
  era: era.nullable(),
  theme: theme.nullable(),
  grade: grade.nullable(),
  signedIn: z.boolean(),
  points: z.array(pointItem),
});
export type PointList = z.infer<typeof pointList>;

export const pointPage = z.object({
  point: pointDetail,
  mastery: masteryView.nullable(),
  signedIn: z.boolean(),
  related: z.array(pointCard),
  /** The era's course this point belongs to. */
  course: z.object({ key: z.string(), title: z.string() }),
});
export type PointPage = z.infer<typeof pointPage>;

export const roundBody = z.object({ point: pointRef, grade: grade.optional() });
export const roundParams = z.object({
  round: z.string().regex(/^[0-9a-f]{32}$/, "练习编号格式不对"),
});
export const practiceRound = z.object({
  round: z.string(),
  point: z.object({ id, key: z.string(), title: z.string() }),
  questions: z.array(publicQuestion),
  /** Whether the round's result will be kept (signed-in readers only). */
  stored: z.boolean(),
});
export type PracticeRound = z.infer<typeof practiceRound>;

export const roundAnswerBody = answerItem;
export const roundAnswer = z.object({
  marked: markedQuestion,
  answered: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  finished: z.boolean(),
  stored: z.boolean(),
  /** The reader's mastery after the round, when it ended and was kept. */
  mastery: masteryView.nullable(),
});
export type RoundAnswer = z.infer<typeof roundAnswer>;

export const chipParams = z.object({ ref: pointRef });
export const chipDeck = z.object({
  title: z.string(),
  /** "era" for an era's deck, "point" for one point's. */
  kind: z.enum(["era", "point"]),
  ref: z.string(),
  cards: z.array(
    z.object({
      text: z.string(),
      source: z.enum(["lesson", "explanation"]),
      point: z.object({ id, key: z.string(), title: z.string() }),
    }),
  ),
});
export type ChipDeck = z.infer<typeof chipDeck>;

export const knowlistQuery = z.object({ grade: grade.optional() });
export const knowlist = z.object({
  grade: grade.nullable(),
  signedIn: z.boolean(),
  total: z.number().int(),
  mastered: z.number().int(),
  eras: z.array(z.object({ era, label: z.string(), points: z.array(pointItem) })),
});
export type Knowlist = z.infer<typeof knowlist>;

export const courseCard = z.object({
  key: z.string(),
  kind: z.enum(["era", "theme"]),
  title: z.string(),
  points: z.number().int(),
  questions: z.number().int(),
  free: z.number().int(),
});
export type CourseCard = z.infer<typeof courseCard>;
export const courseCatalogue = z.object({
  hasAccess: z.boolean(),
  signedIn: z.boolean(),
  productPath: z.string(),
  courses: z.array(courseCard),
});
export type CourseCatalogue = z.infer<typeof courseCatalogue>;

export const courseParams = z.object({
  key: z
    .string()
    .max(40, "课程编号过长")
    .regex(/^(era|theme)-[a-z-]+$/, "课程编号格式不对"),
});
export const courseView = z.object({
  course: courseCard,
  hasAccess: z.boolean(),
  signedIn: z.boolean(),
  productPath: z.string(),
  syllabus: z.array(
    z.object({
      position: z.number().int(),
      open: z.boolean(),
      point: pointItem,
    }),
  ),
});
export type CourseView = z.infer<typeof courseView>;

export const courseLessonParams = courseParams.extend({ id: pointRef });
export const courseLesson = z.object({
  course: courseCard,
  position: z.number().int(),
  open: z.boolean(),
  hasAccess: z.boolean(),
  productPath: z.string(),
  /** The lesson; null when the point is locked (the title stays in `title`). */
  point: pointDetail.nullable(),
  title: z.string(),
  prev: z.object({ id, title: z.string() }).nullable(),
  next: z.object({ id, title: z.string() }).nullable(),
});
export type CourseLesson = z.infer<typeof courseLesson>;

export const entryPointsParams = z.object({ entryId: id });

export const qrQuery = z.object({
  path: z
    .string({ error: "请给出二维码指向的地址" })
    .min(1, "请给出二维码指向的地址")
    .max(300, "地址过长"),
});

/** A share card's size when a thumbnail is asked for (both or neither). */
const cardSide = (max: number) =>
  z.coerce
    .number({ error: "尺寸应为数字" })
    .int("尺寸应为整数")
    .min(16, "尺寸至少 16")
    .max(max, `尺寸至多 ${max}`);
export const cardQuery = z
  .object({ w: cardSide(750).optional(), h: cardSide(1000).optional() })
  .refine((q) => (q.w === undefined) === (q.h === undefined), "宽和高要一起给出");
