import { describe, expect, it } from "vitest";
import { entrySources, sourceLine } from "./entry-sources.ts";

describe("entry sources", () => {
  it("reads the list the seed stored and ignores anything else", () => {
    expect(entrySources({ sources: ["《史记·刺客列传》", " 《战国策·燕策三》 "] })).toEqual([
      "《史记·刺客列传》",
      "《战国策·燕策三》",
    ]);
    expect(entrySources({})).toEqual([]);
    expect(entrySources({ sources: "《史记》" })).toEqual([]);
    expect(entrySources({ sources: [1, "", "《汉书》"] })).toEqual(["《汉书》"]);
  });

  it("joins the sources into one line, and gives nothing without sources", () => {
    expect(sourceLine(["《史记·刺客列传》", "《战国策·燕策三》"])).toBe(
      "资料来源：《史记·刺客列传》；《战国策·燕策三》",
    );
    expect(sourceLine([])).toBe("");
  });
});
