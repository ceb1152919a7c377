import { describe, expect, it } from "vitest";
import { contentWithWorks } from "../../../tests/support/content-with-works.ts";
import { loadContent } from "./load-content.ts";
import {
  formatSyllabusReport,
  readSyllabusNames,
  SYLLABUS_GROUPS,
  syllabusEntries,
  syllabusReport,
} from "./syllabus-check.ts";

describe("syllabus check", () => {
  it("finds syllabus entries of each group's kind by name or alias", () => {
    const bundle = loadContent(contentWithWorks());
    const syllabus = {
      person: ["李白", "秦始皇", "张三"],
      regime: ["唐"],
      work: ["太白集", "李白"],
    };
    // 李白 in the work group names no work: only the person group finds people.
    expect(syllabusEntries(bundle, syllabus).map((e) => e.key)).toEqual([
      "li-bai",
      "ying-zheng",
      "tang",
      "li-tai-bai-ji",
    ]);
  });

  it("reports missing names per group, and entries without a source or a relation", () => {
    const bundle = loadContent(contentWithWorks());
    const syllabus = {
      person: ["李白", "秦始皇", "张三"],
      regime: ["唐"],
      work: ["李太白集", "杜工部集", "无名集", "史记", "泰山刻石"],
    };
    const report = syllabusReport(bundle, syllabus);
    expect(report.groups).toEqual([
      { kind: "person", names: 3, missing: ["张三"] },
      { kind: "regime", names: 1, missing: [] },
      { kind: "place", names: 0, missing: [] },
      { kind: "event", names: 0, missing: [] },
      { kind: "work", names: 5, missing: ["史记"] },
    ]);
    expect(report.checked).toBe(7);
    expect(report.unsourced.map((e) => e.key)).toEqual([
      "ying-zheng",
      "tang",
      "tai-shan-ke-shi",
      "du-gong-bu-ji",
    ]);
    expect(report.unrelated.map((e) => e.key)).toEqual(["wu-ming-ji"]);
    expect(formatSyllabusReport(report)).toEqual([
      "课标名单（syllabus.yaml）：人物 3，朝代 1，地点 0，事件 0，作品 5",
      "  人物缺 1 项：张三",
      "  作品缺 1 项：史记",
      "资料来源：课标名单中的条目 7 条，4 条未注明：",
      "  people/test.yaml · ying-zheng · sources: 嬴政未注明资料来源",
      "  regimes.yaml · tang · sources: 唐未注明资料来源",
      "  works/test.yaml · tai-shan-ke-shi · sources: 泰山刻石未注明资料来源",
      "  works/test.yaml · du-gong-bu-ji · sources: 杜工部集未注明资料来源",
      "关系：课标名单中的条目 7 条，1 条没有任何关系：",
      "  works/test.yaml · wu-ming-ji · relations: 无名集没有任何关系",
    ]);
  });

  it("says so when every name has an entry with a source and a relation", () => {
    const report = syllabusReport(loadContent(contentWithWorks()), {
      person: ["李白"],
      work: ["太白集"],
    });
    expect(formatSyllabusReport(report)).toEqual([
      "课标名单（syllabus.yaml）：人物 1，朝代 0，地点 0，事件 0，作品 1",
      "  每个名称都有对应条目",
      "资料来源：课标名单中的条目 2 条，均已注明",
      "关系：课标名单中的条目 2 条，均有关系",
    ]);
  });

  // Loading the whole corpus takes a few seconds on a busy machine.
  describe("content/syllabus.yaml", () => {
    const syllabus = readSyllabusNames("content") ?? {};
    const report = syllabusReport(loadContent("content"), syllabus);

    it("lists every group, the work group included", () => {
      expect(Object.keys(syllabus).sort()).toEqual([...SYLLABUS_GROUPS].sort());
      expect(syllabus.work?.length).toBeGreaterThanOrEqual(55);
    });

    it.each(SYLLABUS_GROUPS)("has an entry of kind %s for every name of its group", (kind) => {
      expect(report.groups.find((g) => g.kind === kind)?.missing).toEqual([]);
    });

    it("cites at least one source for every syllabus entry", () => {
      expect(report.checked).toBeGreaterThan(400);
      expect(report.unsourced.map((e) => `${e.file} · ${e.key}`)).toEqual([]);
    });

    // Every syllabus entry is tied into the graph: people by kinship, office and events, works to
    // their makers, events to where they happened (发生地, derived from `places`), sites to who
    // built them and where they lie.
    it("relates every syllabus entry to at least one other entry", () => {
      expect(report.unrelated.map((e) => `${e.file} · ${e.key}`)).toEqual([]);
    });
  });
});
