import { describe, expect, it } from "vitest";
import { loadContent } from "./load-content.ts";
import {
  formatSourcesReport,
  readSyllabusNames,
  syllabusEntries,
  syllabusSourcesReport,
} from "./syllabus-sources.ts";

describe("syllabus sources", () => {
  it("finds the syllabus entries of the four kinds by name or alias, and reports those without sources", () => {
    const bundle = loadContent("tests/fixtures/content");
    const syllabus = { person: ["李白", "秦始皇", "张三"], regime: ["唐"], work: ["史记"] };
    expect(syllabusEntries(bundle, syllabus).map((e) => e.key)).toEqual([
      "li-bai",
      "ying-zheng",
      "tang",
    ]);
    const report = syllabusSourcesReport(bundle, syllabus);
    expect(report.checked).toBe(3);
    expect(report.missing.map((e) => e.key)).toEqual(["ying-zheng", "tang"]);
    expect(formatSourcesReport(report)).toEqual([
      "资料来源：课标名单中的人物、朝代、地点、事件 3 条，2 条未注明：",
      "  people/test.yaml · ying-zheng · sources: 嬴政未注明资料来源",
      "  regimes.yaml · tang · sources: 唐未注明资料来源",
    ]);
  });

  it("every person, regime, place and event of content/syllabus.yaml cites at least one source", () => {
    const syllabus = readSyllabusNames("content");
    expect(syllabus).not.toBeNull();
    const report = syllabusSourcesReport(loadContent("content"), syllabus ?? {});
    expect(report.checked).toBeGreaterThan(300);
    expect(report.missing.map((e) => `${e.file} · ${e.key}`)).toEqual([]);
    // Loading the whole corpus takes a few seconds on a busy machine.
  }, 30_000);
});
