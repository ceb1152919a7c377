import { afterEach, describe, expect, it, vi } from "vitest";
import {
  characterWidth,
  DEFAULT_DESCRIPTION_LIMIT,
  DETAIL_DESCRIPTION_LIMIT_WITH_IMAGE,
  DETAIL_DESCRIPTION_LIMIT_WITHOUT_IMAGE,
  detailDescriptionLimit,
  PAINTER_TEXT_LIMIT,
  SHARE_DESCRIPTION_LIMIT,
  splitCharacters,
  textLength,
  truncateText,
} from "./text-length.ts";

describe("textLength", () => {
  it("counts Latin-1 as one and everything else as two", () => {
    expect(textLength("")).toBe(0);
    expect(textLength("abc")).toBe(3);
    expect(textLength("唐太宗")).toBe(6);
    expect(textLength("李白 Li Bai")).toBe(4 + 1 + 6);
    expect(textLength("café")).toBe(4);
    expect(textLength("《史记》，")).toBe(10);
    expect(textLength("ÿ")).toBe(1); // U+00FF, last Latin-1 code point
    expect(textLength("Ā")).toBe(2); // U+0100
  });

  it("counts an emoji as one wide character, whatever its code units", () => {
    expect(textLength("😀")).toBe(2);
    expect(textLength("👍🏽")).toBe(2);
    expect(textLength("👨‍👩‍👧")).toBe(2);
    expect(textLength("🇨🇳")).toBe(2);
    expect(textLength("𠀀")).toBe(2); // CJK Extension B, a surrogate pair
  });

  it("treats a decomposed accent as one wide character", () => {
    expect(textLength("e\u0301")).toBe(2);
    expect(characterWidth("e")).toBe(1);
  });
});

describe("splitCharacters", () => {
  it("falls back to code points without Intl.Segmenter and still keeps surrogate pairs", () => {
    vi.stubGlobal("Intl", Object.create(Intl, { Segmenter: { value: undefined } }));
    expect(splitCharacters("a😀汉")).toEqual(["a", "😀", "汉"]);
    expect(textLength("😀")).toBe(2);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // Text of these code points is split without the segmenter; the segmenter must agree that
  // none of them joins its neighbour, in any order.
  const SIMPLE_RANGES: [number, number][] = [
    [0x20, 0x7e],
    [0xa0, 0xff],
    [0x2010, 0x2027],
    [0x2030, 0x205e],
    [0x3000, 0x3029],
    [0x3030, 0x303f],
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xff01, 0xff65],
  ];
  const simple = SIMPLE_RANGES.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)),
  );

  it("splits text of code points that never join as the grapheme segmenter does", () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const graphemes = (text: string) => Array.from(segmenter.segment(text), (p) => p.segment);
    const forwards = simple.join("");
    const backwards = [...simple].reverse().join("");
    expect(graphemes(forwards)).toEqual(simple);
    expect(graphemes(backwards)).toEqual([...simple].reverse());
    expect(splitCharacters(forwards)).toEqual(simple);
    const corpus = "李白（701年—762年），字太白，号青莲居士。《将进酒》“天生我材必有用”……";
    expect(splitCharacters(corpus)).toEqual(graphemes(corpus));
  });

  it("still joins marks that follow such text", () => {
    expect(splitCharacters("字\u302a")).toEqual(["字\u302a"]);
    expect(splitCharacters("e\u0301汉")).toEqual(["e\u0301", "汉"]);
    expect(splitCharacters("ｶﾞ")).toEqual(["ｶﾞ"]);
  });
});

describe("truncateText", () => {
  it("returns text that fits unchanged, at exactly the limit too", () => {
    expect(truncateText("abc", 3)).toBe("abc");
    expect(truncateText("通鉴", 4)).toBe("通鉴");
    expect(truncateText("", 10)).toBe("");
  });

  it("keeps the ellipsis inside the limit", () => {
    // "…" is outside Latin-1, so it takes two of the ten.
    expect(truncateText("纵览脉络洞察因果把握规律", 10)).toBe("纵览脉络…");
    expect(textLength(truncateText("纵览脉络洞察因果把握规律", 10))).toBeLessThanOrEqual(10);
    expect(truncateText("abcdefghijk", 10)).toBe("abcdefgh…");
    expect(truncateText("abcdefghijk", 10, "...")).toBe("abcdefg...");
  });

  it("does not put half a wide character in an odd leftover", () => {
    expect(truncateText("a汉字汉字", 6)).toBe("a汉…");
  });

  it("never splits an emoji or a surrogate pair", () => {
    expect(truncateText("ab😀cd", 3, "")).toBe("ab");
    expect(truncateText("ab😀cd", 4, "")).toBe("ab😀");
    expect(truncateText("😀😀😀", 5)).toBe("😀…");
    expect(truncateText("👨‍👩‍👧👨‍👩‍👧", 3, "")).toBe("👨‍👩‍👧");
  });

  it("drops whitespace left before the ellipsis", () => {
    expect(truncateText("纵览 脉络洞察", 7)).toBe("纵览…");
  });

  it("cuts without an ellipsis when the ellipsis alone would not fit", () => {
    expect(truncateText("abc", 1)).toBe("a");
    expect(truncateText("汉字", 1)).toBe("");
  });

  it("returns nothing for a zero, negative or non-number limit", () => {
    expect(truncateText("abc", 0)).toBe("");
    expect(truncateText("abc", -5)).toBe("");
    expect(truncateText("abc", Number.NaN)).toBe("");
  });

  it("applies the spec limits", () => {
    const long = "汉".repeat(200);
    expect(textLength(truncateText(long, detailDescriptionLimit(true)))).toBe(60);
    expect(textLength(truncateText(long, detailDescriptionLimit(false)))).toBe(140);
    expect(truncateText("齐白石（1864年—1957年）", PAINTER_TEXT_LIMIT)).toBe("齐白石（1864年—19…");
  });
});

describe("limits", () => {
  it("matches spec §5", () => {
    expect(DETAIL_DESCRIPTION_LIMIT_WITH_IMAGE).toBe(60);
    expect(DETAIL_DESCRIPTION_LIMIT_WITHOUT_IMAGE).toBe(140);
    expect(SHARE_DESCRIPTION_LIMIT).toBe(100);
    expect(DEFAULT_DESCRIPTION_LIMIT).toBe(100);
    expect(PAINTER_TEXT_LIMIT).toBe(20);
  });
});
