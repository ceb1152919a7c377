import { describe, expect, it } from "vitest";
import { pointCardSvg, wrapLines } from "./point-card.server.ts";

describe("a knowledge point's share card", () => {
  it("wraps text into lines and marks what is cut", () => {
    expect(wrapLines("一二三四五六七", 3, 5)).toEqual(["一二三", "四五六", "七"]);
    expect(wrapLines("一二三四五六七", 3, 2)).toEqual(["一二三", "四五…"]);
    expect(wrapLines("", 3, 2)).toEqual([]);
  });

  it("escapes the point's text in the drawing", () => {
    const svg = pointCardSvg({
      id: "0".repeat(24),
      key: "x",
      title: "<张骞> & 西域",
      era: "qin-han",
      eraLabel: "秦汉",
      theme: "exchange",
      themeLabel: "民族与交流",
      grades: ["junior"],
      questionCount: 2,
      lesson: ["汉武帝派张骞出使西域。"],
      entries: [],
      articles: [],
    });
    expect(svg).toContain("&lt;张骞&gt; &amp; 西域");
    expect(svg).not.toContain("<张骞>");
    expect(svg).toContain("汉武帝派张骞出使西域。");
  });
});
