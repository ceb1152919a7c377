import { describe, expect, it } from "vitest";
import { verseMatchLines, verseMatchRange, verseSearchText } from "./verse-search.ts";

const JING_YE_SI = ["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"];

describe("verseSearchText", () => {
  it("keeps letters and digits only, lower-cased", () => {
    expect(verseSearchText("床前明月光，疑是地上霜。\n举头 望明月")).toBe(
      "床前明月光疑是地上霜举头望明月",
    );
    expect(verseSearchText("“噫吁嚱！”ABC 12")).toBe("噫吁嚱abc12");
    expect(verseSearchText("，。！")).toBe("");
  });
});

describe("verseMatchLines", () => {
  it("gives the line the keyword stands in", () => {
    expect(verseMatchLines(JING_YE_SI, "举头望明月")).toBe("举头望明月，低头思故乡。");
    expect(verseMatchLines(JING_YE_SI, "床前明月光，")).toBe("床前明月光，疑是地上霜。");
  });

  it("gives every line a keyword runs across", () => {
    expect(verseMatchLines(JING_YE_SI, "地上霜举头")).toBe(JING_YE_SI.join(""));
  });

  it("gives nothing when the keyword is not in the text", () => {
    expect(verseMatchLines(JING_YE_SI, "黄河之水")).toBeNull();
    expect(verseMatchLines([], "黄河之水")).toBeNull();
    expect(verseMatchLines(JING_YE_SI, "，")).toBeNull();
  });
});

describe("verseMatchRange", () => {
  it("finds the keyword in a line, across its punctuation", () => {
    const line = "床前明月光，疑是地上霜。";
    expect(verseMatchRange(line, "明月光")).toEqual([2, 5]);
    const [start, end] = verseMatchRange(line, "明月光疑是") ?? [0, 0];
    expect(line.slice(start, end)).toBe("明月光，疑是");
  });

  it("counts characters outside the basic plane as the two code units they are", () => {
    const line = "𠀀山𠀁水";
    const [start, end] = verseMatchRange(line, "山𠀁") ?? [0, 0];
    expect(line.slice(start, end)).toBe("山𠀁");
  });

  it("finds nothing for a keyword that is not there or has no letters", () => {
    expect(verseMatchRange("床前明月光", "黄河")).toBeNull();
    expect(verseMatchRange("床前明月光", "！")).toBeNull();
  });
});
