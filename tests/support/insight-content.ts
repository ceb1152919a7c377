import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIXTURE = "tests/fixtures/content";

/** A test topic's front matter, as content/insights/<key>.md writes it. */
export const TEST_TOPIC_FRONT = [
  "key: test-topic",
  "title: 测试专题：唐朝如何开始",
  "question: 一个测试用的问题，唐朝是怎样建立起来的？",
  "era: 唐初",
  "cover: 测试封面",
  "published: 2026-09-01",
  "events: [li-du-xiang-yu, tang-jian-li, qin-mie-liu-guo]",
  "people: [li-yuan, li-bai, du-fu, ying-zheng]",
  "articles: [test-article]",
  "entries: [tang, chang-an]",
];

/** 600–1200 characters of essay with in-text links, as the length rule asks. */
export function testEssay(sentences = 30): string {
  const filler = "这一句只为满足正文长度的校验而写，请勿当作正式内容。";
  const paragraphs = [
    "[[li-yuan|李渊]]在晋阳起兵，随后建立[[tang]]。后来的诗人[[li-bai|李白]]与[[du-fu]]在洛阳相识。",
    Array.from({ length: sentences }, () => filler).join(""),
  ];
  return paragraphs.join("\n\n");
}

/**
 * The fixture corpus with two more events and one 洞察 topic, in a fresh folder: the shared
 * fixture keeps its counts (entries, sitemap) for the tests that rely on them.
 */
export function insightFixtureDir(
  options: { front?: string[]; essay?: string; extra?: (dir: string) => void } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-insight-"));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(
    join(dir, "events", "topic.yaml"),
    [
      "- key: tang-jian-li",
      "  name: 唐朝建立",
      "  start: { year: 618, month: 6 }",
      "  regime: tang",
      "  places: [chang-an]",
      "  participants: [li-yuan]",
      "  category: 建国",
      "  summary: 测试事件简介，李渊在长安称帝建立唐朝，此句只为满足校验的长度要求而特意写得稍长一些，请勿当作正式内容。",
      "- key: li-du-xiang-yu",
      "  name: 李杜相遇",
      "  start: { year: 744 }",
      "  end: { year: 745 }",
      "  regime: tang",
      "  participants: [li-bai, du-fu]",
      "  category: 文化",
      "  summary: 测试事件简介，李白与杜甫在洛阳相识并同游，此句只为满足校验的长度要求而特意写得稍长一些，请勿当作正式内容。",
    ].join("\n"),
  );
  mkdirSync(join(dir, "insights"));
  writeFileSync(
    join(dir, "insights", "test-topic.md"),
    `---\n${(options.front ?? TEST_TOPIC_FRONT).join("\n")}\n---\n\n${options.essay ?? testEssay()}\n`,
  );
  options.extra?.(dir);
  return dir;
}
