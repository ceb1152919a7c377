import { describe, expect, it } from "vitest";
import { keywordLength, parseSearchKeyword, searchSnippet } from "./search-keyword.ts";

describe("parseSearchKeyword", () => {
  it("reads letters as pinyin, with or without spaces and apostrophes", () => {
    expect(parseSearchKeyword("libai")).toEqual({ text: "libai", pinyin: "libai" });
    expect(parseSearchKeyword("  Li  Bai ")).toEqual({ text: "li bai", pinyin: "libai" });
    expect(parseSearchKeyword("xi'an")).toEqual({ text: "xi'an", pinyin: "xian" });
    expect(parseSearchKeyword("ＬＢ")).toEqual({ text: "lb", pinyin: "lb" });
  });

  it("keeps Chinese as text without spaces", () => {
    expect(parseSearchKeyword(" 李 白 ")).toEqual({ text: "李白", pinyin: null });
    expect(parseSearchKeyword("李bai")).toEqual({ text: "李bai", pinyin: null });
  });

  it("leaves syntax characters as they are and empties blank input", () => {
    expect(parseSearchKeyword('"李白*"')).toEqual({ text: '"李白*"', pinyin: null });
    expect(parseSearchKeyword("%")).toEqual({ text: "%", pinyin: null });
    expect(parseSearchKeyword("'")).toEqual({ text: "'", pinyin: null });
    expect(parseSearchKeyword("   ")).toEqual({ text: "", pinyin: null });
  });
});

describe("keywordLength", () => {
  it("counts code points", () => {
    expect(keywordLength("李白")).toBe(2);
    expect(keywordLength("𠀀a")).toBe(2);
  });
});

describe("searchSnippet", () => {
  const text = `${"甲".repeat(40)}洛阳相识${"乙".repeat(40)}`;

  it("cuts a window around the match with ellipses", () => {
    expect(searchSnippet(text, "洛阳", 3)).toBe("…甲甲甲洛阳相识乙…");
  });

  it("starts at the beginning when the match is near it or missing", () => {
    expect(searchSnippet("洛阳相识于此", "洛阳", 3)).toBe("洛阳相识于…");
    expect(searchSnippet(text, "长安", 3)).toBe("甲甲甲甲甲甲…");
    expect(searchSnippet("短", "长安", 3)).toBe("短");
  });

  it("never cuts a character outside the BMP in half", () => {
    const wide = `${"𠀀".repeat(10)}洛阳${"𠀀".repeat(10)}`;
    expect(searchSnippet(wide, "洛阳", 2)).toBe("…𠀀𠀀洛阳𠀀𠀀…");
    expect(searchSnippet(wide, "长安", 2)).toBe("𠀀𠀀𠀀𠀀…");
  });

  it("matches Latin text regardless of case", () => {
    expect(searchSnippet("From Rome to Xi'an", "rome", 2)).toBe("…m Rome t…");
  });
});
