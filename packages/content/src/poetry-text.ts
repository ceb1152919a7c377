import { createHash } from "node:crypto";
import * as OpenCC from "opencc-js/t2cn";

/** Longest summary of a poem or classic chapter: its first line(s). */
export const POEM_SUMMARY_MAX = 120;

let converter: ((text: string) => string) | undefined;

/**
 * Traditional to simplified Chinese (OpenCC's phrase-aware t→cn tables). chinese-poetry keeps
 * the Tang and Song shi in traditional characters; text that is simplified already passes
 * through unchanged.
 */
export function toSimplified(text: string): string {
  converter ??= OpenCC.Converter({ from: "t", to: "cn" });
  return converter(text);
}

/**
 * A title or name as one display string: the package writes the separator of 词牌 and title
 * both as `・` (U+30FB) and as a space ("帝京篇十首 一"); both become `·`. Search keeps the
 * names of an entry space-separated, so a name must not contain spaces.
 */
export function normalizeName(raw: string | null | undefined): string {
  return (raw ?? "")
    .replace(/[・•‧]/g, "·")
    .trim()
    .replace(/\s*·\s*/g, "·")
    .replace(/\s+/g, "·");
}

/**
 * The twelve categories of 郭茂倩's 乐府诗集. 全唐诗 files a 乐府 poem in its 乐府 volumes under
 * "category·title" ("鼓吹曲辞·将进酒"); the poem's name is the title, the category is kept apart.
 */
export const YUEFU_CATEGORIES = [
  "郊庙歌辞",
  "燕射歌辞",
  "鼓吹曲辞",
  "横吹曲辞",
  "相和歌辞",
  "清商曲辞",
  "舞曲歌辞",
  "琴曲歌辞",
  "杂曲歌辞",
  "近代曲辞",
  "杂歌谣辞",
  "新乐府辞",
] as const;

const YUEFU_PREFIX = new RegExp(`^(${YUEFU_CATEGORIES.join("|")})·(.+)$`);

/** A normalised title without its 乐府 category, and the category. */
export function splitYuefuCategory(title: string): { title: string; category?: string } {
  const match = YUEFU_PREFIX.exec(title);
  if (!match?.[1] || !match[2]) return { title };
  return { title: match[2], category: match[1] };
}

/** Lines of a poem or chapter, trimmed, without empty ones. */
export function cleanParagraphs(lines: readonly unknown[] | null | undefined): string[] {
  return (lines ?? [])
    .filter((l): l is string => typeof l === "string")
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * The display name of a poem. A 词 is known by its 词牌 (rhythmic): with a title of its own it
 * reads "词牌·题目", without one it is the 词牌 alone.
 */
export function poemName(title: string | undefined, rhythmic: string | undefined): string {
  const t = normalizeName(title);
  const r = normalizeName(rhythmic);
  if (!r) return t;
  if (!t || t === r) return r;
  if (t.startsWith(r)) return t;
  return `${r}·${t}`;
}

/** The first line(s) of a text, whole lines while they fit, at most {@link POEM_SUMMARY_MAX}. */
export function firstLines(paragraphs: readonly string[], max = POEM_SUMMARY_MAX): string {
  let out = "";
  for (const line of paragraphs) {
    if (!out) {
      const chars = Array.from(line);
      out = chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
    } else if (Array.from(out + line).length <= max) {
      out += line;
    } else break;
  }
  return out;
}

/** A short stable hash of the given parts, for keys of records the package gives no id. */
export function stableHash(...parts: string[]): string {
  return createHash("sha1").update(parts.join("\u0001")).digest("hex").slice(0, 16);
}

/** "唐" → "唐代", "五代" and "先秦" stay as they are. */
export function dynastyTerm(label: string): string {
  return Array.from(label).length === 1 ? `${label}代` : label;
}
