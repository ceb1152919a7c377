/**
 * Topic hashtags (spec §5 "Hashtags written between # signs (full or half width) become topic
 * links").
 *
 * - A topic is text between two signs, each either half-width # or full-width ＃ (Chinese
 *   input methods produce either, sometimes one of each).
 * - A topic never spans a line break, is never empty, and does not start or end with
 *   whitespace: "C# 和 F#" and "# 1 #" stay plain text.
 * - The signs are kept as written in the link text; the search link carries the bare topic.
 */

import { escapeHtml } from "./escape-html.ts";

export const TOPIC_LINK_CLASS = "topic-link";
export const TOPIC_SEARCH_PATH = "/search";

export type HashtagSegment =
  | { kind: "text"; text: string }
  | { kind: "topic"; topic: string; raw: string };

// Inner text: no sign and no line break; first and last characters not whitespace.
const HASHTAG_PATTERN = /[#＃]([^#＃\s](?:[^#＃\r\n\u2028\u2029]*[^#＃\s])?)[#＃]/g;

export function topicSearchHref(topic: string): string {
  return `${TOPIC_SEARCH_PATH}?q=${encodeURIComponent(topic)}`;
}

/** Splits text into plain runs and topics, for rendering as React elements. */
export function hashtagSegments(text: string): HashtagSegment[] {
  const segments: HashtagSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const start = match.index;
    const topic = match[1];
    if (topic === undefined) continue;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    segments.push({ kind: "topic", topic, raw: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}

/** HTML with topics as links and every other character escaped; safe to insert as markup. */
export function linkHashtags(text: string): string {
  return hashtagSegments(text)
    .map((segment) =>
      segment.kind === "text"
        ? escapeHtml(segment.text)
        : `<a class="${TOPIC_LINK_CLASS}" href="${escapeHtml(topicSearchHref(segment.topic))}">${escapeHtml(segment.raw)}</a>`,
    )
    .join("");
}
