/**
 * A post's or comment's body (issue 16): what a reader typed is cleaned in link-only mode (spec
 * §5: only `<a>` with href, data-id and class survives; script and style bodies go with their
 * text), kept as that HTML, and shown as segments (text, links and `#话题#` topics) that the
 * page renders as elements, never as markup.
 */
import { isTopicText, POST_TOPIC_MAX, topicKey } from "./community-rules.ts";
import { sanitizeLinksOnly } from "./content-sanitizer.ts";
import { hashtagSegments } from "./hashtag.ts";

export type BodySegment =
  | { kind: "text"; text: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "topic"; topic: string; raw: string };

export interface CleanBody {
  /** Link-only HTML, as stored. */
  html: string;
  /** What a reader sees, as plain text (excerpts, topics, length). */
  text: string;
}

// sanitize-html writes text with &, <, > and " escaped, and attribute values in double quotes.
const ENTITY = /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, dec: string, hex: string, name: string) => {
    if (name) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex, 16);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : whole;
  });
}

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;
const HREF = /\bhref="([^"]*)"/i;
const ANY_TAG = /<[^>]*>/g;

/** Text and links of link-only HTML (the output of sanitizeLinksOnly), in order. */
function linkRuns(
  html: string,
): ({ kind: "text"; text: string } | { kind: "link"; href: string; text: string })[] {
  const runs: ({ kind: "text"; text: string } | { kind: "link"; href: string; text: string })[] =
    [];
  let last = 0;
  const text = (raw: string) => {
    const value = decodeEntities(raw.replace(ANY_TAG, ""));
    if (value) runs.push({ kind: "text", text: value });
  };
  for (const match of html.matchAll(ANCHOR)) {
    text(html.slice(last, match.index));
    const href = HREF.exec(match[1] ?? "")?.[1];
    const label = decodeEntities((match[2] ?? "").replace(ANY_TAG, ""));
    if (href)
      runs.push({ kind: "link", href: decodeEntities(href), text: label || decodeEntities(href) });
    else if (label) runs.push({ kind: "text", text: label });
    last = match.index + match[0].length;
  }
  text(html.slice(last));
  return runs;
}

/** Cleans what a reader typed: link-only HTML and its plain text, trimmed. */
export function cleanBody(raw: string): CleanBody {
  // Line ends as one kind, and no control characters but line breaks and tabs.
  const normalised = raw
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "");
  const html = sanitizeLinksOnly(normalised).trim();
  const text = linkRuns(html)
    .map((run) => run.text)
    .join("")
    .trim();
  return { html, text };
}

/**
 * The segments a page renders: text runs split into topics where `#…#` encloses a short enough
 * topic (at most {@link POST_TOPIC_MAX} different ones, as stored), links as they are (a topic
 * inside a link's text stays part of the link).
 */
export function bodySegments(html: string): BodySegment[] {
  const segments: BodySegment[] = [];
  const seen = new Set<string>();
  const push = (segment: BodySegment) => {
    const previous = segments[segments.length - 1];
    if (segment.kind === "text" && previous?.kind === "text") previous.text += segment.text;
    else segments.push(segment);
  };
  for (const run of linkRuns(html)) {
    if (run.kind === "link") {
      push(run);
      continue;
    }
    for (const part of hashtagSegments(run.text)) {
      if (part.kind === "text") {
        push({ kind: "text", text: part.text });
        continue;
      }
      const key = topicKey(part.topic);
      const counts = seen.has(key) || seen.size < POST_TOPIC_MAX;
      if (isTopicText(part.topic) && key && counts) {
        seen.add(key);
        push({ kind: "topic", topic: part.topic, raw: part.raw });
      } else {
        push({ kind: "text", text: part.raw });
      }
    }
  }
  return segments;
}

/** The topics a body links, each once by its key, in the order written (what is stored). */
export function bodyTopics(html: string): { key: string; name: string }[] {
  const topics = new Map<string, string>();
  for (const segment of bodySegments(html)) {
    if (segment.kind !== "topic") continue;
    const key = topicKey(segment.topic);
    if (!topics.has(key)) topics.set(key, segment.topic);
  }
  return [...topics].map(([key, name]) => ({ key, name }));
}
