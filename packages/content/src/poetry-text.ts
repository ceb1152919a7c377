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
 * Variant forms (异体字) that OpenCC leaves in the text, and the standard character of the
 * 通用规范汉字表 each stands for. The package's Tang and Song texts keep many of them
 * (簷, 鴈, 徧, 粧, 煖 …), and a reader of simplified text, or a search for "天涯若比邻", expects
 * the standard form. Only variants with one standard reading are listed: 澹, 黏, 毬 and 晳 are
 * standard characters themselves, and 餧 (喂/馁), 鎗 (枪/铛), 唫 (吟/噤) and 駮 are left as
 * they are because their reading depends on the line. Each pair is a variant and its standard
 * character.
 */
const VARIANT_PAIRS = [
  "簷檐 鴈雁 徧遍 粧妆 櫂棹 猨猿 臯皋 煖暖 鬭斗 鬪斗 廻回 逥回 罇樽 椀碗 盌碗 巵卮 穉稚 筯箸 檝楫 覩睹 隄堤 醆盏 琖盏 竝并",
  "燄焰 緜绵 斲斫 朶朵 箠棰 秔粳 稉粳 賸剩 麤粗 隣邻 髣仿 氊毡 蔕蒂 遯遁 牕窗 窻窗 逈迥 輭软 廐厩 廏厩 繖伞 姪侄 欵款 諠喧",
  "鞵鞋 噉啖 瑠琉 舩船 胷胸 聴听 躭耽 篛箬 粃秕 槩概 椶棕 蠭蜂 冨富 雝雍 睠眷 虵蛇 鼃蛙 槖橐 廼乃 搥捶 韈袜 嘷嗥 瞇眯 甎砖",
  "顋腮 菓果 袵衽 眎视 凖准 礮炮 阬坑 齩咬 篴笛 敍叙 柹柿 淸清 謌歌 亷廉 吿告 冩写 窰窑 蕋蕊 凴凭 囙因 剏创 勑敕 愽博 矴碇",
  "迯逃 醼宴 韮韭",
].join(" ");

const VARIANT_FORMS: ReadonlyMap<string, string> = new Map(
  VARIANT_PAIRS.split(" ").map((pair) => [...pair] as [string, string]),
);

const VARIANT_PATTERN = new RegExp(`[${[...VARIANT_FORMS.keys()].join("")}]`, "gu");

/** Text with the variant forms of {@link VARIANT_FORMS} written as their standard characters. */
export function standardForms(text: string): string {
  return text.replace(VARIANT_PATTERN, (c) => VARIANT_FORMS.get(c) ?? c);
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
