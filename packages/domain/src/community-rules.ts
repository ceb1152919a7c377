/**
 * Rules of the community (issue 16, Social §3): what a post, a comment, a topic and an image may
 * be, and the reasons a reader can give for reporting a post. Shared by the API (validation),
 * the services and the pages (counters and hints), so that a limit is stated once.
 */
import { hashtagSegments } from "./hashtag.ts";
import { textLength } from "./text-length.ts";

/**
 * A post's text, counted with non-Latin characters as two (spec §5): 2,000, that is 1,000
 * Chinese characters.
 */
export const POST_TEXT_LIMIT = 2000;
/** A comment's text, counted the same way: 300 Chinese characters. */
export const COMMENT_TEXT_LIMIT = 600;
/**
 * What a request may carry as a post's raw text before it is even cleaned and measured: far more
 * than any post may show (markup is cleaned away), far less than a flood (100,000 characters).
 */
export const POST_RAW_MAX_CHARS = 20_000;
export const COMMENT_RAW_MAX_CHARS = 5_000;
/** Issue 16: a post carries at most nine images. */
export const POST_IMAGE_MAX = 9;
/** A topic's text between the # signs, counted as above: 20 Chinese characters. */
export const TOPIC_TEXT_LIMIT = 40;
/** Topics kept per post; any further #…# stays plain text. */
export const POST_TOPIC_MAX = 10;

/** Uploaded images (checked by content on the server). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 16;
export const IMAGE_MAX_SIDE = 10_000;
/** Width × height; also guards the decoder against images that unpack to gigabytes. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side of the stored image and the side of the square list thumbnail. */
export const IMAGE_STORED_SIDE = 2048;
export const IMAGE_THUMB_SIDE = 360;
/** The image types a reader may upload, as the file picker asks for them. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export const REPORT_REASONS = {
  spam: "垃圾广告",
  abuse: "辱骂攻击",
  false: "不实信息",
  illegal: "违法违规",
  other: "其他",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_NOTE_MAX = 200;

export const COMMUNITY_PAGE_SIZE = 10;

/**
 * The community's API prefix (packages/contracts/src/community.ts): `/n/` calls answer anyone,
 * `/y/` calls need login. Here, not in the contracts, so that pages call it without loading zod.
 */
export const COMMUNITY_API = "/api/m/social/community/v1";

export type PostStatus = "visible" | "hidden";

/** The key a topic is stored and looked up by: full-width letters and case do not matter. */
export function topicKey(topic: string): string {
  return topic.normalize("NFKC").trim().toLowerCase();
}

/** Whether text between # signs is short enough to be a topic. */
export function isTopicText(topic: string): boolean {
  return textLength(topic) <= TOPIC_TEXT_LIMIT;
}

/**
 * The topics of a text (spec §5: between # signs, full or half width), each once by its key,
 * in the order written, at most {@link POST_TOPIC_MAX}.
 */
export function postTopics(text: string): { key: string; name: string }[] {
  const topics = new Map<string, string>();
  for (const segment of hashtagSegments(text)) {
    if (segment.kind !== "topic" || !isTopicText(segment.topic)) continue;
    const key = topicKey(segment.topic);
    if (key && !topics.has(key)) topics.set(key, segment.topic);
    if (topics.size >= POST_TOPIC_MAX) break;
  }
  return [...topics].map(([key, name]) => ({ key, name }));
}

/** Where a topic's posts are listed (the topic page, beyond spec §2). */
export function topicPath(topic: string): string {
  return `/community/topic?name=${encodeURIComponent(topic)}`;
}

export function postPath(id: string): string {
  return `/community/detail?id=${id}`;
}

/** A circle's page; with `userId`, as shared by that member (spec §2 group-share). */
export function circlePath(circleId: string, userId?: string | null): string {
  return `/group/share?circleId=${circleId}${userId ? `&userId=${userId}` : ""}`;
}

export function composerPath(circleId?: string | null): string {
  return circleId ? `/community/send?circleId=${circleId}` : "/community/send";
}
