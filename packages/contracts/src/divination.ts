import { z } from "zod";

// 求签 (/divination, decision 42): the lots file, one lot, a draw, and the page's view.

const grade = z.enum(["上上", "上吉", "中吉", "中平", "下平"]);

export const lotSchema = z.strictObject({
  number: z.number().int().min(1).max(999),
  grade,
  title: z.string().trim().min(2).max(8),
  verse: z.string().trim().min(4).max(80),
  work: z.string().trim().min(2).max(40),
  author: z.string().trim().min(1).max(30),
  reading: z.string().trim().min(20).max(300),
});

/** content/campaigns/divination/lots.yaml */
export const lotsFileSchema = z.strictObject({ lots: z.array(lotSchema).min(1) });

/** A lot as the page shows it. */
export const lotView = lotSchema.extend({
  /** 第十二签 */
  label: z.string(),
  /** 李白《早发白帝城》 */
  source: z.string(),
  /** The link any reader can open to see this lot. */
  link: z.string(),
});
export type LotView = z.infer<typeof lotView>;

export const lotParams = z.object({
  number: z.coerce.number().int("签号不正确").min(1, "签号不正确").max(999, "签号不正确"),
});

export const drawResult = z.object({
  lot: lotView,
  /** China day (YYYY-MM-DD) of the draw. */
  day: z.string(),
  drawnAt: z.string(),
  /** false: the reader had drawn today already, and this is that lot. */
  fresh: z.boolean(),
  /** Rewards given by this draw. */
  granted: z.array(z.string()),
});
export type DrawResult = z.infer<typeof drawResult>;

export const divinationView = z.object({
  /** How many lots the set has. */
  lotCount: z.number().int(),
  signedIn: z.boolean(),
  /** Today's lot, once drawn. */
  today: drawResult.omit({ granted: true, fresh: true }).nullable(),
  /** The reader's lots, newest first. */
  history: z.array(
    z.object({
      day: z.string(),
      drawnAt: z.string(),
      number: z.number().int(),
      label: z.string(),
      grade,
      title: z.string(),
    }),
  ),
  note: z.string(),
});
export type DivinationView = z.infer<typeof divinationView>;
