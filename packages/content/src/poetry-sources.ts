import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** `curated` is what seeding loads; `all` is the whole package. */
export type PoetryMode = "curated" | "all";

/** One poem as the package gives it, fields renamed, text not yet converted. */
export interface RawPoem {
  id?: string | undefined;
  title?: string | undefined;
  rhythmic?: string | undefined;
  author?: string | undefined;
  paragraphs: string[];
  /** Only notes that belong to the source text itself, never modern annotations. */
  notes?: string[] | undefined;
  /** Set where one collection spans dynasties (楚辞): the poem's dynasty and poet group. */
  dynasty?: string | undefined;
  group?: AuthorGroup | undefined;
}

/** Poets of one name in one group are one person. */
export interface AuthorGroup {
  slug: string;
  /** Dynasty label of the group's poets. */
  dynasty: string;
}

export interface PoemSource {
  /** Namespace of the poem keys: the corpus a poem belongs to, so subsets share its keys. */
  slug: string;
  /** Collection name: `data.collection` and the label of the 作品 relation. */
  collection: string;
  dynasty: string;
  group: AuthorGroup;
  /** Years the poets of this source lived in, to tell a corpus poet from a namesake. */
  era: readonly [number, number];
  /** What of it the curated import takes: all of it, or the poems of the corpus's poets. */
  curated: "whole" | "corpus-poets";
  /**
   * A selection from a bigger corpus that is imported too (唐诗三百首 from 全唐诗): its poems
   * keep the corpus's keys and do not add to the authors' counts.
   */
  anthology: boolean;
  /** A famous selection: its poems rank above the rest in search. */
  featured?: boolean;
  /** What its poems are, for the poets' one-line summaries. */
  form: "诗" | "词" | "曲";
  files(dir: string): string[];
  read(file: string): RawPoem[];
}

export interface ClassicChapter {
  chapter: string;
  paragraphs: string[];
}

export interface ClassicSource {
  slug: string;
  book: string;
  dynasty: string;
  /** Key of the corpus person the book is attributed to, if any. */
  authorKey?: string;
  read(dir: string): ClassicChapter[];
}

const TANG_ERA = [580, 980] as const;
const SONG_ERA = [900, 1300] as const;
const TANG: AuthorGroup = { slug: "tang", dynasty: "唐" };
const SONG: AuthorGroup = { slug: "song", dynasty: "宋" };

/** The `dist` folder of the installed chinese-poetry package. */
export function defaultPoetryDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("chinese-poetry/package.json")), "dist");
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

function asList(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is Record<string, unknown> => !!v && typeof v === "object");
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);
const lines = (v: unknown) => (Array.isArray(v) ? v.filter((l) => typeof l === "string") : []);

/** 花间集 numbers its tenth 卷 "x". */
function order(n: string | undefined): number {
  const value = Number(n);
  return Number.isNaN(value) ? Number.MAX_SAFE_INTEGER : value;
}

/** Files of a folder matching `pattern`, in the order of the number in their names. */
function numbered(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter((f) => f.match)
    .sort((a, b) => order(a.match?.[1]) - order(b.match?.[1]))
    .map((f) => join(dir, f.name));
}

function single(path: string) {
  return (dir: string) => (existsSync(join(dir, path)) ? [join(dir, path)] : []);
}

function plainPoems(file: string): RawPoem[] {
  return asList(readJson(file)).map((r) => ({
    id: text(r.id) ?? undefined,
    title: text(r.title),
    rhythmic: text(r.rhythmic),
    author: text(r.author),
    paragraphs: lines(r.paragraphs ?? r.content ?? r.para),
  }));
}

/** Authors of 楚辞 who wrote under the Han; the rest are of 战国. */
const CHUCI_HAN_AUTHORS = new Set(["贾谊", "淮南小山", "东方朔", "庄忌", "王褒", "刘向", "王逸"]);
const HAN: AuthorGroup = { slug: "han", dynasty: "汉" };
const ZHANGUO: AuthorGroup = { slug: "zhanguo", dynasty: "战国" };

/**
 * Sources in import order: selections first, so that a poem both in 唐诗三百首 and in 全唐诗 is
 * stored once, with the selection as its collection.
 *
 * Left out: 御定全唐诗 and 水墨唐诗 (other editions of the same Tang poems), the rank and
 * 平仄 tables, and the modern annotations and poet biographies (see data-policy).
 */
export const POEM_SOURCES: readonly PoemSource[] = [
  {
    slug: "tang",
    collection: "唐诗三百首",
    dynasty: "唐",
    group: TANG,
    era: TANG_ERA,
    curated: "whole",
    anthology: true,
    featured: true,
    form: "诗",
    files: single("quantangshi/唐诗三百首.json"),
    read: plainPoems,
  },
  {
    slug: "ci",
    collection: "宋词三百首",
    dynasty: "宋",
    group: SONG,
    era: SONG_ERA,
    curated: "whole",
    anthology: true,
    featured: true,
    form: "词",
    files: single("songci/宋词三百首.json"),
    read: plainPoems,
  },
  {
    slug: "shijing",
    collection: "诗经",
    dynasty: "先秦",
    group: { slug: "xianqin", dynasty: "先秦" },
    era: [-1100, -400],
    curated: "whole",
    anthology: false,
    form: "诗",
    files: single("shijing/shijing.json"),
    read: (file) =>
      asList(readJson(file)).map((r) => ({
        title: text(r.title),
        paragraphs: lines(r.content),
      })),
  },
  {
    slug: "chuci",
    collection: "楚辞",
    dynasty: "战国",
    group: ZHANGUO,
    era: [-400, 200],
    curated: "whole",
    anthology: false,
    form: "诗",
    files: single("chuci/chuci.json"),
    read: (file) =>
      asList(readJson(file)).map((r) => {
        const author = text(r.author);
        const group = author && CHUCI_HAN_AUTHORS.has(author) ? HAN : ZHANGUO;
        return {
          title: text(r.title),
          author,
          paragraphs: lines(r.content),
          dynasty: group.dynasty,
          group,
        };
      }),
  },
  {
    slug: "caocao",
    collection: "曹操诗集",
    dynasty: "东汉",
    group: { slug: "donghan", dynasty: "东汉" },
    era: [150, 230],
    curated: "whole",
    anthology: false,
    form: "诗",
    files: single("caocaoshiji/caocao.json"),
    read: (file) => plainPoems(file).map((p) => ({ ...p, author: "曹操" })),
  },
  {
    slug: "huajian",
    collection: "花间集",
    dynasty: "五代",
    group: TANG,
    era: TANG_ERA,
    curated: "whole",
    anthology: true,
    form: "词",
    files: (dir) => numbered(join(dir, "wudaishici/huajianji"), /^huajianji-(\d+|x)-juan\.json$/),
    read: plainPoems,
  },
  {
    slug: "nantang",
    collection: "南唐二主词",
    dynasty: "五代",
    group: TANG,
    era: TANG_ERA,
    curated: "whole",
    anthology: true,
    form: "词",
    files: single("wudaishici/nantang/poetrys.json"),
    read: plainPoems,
  },
  {
    slug: "nalan",
    collection: "纳兰性德词集",
    dynasty: "清",
    group: { slug: "qing", dynasty: "清" },
    era: [1600, 1720],
    curated: "whole",
    anthology: false,
    form: "词",
    files: single("nalanxingde/纳兰性德诗集.json"),
    read: plainPoems,
  },
  {
    slug: "tang",
    collection: "全唐诗",
    dynasty: "唐",
    group: TANG,
    era: TANG_ERA,
    curated: "corpus-poets",
    anthology: false,
    form: "诗",
    files: (dir) => numbered(join(dir, "quantangshi"), /^poet\.tang\.(\d+)\.json$/),
    read: plainPoems,
  },
  {
    slug: "song",
    collection: "全宋诗",
    dynasty: "宋",
    group: SONG,
    era: SONG_ERA,
    curated: "corpus-poets",
    anthology: false,
    form: "诗",
    files: (dir) => numbered(join(dir, "quantangshi"), /^poet\.song\.(\d+)\.json$/),
    read: plainPoems,
  },
  {
    slug: "ci",
    collection: "全宋词",
    dynasty: "宋",
    group: SONG,
    era: SONG_ERA,
    curated: "corpus-poets",
    anthology: false,
    form: "词",
    files: (dir) => numbered(join(dir, "songci"), /^ci\.song\.(\d+)\.json$/),
    read: plainPoems,
  },
  {
    slug: "yuanqu",
    collection: "元曲",
    dynasty: "元",
    group: { slug: "yuan", dynasty: "元" },
    era: [1200, 1400],
    curated: "corpus-poets",
    anthology: false,
    form: "曲",
    files: single("yuanqu/yuanqu.json"),
    read: plainPoems,
  },
];

function chapters(file: string): ClassicChapter[] {
  return asList(readJson(file)).map((r) => ({
    chapter: text(r.chapter) ?? "",
    paragraphs: lines(r.paragraphs),
  }));
}

function classicFile(path: string) {
  return (dir: string) => (existsSync(join(dir, path)) ? chapters(join(dir, path)) : []);
}

/** 四书. The curated import takes them whole; they are small. */
export const CLASSIC_SOURCES: readonly ClassicSource[] = [
  {
    slug: "lunyu",
    book: "论语",
    dynasty: "先秦",
    authorKey: "kong-qiu",
    read: classicFile("lunyu/lunyu.json"),
  },
  {
    slug: "mengzi",
    book: "孟子",
    dynasty: "先秦",
    authorKey: "meng-ke",
    read: classicFile("sishuwujing/mengzi.json"),
  },
  {
    slug: "daxue",
    book: "大学",
    dynasty: "先秦",
    read: classicFile("sishuwujing/daxue.json"),
  },
  {
    slug: "zhongyong",
    book: "中庸",
    dynasty: "先秦",
    read: classicFile("sishuwujing/zhongyong.json"),
  },
];
