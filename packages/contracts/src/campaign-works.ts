import { z } from "zod";

// Readers' works in campaigns (issue 22, decision 46): 文史奖励 and 作品征集. A work is submitted,
// waits for a moderator, is listed once approved; readers like it once each.

export const workCampaignKey = z.enum(["wenshireward", "workcollection"], {
  message: "活动不存在",
});

export const workKeyParams = z.object({ key: workCampaignKey });
export const workIdParams = z.object({
  key: workCampaignKey,
  id: z.string().regex(/^[0-9a-f]{24}$/, "作品不存在"),
});

export const workListQuery = z.object({
  order: z.enum(["newest", "popular"]).default("newest"),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});

/** What a reader sends; lengths are checked after the text is cleaned (decision 46). */
export const newWorkBody = z.object({
  title: z.string().max(200, "标题过长"),
  text: z.string().max(20_000, "正文过长"),
  imageIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, "图片无效"))
    .max(9, "图片至多 9 张")
    .default([]),
});

export const workModerationQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
});

export const workModerationBody = z.object({
  workId: z.string().regex(/^[0-9a-f]{24}$/, "作品不存在"),
  action: z.enum(["approve", "reject"]),
  reason: z.string().trim().max(200, "理由至多 200 字").optional(),
});

export const workImageFileParams = z.object({
  file: z.string().regex(/^[0-9a-f]{24}(?:\.thumb)?\.(?:jpg|png)$/, "文件名无效"),
});

const status = z.enum(["pending", "approved", "rejected"]);

export const workImage = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type WorkImage = z.infer<typeof workImage>;

export const work = z.object({
  id: z.string(),
  campaignKey: z.string(),
  title: z.string(),
  /** Plain text; pages split it into paragraphs at line breaks. */
  text: z.string(),
  excerpt: z.string(),
  images: z.array(workImage),
  author: z.object({ id: z.string(), name: z.string() }),
  status,
  statusLabel: z.string(),
  /** The moderator's reason, shown to the author of a rejected work. */
  reason: z.string().nullable(),
  likes: z.number().int(),
  liked: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type Work = z.infer<typeof work>;

export const workList = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
  list: z.array(work),
});
export type WorkList = z.infer<typeof workList>;

export const myWorks = z.object({ signedIn: z.boolean(), list: z.array(work) });
export type MyWorks = z.infer<typeof myWorks>;

export const workLikeStatus = z.object({ liked: z.boolean(), likes: z.number().int() });
export type WorkLikeStatus = z.infer<typeof workLikeStatus>;

export const worksData = z.object({
  key: z.string(),
  works: z.number().int(),
  authors: z.number().int(),
  likes: z.number().int(),
  pending: z.number().int(),
  /** Approved works per China day, from the start to today (or the end). */
  perDay: z.array(z.object({ day: z.string(), works: z.number().int(), likes: z.number().int() })),
  top: z.array(
    z.object({ id: z.string(), title: z.string(), author: z.string(), likes: z.number().int() }),
  ),
  /** The prizes given when the campaign ended, by place. */
  awards: z.array(
    z.object({
      place: z.number().int(),
      workId: z.string(),
      title: z.string(),
      author: z.string(),
      likes: z.number().int(),
      reward: z.string(),
    }),
  ),
});
export type WorksData = z.infer<typeof worksData>;
