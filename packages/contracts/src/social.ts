import { z } from "zod";
import { id, lang } from "./common.ts";

// Likes: GET /api/social/like/check/:lang/:id/:type (the type may be left out),
// POST /api/social/like/send.

export const likeType = z.enum(["entry", "article"], { error: "类型只支持 entry 或 article" });
export type LikeType = z.infer<typeof likeType>;

export const likeCheckParams = z.object({ lang, id, type: likeType });
/** Spec §7: without the type segment, the item is an entry. */
export const likeCheckEntryParams = z.object({ lang, id });

export const likeSendBody = z.object({
  itemId: id,
  socialId: z.string().max(64).optional(),
  type: likeType.default("entry"),
  action: z.union([z.enum(["like", "unlike"]), z.literal(1), z.literal(0)], {
    error: "action 只能是 like、unlike、1 或 0",
  }),
  language: z.string().max(8).optional(),
});

/** Whether the signed-in visitor likes the item, and how many do. */
export const likeStatus = z.object({ liked: z.boolean(), likeNum: z.number().int() });
export type LikeStatus = z.infer<typeof likeStatus>;
