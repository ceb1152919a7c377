import {
  COMMENT_RAW_MAX_CHARS,
  POST_IMAGE_MAX,
  POST_RAW_MAX_CHARS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  TOPIC_TEXT_LIMIT,
} from "@tongjian/domain/community-rules";
import { z } from "zod";
import { id, listPage, pageNumber, pageSize } from "./common.ts";

// The community (issue 16, Social §3), under /api/m/social/community/v1: `/n/` calls answer
// anyone, `/y/` calls need login (decision 18: 600 when anonymous). Writes need an account
// (a WeChat visitor is asked to bind a phone first).

export { COMMUNITY_API } from "@tongjian/domain/community-rules";

const reasonKeys = Object.keys(REPORT_REASONS) as [
  keyof typeof REPORT_REASONS,
  ...(keyof typeof REPORT_REASONS)[],
];

export const pageQuery = z.object({
  page: pageNumber.default(1),
  size: pageSize(50).default(10),
});

export const circleIdParams = z.object({ id });
export const postIdParams = z.object({ id });

export const postListQuery = pageQuery.extend({
  circleId: id.optional(),
  topic: z
    .string()
    .trim()
    .min(1, "话题不能为空")
    .max(TOPIC_TEXT_LIMIT, `话题至多 ${TOPIC_TEXT_LIMIT} 个字符`)
    .optional(),
  authorId: id.optional(),
});

export const membershipBody = z.object({
  circleId: id,
  action: z.enum(["join", "leave"], { error: "action 只能是 join 或 leave" }),
  language: z.string().max(8).optional(),
});

export const newPostBody = z.object({
  circleId: id,
  text: z
    .string({ error: "请填写正文" })
    .max(POST_RAW_MAX_CHARS, `正文过长：一次至多提交 ${POST_RAW_MAX_CHARS} 个字符`),
  imageIds: z.array(id).max(POST_IMAGE_MAX, `一条帖子至多 ${POST_IMAGE_MAX} 张图片`).default([]),
  language: z.string().max(8).optional(),
});

export const newCommentBody = z.object({
  postId: id,
  text: z
    .string({ error: "请填写评论" })
    .max(COMMENT_RAW_MAX_CHARS, `评论过长：一次至多提交 ${COMMENT_RAW_MAX_CHARS} 个字符`),
  language: z.string().max(8).optional(),
});

export const postLikeBody = z.object({
  postId: id,
  action: z.union([z.enum(["like", "unlike"]), z.literal(1), z.literal(0)], {
    error: "action 只能是 like、unlike、1 或 0",
  }),
  language: z.string().max(8).optional(),
});

export const reportBody = z.object({
  postId: id,
  reason: z.enum(reasonKeys, { error: "请选择举报原因" }),
  note: z.string().trim().max(REPORT_NOTE_MAX, `补充说明至多 ${REPORT_NOTE_MAX} 个字符`).optional(),
  language: z.string().max(8).optional(),
});

export const moderationQuery = pageQuery.extend({
  filter: z.enum(["reported", "hidden", "recent"]).default("reported"),
});

export const moderationBody = z.object({
  postId: id,
  action: z.enum(["hide", "restore", "keep"], { error: "action 只能是 hide、restore 或 keep" }),
  reason: z.string().trim().max(200, "理由至多 200 个字符").optional(),
  language: z.string().max(8).optional(),
});

export const mediaFileParams = z.object({
  file: z.string().regex(/^[0-9a-f]{24}(?:\.thumb)?\.(?:jpg|png)$/, "文件名无效"),
});

// Replies.

export const circle = z.object({
  id: z.string(),
  name: z.string(),
  intro: z.string(),
  memberCount: z.number().int(),
  postCount: z.number().int(),
  /** Whether the signed-in reader is a member; false for anyone else. */
  joined: z.boolean(),
});
export type Circle = z.infer<typeof circle>;

export const circleList = listPage(circle);

export const person = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type Person = z.infer<typeof person>;

export const circlePage = circle.extend({
  /** The member who shared the page (group-share's userId), when they are one. */
  inviter: person.nullable(),
});
export type CirclePage = z.infer<typeof circlePage>;

export const bodySegment = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("link"), href: z.string(), text: z.string() }),
  z.object({ kind: z.literal("topic"), topic: z.string(), raw: z.string() }),
]);

export const postImage = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof postImage>;

export const post = z.object({
  id: z.string(),
  circle: z.object({ id: z.string(), name: z.string() }),
  author: person,
  body: z.array(bodySegment),
  /** Plain text, for shares and descriptions. */
  text: z.string(),
  images: z.array(postImage),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  viewCount: z.number().int(),
  liked: z.boolean(),
  /** "hidden" is shown only to its author and to moderators. */
  status: z.enum(["visible", "hidden"]),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof post>;

export const postList = listPage(post);
export type PostList = z.infer<typeof postList>;

export const comment = z.object({
  id: z.string(),
  author: person,
  body: z.array(bodySegment),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof comment>;
export const commentList = listPage(comment);
export type CommentList = z.infer<typeof commentList>;

export const membership = z.object({ joined: z.boolean(), memberCount: z.number().int() });
export type Membership = z.infer<typeof membership>;

export const postLikeStatus = z.object({ liked: z.boolean(), likeNum: z.number().int() });
export type PostLikeStatus = z.infer<typeof postLikeStatus>;

export const reportResult = z.object({ reported: z.boolean(), alreadyReported: z.boolean() });

export const uploadedImage = postImage;
export type UploadedImage = PostImage;

export const featuredReader = person.extend({
  posts: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
});
export type FeaturedReader = z.infer<typeof featuredReader>;
export const featuredReaders = z.array(featuredReader);

export const queueItem = post.extend({
  openReports: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  lastDecision: z
    .object({ action: z.string(), reason: z.string().nullable(), at: z.string(), by: z.string() })
    .nullable(),
});
export type QueueItem = z.infer<typeof queueItem>;
export const moderationQueue = listPage(queueItem);
export type ModerationQueue = z.infer<typeof moderationQueue>;
