import { describe, expect, it } from "vitest";
import { contentId } from "./load-content.ts";
import {
  type CorpusPoet,
  classicEntry,
  importedPoetKey,
  isAnonymous,
  matchCorpusPoet,
  poemEntry,
  poemKey,
  poemText,
  poetEntry,
  poetSummary,
  worksRelation,
  worksSortKey,
} from "./poetry-entries.ts";
import { CLASSIC_SOURCES, POEM_SOURCES, type PoemSource } from "./poetry-sources.ts";
import { toSimplified } from "./poetry-text.ts";

function source(collection: string): PoemSource {
  const found = POEM_SOURCES.find((s) => s.collection === collection);
  if (!found) throw new Error(collection);
  return found;
}

const LI_BAI: CorpusPoet = {
  id: "a".repeat(24),
  poet: "李白",
  born: 701,
  died: 762,
  regimeId: null,
};
const POETS = new Map([["李白", [LI_BAI]]]);
const STAMP = "2026-01-01T00:00:00.000Z";

/** A 全唐诗 record's text, key and entry row, as the importer makes them. */
function tangRow(record: { author: string; title: string; paragraphs: string[] }) {
  const text = poemText(record, toSimplified);
  const key = poemKey(source("全唐诗"), record, text);
  const row = poemEntry({
    source: source("全唐诗"),
    key,
    text,
    dynasty: "唐",
    authorId: null,
    regimeId: null,
    popularity: 0,
    stamp: STAMP,
  });
  return { text, key, row };
}

describe("matchCorpusPoet", () => {
  it("matches a corpus poet by name within the years of the source", () => {
    expect(matchCorpusPoet(POETS, "李白", source("全唐诗").era)).toBe(LI_BAI);
  });

  it("does not take a namesake of another era for the corpus poet", () => {
    expect(matchCorpusPoet(POETS, "李白", source("全宋诗").era)).toBeUndefined();
    expect(matchCorpusPoet(POETS, "杜甫", source("全唐诗").era)).toBeUndefined();
  });

  it("matches a poet without years wherever the name occurs", () => {
    const poets = new Map([["无年", [{ ...LI_BAI, born: null, died: null }]]]);
    expect(matchCorpusPoet(poets, "无年", source("全宋诗").era)).toBeDefined();
  });

  it("treats the package's unknown authors as no one", () => {
    expect(isAnonymous("佚名")).toBe(true);
    expect(isAnonymous("无名氏")).toBe(true);
    expect(isAnonymous(undefined)).toBe(true);
    expect(isAnonymous("李白")).toBe(false);
  });
});

describe("poems", () => {
  const raw = {
    id: "c65539db-4e2b-4ce4-a22b-563b6ef3f4f1",
    author: "駱賓王",
    title: "在獄詠蟬",
    paragraphs: ["西陸蟬聲唱，南冠客思侵。", "那堪玄鬢影，來對白頭吟。"],
  };

  it("converts a traditional record to simplified text", () => {
    expect(poemText(raw, toSimplified)).toEqual({
      title: "在狱咏蝉",
      rhythmic: undefined,
      author: "骆宾王",
      paragraphs: ["西陆蝉声唱，南冠客思侵。", "那堪玄鬓影，来对白头吟。"],
      notes: [],
    });
  });

  it("keys a poem by the package id, the same in a selection and in its corpus", () => {
    const text = poemText(raw, toSimplified);
    const key = poemKey(source("唐诗三百首"), raw, text);
    expect(key).toMatch(/^poem-tang-[0-9a-f]{16}$/);
    expect(poemKey(source("全唐诗"), raw, text)).toBe(key);
    expect(poemKey(source("全唐诗"), { ...raw, id: "other" }, text)).not.toBe(key);
  });

  it("keys a record without id by its text, and tells identical records apart", () => {
    const ci = { author: "苏轼", rhythmic: "水调歌头", paragraphs: ["明月几时有，把酒问青天。"] };
    const text = poemText(ci, toSimplified);
    const key = poemKey(source("全宋词"), ci, text);
    expect(poemKey(source("宋词三百首"), ci, text)).toBe(key);
    expect(poemKey(source("全宋词"), ci, text, 2)).not.toBe(key);
  });

  it("splits a 词牌 written with its title and names the 词 词牌·title", () => {
    const text = poemText(
      { author: "苏轼", rhythmic: "念奴娇・赤壁怀古", paragraphs: ["大江东去，浪淘尽。"] },
      toSimplified,
    );
    expect(text.rhythmic).toBe("念奴娇");
    expect(text.title).toBe("赤壁怀古");
    const row = poemEntry({
      source: source("全宋词"),
      key: "poem-ci-x",
      text,
      dynasty: "宋",
      authorId: null,
      regimeId: null,
      popularity: 0,
      stamp: STAMP,
    });
    expect(row.name).toBe("念奴娇·赤壁怀古");
    expect(JSON.parse(row.data ?? "{}")).toMatchObject({
      rhythmic: "念奴娇",
      collection: "全宋词",
    });
    expect(row.search_names).toBe("念奴娇·赤壁怀古 念奴娇 苏轼");
  });

  it("builds the entry row of the data contract", () => {
    const text = poemText(raw, toSimplified);
    const key = poemKey(source("唐诗三百首"), raw, text);
    const row = poemEntry({
      source: source("唐诗三百首"),
      key,
      text,
      dynasty: "唐",
      authorId: "b".repeat(24),
      regimeId: contentId("regime", "tang"),
      popularity: 2,
      stamp: STAMP,
    });
    expect(row).toMatchObject({
      id: contentId("poem", key),
      key,
      kind: "poem",
      name: "在狱咏蝉",
      summary: "西陆蝉声唱，南冠客思侵。那堪玄鬓影，来对白头吟。",
      time_desc: "唐",
      regime_id: contentId("regime", "tang"),
      search_names: "在狱咏蝉 骆宾王",
      pinyin: "zaiyuyongchan luobinwang",
      pinyin_initials: "zyyc lbw",
      popularity: 2,
    });
    expect(JSON.parse(row.data ?? "{}")).toEqual({
      author: "骆宾王",
      authorId: "b".repeat(24),
      dynasty: "唐",
      collection: "唐诗三百首",
      paragraphs: ["西陆蝉声唱，南冠客思侵。", "那堪玄鬓影，来对白头吟。"],
    });
  });

  it("shows standard character forms but keys the record by its text as converted", () => {
    const record = {
      author: "王勃",
      title: "送杜少府之任蜀州",
      paragraphs: ["海內存知己，天涯若比隣。"],
    };
    const { text, key, row } = tangRow(record);
    expect(text.paragraphs).toEqual(["海内存知己，天涯若比隣。"]);
    expect(row.key).toBe(key);
    expect(row.summary).toBe("海内存知己，天涯若比邻。");
    expect(JSON.parse(row.data ?? "{}").paragraphs).toEqual(["海内存知己，天涯若比邻。"]);
  });

  it("names a 乐府 poem by its title and keeps the category in its data, not its key", () => {
    const record = {
      author: "李白",
      title: "鼓吹曲辭·將進酒",
      paragraphs: ["君不見黃河之水天上來，奔流到海不復回。"],
    };
    const { text, key, row } = tangRow(record);
    expect(row.name).toBe("将进酒");
    expect(row.search_names).toBe("将进酒 李白");
    expect(JSON.parse(row.data ?? "{}")).toMatchObject({ yuefu: "鼓吹曲辞", collection: "全唐诗" });
    // Keys stay what earlier imports made them.
    expect(key).toBe(poemKey(source("全唐诗"), record, { ...text, title: "鼓吹曲辞·将进酒" }));
  });
});

describe("classics", () => {
  it("names a chapter book·chapter without the trailing 篇", () => {
    const lunyu = CLASSIC_SOURCES.find((s) => s.book === "论语");
    if (!lunyu) throw new Error("论语");
    const row = classicEntry(
      lunyu,
      { chapter: "学而篇", paragraphs: ["子曰：“学而时习之。”"] },
      toSimplified,
      STAMP,
    );
    expect(row).toMatchObject({ kind: "classic", name: "论语·学而", time_desc: "先秦" });
    expect(row.id).toBe(contentId("classic", row.key ?? ""));
    expect(JSON.parse(row.data ?? "{}")).toEqual({
      book: "论语",
      chapter: "学而",
      paragraphs: ["子曰：“学而时习之。”"],
    });
  });

  it("converts a traditional chapter", () => {
    const mengzi = CLASSIC_SOURCES.find((s) => s.book === "孟子");
    if (!mengzi) throw new Error("孟子");
    const row = classicEntry(
      mengzi,
      { chapter: "梁惠王上", paragraphs: ["孟子見梁惠王。"] },
      toSimplified,
      STAMP,
    );
    expect(row.name).toBe("孟子·梁惠王上");
    expect(row.summary).toBe("孟子见梁惠王。");
  });
});

describe("poets", () => {
  it("summarises an imported poet from the data alone", () => {
    expect(poetSummary("唐", { 诗: 3 }, "全唐诗")).toBe("唐代诗人，存诗3首。");
    expect(poetSummary("宋", { 诗: 12, 词: 4 }, "全宋诗")).toBe(
      "宋代诗人、词人，存诗12首、词4首。",
    );
    expect(poetSummary("五代", {}, "花间集")).toBe("五代诗人，作品见《花间集》。");
  });

  it("makes a person entry keyed by group and name, with the traditional name as alias", () => {
    const group = { slug: "tang", dynasty: "唐" };
    const key = importedPoetKey(group, "骆宾王");
    expect(key).toBe(importedPoetKey(group, "骆宾王"));
    expect(key).not.toBe(importedPoetKey({ slug: "song", dynasty: "宋" }, "骆宾王"));
    const row = poetEntry({
      key,
      name: "骆宾王",
      original: "駱賓王",
      group,
      counts: { 诗: 1 },
      collection: "全唐诗",
      regimeId: null,
      stamp: STAMP,
    });
    expect(row).toMatchObject({
      id: contentId("person", key),
      kind: "person",
      name: "骆宾王",
      aliases: JSON.stringify(["駱賓王"]),
      summary: "唐代诗人，存诗1首。",
      time_desc: "唐",
      search_names: "骆宾王 駱賓王",
    });
    expect(JSON.parse(row.data ?? "{}")).toEqual({
      roles: ["诗人"],
      dynasty: "唐",
      source: "chinese-poetry",
    });
  });

  it("gives a 作品 relation a stable id", () => {
    const a = worksRelation("a".repeat(24), "b".repeat(24), "唐诗三百首", worksSortKey(0, 1));
    expect(a).toMatchObject({ type: "作品", label: "唐诗三百首", twoway: 0, sort_key: 1 });
    expect(a.id).toBe(worksRelation("a".repeat(24), "b".repeat(24), "全唐诗", 9).id);
    expect(a.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("orders works by their source's rank, then by their place in it", () => {
    const selection = POEM_SOURCES.findIndex((s) => s.collection === "唐诗三百首");
    const complete = POEM_SOURCES.findIndex((s) => s.collection === "全唐诗");
    expect(worksSortKey(selection, 300)).toBeLessThan(worksSortKey(complete, 1));
    expect(worksSortKey(complete, 1)).toBeLessThan(worksSortKey(complete, 2));
    // A source longer than its room still sorts before the next source.
    expect(worksSortKey(complete, 50_000_000)).toBeLessThan(worksSortKey(complete + 1, 1));
    expect(worksSortKey(POEM_SOURCES.length + 3, 100)).toBeLessThan(2 ** 31);
  });
});
