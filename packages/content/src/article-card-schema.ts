import { z } from "zod";
import { historicalDateSchema, keySchema } from "./content-schema.ts";

// Cards embedded in article bodies (docs/content-format.md "Cards in articles"): a fenced block
// ```card holding YAML, one card per block. This file is the format's executable form.

const year = z
  .number()
  .int()
  .refine((y) => y !== 0, "没有公元0年");
const title = z.string().trim().min(1, "标题不能为空").max(40, "标题至多 40 个字符");
const note = z.string().trim().min(1).max(160, "说明至多 160 个字符");
const dateOrYear = z.union([year, historicalDateSchema]);

/** Only files this site serves itself: the product downloads nothing at run time. */
const LOCAL_MEDIA = /^\/media\/[A-Za-z0-9._/-]+$/;
const localPath = (what: string) =>
  z
    .string()
    .regex(LOCAL_MEDIA, `${what}只能是本站 /media/ 下的文件`)
    .refine((p) => !p.includes(".."), `${what}不能包含 ..`);

export const timelineCardSchema = z.strictObject({
  type: z.literal("timeline"),
  title,
  events: z.array(keySchema).min(2, "时间线至少 2 个事件").max(12, "时间线至多 12 个事件"),
});

export const timeMapCardSchema = z.strictObject({
  type: z.literal("timemap"),
  title: title.optional(),
  regime: keySchema,
  year,
  note: note.optional(),
});

export const paintingCardSchema = z.strictObject({
  type: z.literal("painting"),
  /** Names the painting; its page id is derived from it like every other id. */
  key: keySchema,
  title,
  painter: keySchema,
  year: dateOrYear.optional(),
  medium: z.string().trim().min(1).max(20).optional(),
  holder: z.string().trim().min(1).max(30).optional(),
  note: note.optional(),
});

export const bookCardSchema = z.strictObject({
  type: z.literal("book"),
  title,
  /** The book's key in content/books.yaml: the card links to /book/{key}. */
  book: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "书的键须为小写字母与数字")
    .optional(),
  author: keySchema.optional(),
  era: z.string().trim().min(1).max(20).optional(),
  note,
});

export const videoCardSchema = z.strictObject({
  type: z.literal("video"),
  title,
  src: localPath("视频地址").optional(),
  poster: localPath("封面地址").optional(),
  note: note.optional(),
});

export const sceneCardSchema = z.strictObject({
  type: z.literal("scene"),
  title,
  place: keySchema,
  year,
  note,
});

export const galleryCardSchema = z.strictObject({
  type: z.literal("gallery"),
  title,
  articles: z.array(keySchema).min(2, "图集至少 2 张").max(6, "图集至多 6 张"),
});

export const CARD_TYPES = [
  "timeline",
  "timemap",
  "painting",
  "book",
  "video",
  "scene",
  "gallery",
] as const;

export const articleCardSchema = z.discriminatedUnion(
  "type",
  [
    timelineCardSchema,
    timeMapCardSchema,
    paintingCardSchema,
    bookCardSchema,
    videoCardSchema,
    sceneCardSchema,
    galleryCardSchema,
  ],
  { error: `type 必须是 ${CARD_TYPES.join("、")} 之一` },
);

export type ArticleCardSpec = z.infer<typeof articleCardSchema>;
