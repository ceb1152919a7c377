import { describe, expect, it } from "vitest";
import { nameSyllables } from "./name-pinyin.ts";

describe("nameSyllables", () => {
  it("reads a name as a pinyin keyboard types it", () => {
    expect(nameSyllables("李白")).toEqual(["li", "bai"]);
    expect(nameSyllables("吕布")).toEqual(["lv", "bu"]);
    expect(nameSyllables("诸葛武侯")).toEqual(["zhu", "ge", "wu", "hou"]);
    expect(nameSyllables("1949年")).toEqual(["1949", "nian"]);
    expect(nameSyllables("")).toEqual([]);
  });
});
