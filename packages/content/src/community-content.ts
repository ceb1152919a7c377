import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COMMENT_TEXT_LIMIT, POST_TEXT_LIMIT } from "@tongjian/domain/community-rules";
import { textLength } from "@tongjian/domain/text-length";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/**
 * The sample community (content/community.yaml, issue 16): sample readers, circles with their
 * members, and posts with likes and comments. Validated here; written by seed-community.ts.
 */

const key = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "key 须为小写拼音词，用 - 连接");
const hoursAgo = z
  .number()
  .min(0)
  .max(24 * 365);
// Lines of a block are one paragraph: Chinese needs no space where a line was broken.
const paragraph = z.string().transform((text) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .join(""),
);

const communitySchema = z.object({
  readers: z.array(
    z.object({
      key,
      name: z.string().startsWith("示例·", "示例读者的名字须以“示例·”开头"),
    }),
  ),
  circles: z.array(
    z.object({
      key,
      name: z.string().min(1).max(20),
      intro: z.string().min(1).max(120),
      members: z.array(key),
    }),
  ),
  posts: z.array(
    z.object({
      key,
      circle: key,
      author: key,
      hoursAgo,
      text: paragraph.refine((t) => textLength(t) <= POST_TEXT_LIMIT, "正文过长"),
      likedBy: z.array(key).default([]),
      comments: z
        .array(
          z.object({
            author: key,
            hoursAgo,
            text: paragraph.refine((t) => textLength(t) <= COMMENT_TEXT_LIMIT, "评论过长"),
          }),
        )
        .default([]),
    }),
  ),
});

export type CommunityContent = z.infer<typeof communitySchema>;

export const COMMUNITY_FILE = "community.yaml";

/** Stable ids, as for the corpus: the same key gives the same id on every seed. */
export function sampleId(kind: "reader" | "circle" | "post" | "comment", k: string): string {
  return createHash("sha1").update(`community-${kind}:${k}`).digest("hex").slice(0, 24);
}

/** The sample community of a content folder, or null when it has none. */
export function loadCommunity(contentDir: string): CommunityContent | null {
  const file = join(contentDir, COMMUNITY_FILE);
  if (!existsSync(file)) return null;
  const parsed = communitySchema.safeParse(parseYaml(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${COMMUNITY_FILE}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const content = parsed.data;
  const readers = new Set(content.readers.map((r) => r.key));
  const circles = new Set(content.circles.map((c) => c.key));
  const unknown = (what: string, k: string, where: string) =>
    new Error(`${COMMUNITY_FILE}: ${where}: 未知的${what} ${k}`);
  for (const c of content.circles)
    for (const m of c.members) if (!readers.has(m)) throw unknown("读者", m, `circles.${c.key}`);
  for (const p of content.posts) {
    if (!circles.has(p.circle)) throw unknown("圈子", p.circle, `posts.${p.key}`);
    for (const k of [p.author, ...p.likedBy, ...p.comments.map((c) => c.author)])
      if (!readers.has(k)) throw unknown("读者", k, `posts.${p.key}`);
  }
  return content;
}
