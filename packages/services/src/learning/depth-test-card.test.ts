import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { depthTestCardPng, depthTestCardSvg } from "./depth-test-card.server.ts";

const facts = {
  tagLabel: "深度测评",
  gradeLabel: "初中",
  score: 72,
  level: "熟练",
  percentile: 64,
  strengths: ["秦汉", "文学艺术"],
  gaps: ["<明清>"],
  answered: 12,
  correct: 8,
};

describe("the share card of a test report", () => {
  it("says the grade, score, level and percentile, and escapes what it prints", () => {
    const svg = depthTestCardSvg(facts);
    expect(svg).toContain("初中 · 深度测评");
    expect(svg).toContain(">72<");
    expect(svg).toContain("超过 64% 的初中读者");
    expect(svg).toContain("秦汉、文学艺术");
    expect(svg).toContain("&lt;明清&gt;");
    expect(svg).not.toContain("<明清>");
    expect(depthTestCardSvg({ ...facts, percentile: null })).toContain(
      "首位完成初中深度测评的读者",
    );
  });

  it("is a 750×1000 PNG", async () => {
    const meta = await sharp(await depthTestCardPng(facts)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 750, height: 1000 });
  });
});
