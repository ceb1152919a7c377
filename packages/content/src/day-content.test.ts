import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadDayContent } from "./day-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";

function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "tongjian-days-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const item = (key: string, ref = `entry:${key}`) =>
  `  - { key: ${key}, ref: "${ref}", note: 一条写给本页的说明。 }\n`;

describe("loadDayContent", () => {
  it("reads a campaign's list and the days files", () => {
    const root = folder({
      "campaigns/demo/list.yaml": `title: 示例书单\nintro: 一段足够长的书单介绍文字。\nitems:\n${item("a")}${item("b")}${item("c", "book:lunyu")}`,
      "days/epidemics.yaml": `events:\n  - key: e1\n    title: 一次疫病\n    start: { year: -200, approx: true }\n    summary: ${"这是一段写给往事列表的简介文字。".repeat(3)}\n`,
    });
    const issues: KeyedFileIssue[] = [];
    const content = loadDayContent(root, issues);
    expect(issues).toEqual([]);
    expect(content.lists.demo?.verb).toBe("读完");
    expect(content.lists.demo?.items.map((i) => i.ref)).toEqual([
      "entry:a",
      "entry:b",
      "book:lunyu",
    ]);
    expect(content.epidemics[0]?.start).toEqual({ year: -200, approx: true });
  });

  it("leaves out a file with a bad ref, a repeated key, a year 0 or a calendar day without a day", () => {
    const root = folder({
      "campaigns/bad/list.yaml": `title: 坏书单\nintro: 一段足够长的书单介绍文字。\nitems:\n${item("a")}${item("b", "video:x")}${item("c")}`,
      "campaigns/twice/list.yaml": `title: 重复书单\nintro: 一段足够长的书单介绍文字。\nitems:\n${item("a")}${item("a")}${item("c")}`,
      "days/epidemics.yaml": `events:\n  - key: e1\n    title: 一次疫病\n    start: { year: 0 }\n    summary: ${"这是一段写给往事列表的简介文字。".repeat(3)}\n`,
      "days/calendar.yaml": `events:\n  - key: c1\n    title: 某事\n    start: { year: 1911, month: 10 }\n    summary: ${"这是一段写给历史日历的简介文字。".repeat(3)}\n`,
    });
    const issues: KeyedFileIssue[] = [];
    const content = loadDayContent(root, issues);
    expect(content.lists.bad).toBeUndefined();
    expect(content.epidemics).toEqual([]);
    const messages = issues.map((i) => `${i.file} ${i.record} ${i.message}`);
    expect(
      messages.some((m) => m.includes("campaigns/bad/list.yaml") && m.includes("引用形如")),
    ).toBe(true);
    expect(
      messages.some((m) => m.includes("campaigns/twice/list.yaml") && m.includes("键重复")),
    ).toBe(true);
    expect(messages.some((m) => m.includes("epidemics.yaml") && m.includes("年份不能为 0"))).toBe(
      true,
    );
    expect(messages.some((m) => m.includes("calendar.yaml") && m.includes("须写月和日"))).toBe(
      true,
    );
  });
});
