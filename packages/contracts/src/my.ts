import { SAVED_KINDS } from "@tongjian/domain/saved-kinds";
import { z } from "zod";
import { id, listPage, pageNumber, pageSize } from "./common.ts";

// My pages and follows (issue 16, Social §1–2): POST /api/m/social/v1/y/focus (spec §7), a
// reader's public profile and their follow lists under /api/m/social/v1/n/user, and the signed-in
// reader's own lists under /api/m/social/v1/y/my.

/** Lists of my pages are paged; a page holds at most this many. */
export const MY_PAGE_SIZE_MAX = 50;
export const MY_PAGE_SIZE_DEFAULT = 20;

const myPageQuery = {
  page: pageNumber.default(1),
  size: pageSize(MY_PAGE_SIZE_MAX).default(MY_PAGE_SIZE_DEFAULT),
};

export const readKind = z.enum(["entry", "article"], { error: "类型只支持 entry 或 article" });
export type ReadKind = z.infer<typeof readKind>;

// --- Follows ---

/** An account id: 24 hex characters. */
export const userId = z
  .string({ error: "缺少 userId" })
  .regex(/^[0-9a-f]{24}$/, "userId 应为 24 位十六进制字符");

/** Spec §7: `{ userId }`; without `action` the call switches between following and not. */
export const focusBody = z.object({
  userId,
  action: z
    .union([z.enum(["follow", "unfollow"]), z.literal(1), z.literal(0)], {
      error: "action 只能是 follow、unfollow、1 或 0",
    })
    .optional(),
  language: z.string().max(8).optional(),
});

/** After a follow or unfollow: whether the caller follows the reader now, and the reader's counts. */
export const focusStatus = z.object({
  userId: z.string(),
  following: z.boolean(),
  followerNum: z.number().int(),
  followingNum: z.number().int(),
});
export type FocusStatus = z.infer<typeof focusStatus>;

export const userParams = z.object({ userId });
export const peopleQuery = z.object(myPageQuery);

/** A reader's public profile: name, avatar, counts, and how the caller stands to them. */
export const readerProfile = z.object({
  userId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  followerNum: z.number().int(),
  followingNum: z.number().int(),
  /** The caller follows this reader. */
  following: z.boolean(),
  /** This is the caller's own profile. */
  isSelf: z.boolean(),
});
export type ReaderProfile = z.infer<typeof readerProfile>;

/** A reader in a follow list. */
export const readerCard = z.object({
  userId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** When the follow was made. */
  since: z.string(),
  /** The caller follows this reader (false for anonymous callers). */
  following: z.boolean(),
});
export type ReaderCard = z.infer<typeof readerCard>;
export const readerPage = listPage(readerCard);
export type ReaderPage = z.infer<typeof readerPage>;

// --- The signed-in reader's lists ---

/** An entry or article a reader liked or read, as my lists show it. */
const myItem = {
  id: z.string(),
  type: readKind,
  title: z.string(),
  /** The entry's kind (人物, 政权 …) or the article's section. */
  label: z.string(),
  summary: z.string(),
};

export const likedItem = z.object({ ...myItem, likedAt: z.string() });
export type LikedItem = z.infer<typeof likedItem>;
export const likedPage = listPage(likedItem);
export type LikedPage = z.infer<typeof likedPage>;
export const likesQuery = z.object({ type: readKind.optional(), ...myPageQuery });

export const readItem = z.object({
  ...myItem,
  firstReadAt: z.string(),
  readAt: z.string(),
  readCount: z.number().int(),
});
export type ReadItem = z.infer<typeof readItem>;
export const readPage = listPage(readItem);
export type ReadPage = z.infer<typeof readPage>;
export const historyQuery = z.object({ type: readKind.optional(), ...myPageQuery });

/** The device's history handed to the account at sign-in (at most the device's 100). */
export const HISTORY_MERGE_MAX = 100;
export const historyMergeBody = z.object({
  items: z
    .array(
      z.object({
        type: readKind,
        id,
        readAt: z.iso.datetime({ error: "readAt 应为 ISO 8601 时间" }),
        count: z
          .number({ error: "count 应为整数" })
          .int("count 应为整数")
          .min(1, "count 至少为 1")
          .max(1000, "count 至多为 1000"),
      }),
      { error: "items 应为数组" },
    )
    .max(HISTORY_MERGE_MAX, `一次至多合并 ${HISTORY_MERGE_MAX} 条`),
});
export const historyMerged = z.object({ merged: z.number().int() });
export const historyCleared = z.object({ cleared: z.number().int() });

export const savedKind = z.enum(SAVED_KINDS, { error: "kind 只支持 abpath 或 graph" });
export const savedItem = z.object({
  id: z.string(),
  kind: savedKind,
  /** What the kind is called (关系路径 …). */
  kindLabel: z.string(),
  refId: z.string(),
  title: z.string(),
  /** The screen that opens it. */
  href: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedItem = z.infer<typeof savedItem>;
export const savedPage = listPage(savedItem);
export type SavedPage = z.infer<typeof savedPage>;
export const savedQuery = z.object({ kind: savedKind.optional(), ...myPageQuery });
export const savedRemoveBody = z.object({ id });
export const savedRemoved = z.object({ removed: z.boolean() });

/** What a graph screen saves (the `saved` service checks it; no HTTP call writes it yet). */
export const saveInput = z.object({
  kind: savedKind,
  refId: z
    .string()
    .min(1, "缺少保存对象的编号")
    .max(64, "编号至多 64 个字符")
    .regex(/^[\w-]+$/, "编号只能含字母、数字、- 和 _"),
  title: z.string().trim().min(1, "标题不能为空").max(60, "标题至多 60 个字"),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type SaveInput = z.input<typeof saveInput>;

/** How many items of each kind a reader saved, with what each kind is and will hold. */
export const savedCounts = z.object({
  total: z.number().int(),
  kinds: z.array(
    z.object({ kind: savedKind, label: z.string(), empty: z.string(), count: z.number().int() }),
  ),
});
export type SavedCounts = z.infer<typeof savedCounts>;

/**
 * A section of /my that a later feature fills (orders, study progress …): the registry in
 * packages/services/src/my/my-slots.ts lists them; each is empty until its feature loads items.
 */
export const mySlot = z.object({
  key: z.string(),
  title: z.string(),
  /** What the section will hold, shown while it holds nothing. */
  emptyText: z.string(),
  /** The feature's own page, once it exists. */
  moreHref: z.string().nullable(),
  /** A feature fills it already (false: 即将开放, no feature behind it yet). */
  ready: z.boolean(),
  items: z.array(z.object({ title: z.string(), href: z.string(), meta: z.string().nullable() })),
});
export type MySlot = z.infer<typeof mySlot>;

/** /my at a glance: the reader, the latest of each list, the counts and the slots. */
export const myOverview = z.object({
  profile: readerProfile,
  /** "visitor": a WeChat visitor without an account (no profile to edit, no follows). */
  role: z.enum(["visitor", "user", "admin"]),
  phone: z.string().nullable(),
  reads: readPage,
  likes: likedPage,
  following: readerPage,
  saved: savedCounts,
  slots: z.array(mySlot),
});
export type MyOverview = z.infer<typeof myOverview>;
