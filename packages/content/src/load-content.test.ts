import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentWithWorks } from "../../../tests/support/content-with-works.ts";
import {
  insightFixtureDir,
  TEST_TOPIC_FRONT,
  testEssay,
} from "../../../tests/support/insight-content.ts";
import { ContentValidationError, contentId, loadContent } from "./load-content.ts";

const FIXTURE = "tests/fixtures/content";

function brokenCopy(edit: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-content-"));
  cpSync(FIXTURE, dir, { recursive: true });
  edit(dir);
  return dir;
}

function issuesOf(dir: string) {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentValidationError) return error.issues;
    throw error;
  }
  throw new Error("expected validation to fail");
}

describe("loadContent", () => {
  it("loads the fixture with stable ids, derived relations and resolved inner links", () => {
    const bundle = loadContent(FIXTURE);
    expect(contentId("person", "li-bai")).toMatch(/^[0-9a-f]{24}$/);
    const liBai = bundle.entries.find((e) => e.key === "li-bai");
    expect(liBai?.id).toBe(contentId("person", "li-bai"));
    expect(liBai?.regimeId).toBe(contentId("regime", "tang"));
    // Event participants, founders and capitals become graph edges.
    const types = bundle.relations.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["朋友", "参与", "建立", "定都"]));
    const article = bundle.articles[0];
    expect(article?.links.map((l) => l.word)).toEqual(["李白", "杜甫", "嬴政"]);
    expect(article?.html).toContain(`<h2>相识</h2>`);
    expect(article?.html).toContain(`data-id="${contentId("person", "du-fu")}"`);
  });

  it("keeps an entry's sources on its record, and leaves them out when none are given", () => {
    const bundle = loadContent(FIXTURE);
    const liBai = bundle.entries.find((e) => e.key === "li-bai");
    expect(liBai?.record.sources).toEqual(["《旧唐书·文苑传下》", "《新唐书·文艺传中》"]);
    const duFu = bundle.entries.find((e) => e.key === "du-fu");
    expect(duFu?.record).not.toHaveProperty("sources");
  });

  it("reads member: true as a member entry, and an entry without it as free", () => {
    const dir = brokenCopy((d) => {
      const file = join(d, "events/test.yaml");
      const text = readFileSync(file, "utf8");
      writeFileSync(file, text.replace("  name: 秦灭六国\n", "  name: 秦灭六国\n  member: true\n"));
    });
    const bundle = loadContent(dir);
    const event = bundle.entries.find((e) => e.key === "qin-mie-liu-guo");
    expect(event?.member).toBe(true);
    expect(bundle.entries.find((e) => e.key === "ying-zheng")?.member).toBe(false);
    expect(event?.record).not.toHaveProperty("member", false);

    const wrong = brokenCopy((d) => {
      const file = join(d, "events/test.yaml");
      const text = readFileSync(file, "utf8");
      writeFileSync(
        file,
        text.replace("  name: 秦灭六国\n", "  name: 秦灭六国\n  member: false\n"),
      );
    });
    expect(issuesOf(wrong).map((i) => i.field)).toContain("member");
  });

  it("rejects an empty, repeated or overlong source list", () => {
    const summary =
      "这是一段足够长的简介文字，用来让校验只报告来源字段的错误，而不是简介过短的问题，再多写几个字。";
    const dir = brokenCopy((d) => {
      writeFileSync(
        join(d, "people", "sources.yaml"),
        [
          ["empty-sources", "sources: []"],
          ["repeated-sources", "sources: [《史记·项羽本纪》, 《史记·项羽本纪》]"],
          ["blank-source", 'sources: ["《汉书》", " "]'],
        ]
          .map(([key, line]) =>
            [
              `- key: ${key}`,
              "  name: 某人",
              "  gender: male",
              "  roles: [诗人]",
              `  ${line}`,
              `  summary: ${summary}`,
            ].join("\n"),
          )
          .join("\n"),
      );
    });
    const where = issuesOf(dir).map((i) => `${i.record}|${i.field}`);
    expect(where).toEqual(
      expect.arrayContaining([
        "empty-sources|sources",
        "repeated-sources|sources",
        "blank-source|sources.1",
      ]),
    );
  });

  it("names the file, the record and the field of every error", () => {
    const dir = brokenCopy((d) => {
      writeFileSync(
        join(d, "people", "broken.yaml"),
        [
          "- key: Bad_Key",
          "  name: 某人",
          "  gender: male",
          "  roles: [诗人]",
          "  summary: 这是一段足够长的简介文字，用来让校验只报告其他字段的错误，而不是简介过短的问题。",
          "- key: zhang-san",
          "  name: 张三",
          "  gender: other",
          "  born: { year: 0 }",
          "  regime: no-such-regime",
          "  roles: [诗人]",
          "  summary: 这是一段足够长的简介文字，用来让校验只报告其他字段的错误，而不是简介过短的问题。",
        ].join("\n"),
      );
    });
    const issues = issuesOf(dir);
    const where = issues.map((i) => `${i.file}|${i.record}|${i.field}`);
    expect(where).toContain("people/broken.yaml|Bad_Key|key");
    expect(where).toContain("people/broken.yaml|zhang-san|gender");
    expect(where).toContain("people/broken.yaml|zhang-san|born.year");
    expect(issues.find((i) => i.field === "born.year")?.message).toBe("没有公元0年");
  });

  it("reports unknown references and duplicate keys", () => {
    const dir = brokenCopy((d) => {
      writeFileSync(
        join(d, "relations", "more.yaml"),
        "- { from: li-bai, to: nobody, type: 朋友, label: 好友 }\n",
      );
      writeFileSync(
        join(d, "people", "zz-dup.yaml"),
        "- key: li-bai\n  name: 李白\n  gender: male\n  roles: [诗人]\n  summary: 重复的键应当被发现并报告出来，这段文字只是为了满足长度要求而写的内容，再多写几个字以确保足够长。\n",
      );
    });
    const issues = issuesOf(dir);
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: "relations/more.yaml",
        record: "li-bai→nobody",
        field: "to",
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ file: "people/zz-dup.yaml", record: "li-bai", field: "key" }),
    );
  });
});

describe("loadContent with works", () => {
  it("loads works with their dates and regime, and links each creator to the work as 作者", () => {
    const bundle = loadContent(contentWithWorks());
    const work = bundle.entries.find((e) => e.key === "li-tai-bai-ji");
    expect(work).toMatchObject({
      id: contentId("work", "li-tai-bai-ji"),
      kind: "work",
      name: "李太白集",
      aliases: ["李翰林集", "太白集"],
      start: { year: 762, approx: true },
      regimeId: contentId("regime", "tang"),
    });
    const stele = bundle.entries.find((e) => e.key === "tai-shan-ke-shi");
    expect(stele?.start).toEqual({ year: -219 });
    expect(stele?.end).toEqual({ year: -209 });

    const of = (key: string) => bundle.entries.find((e) => e.key === key)?.id;
    const authors = bundle.relations.filter((r) => r.type === "作者");
    // Direction creator → work; the label is the category's word, or the creator's role.
    expect(authors).toContainEqual({
      fromId: of("li-bai"),
      toId: of("li-tai-bai-ji"),
      type: "作者",
      label: "著作",
      twoway: false,
    });
    expect(authors).toContainEqual(
      expect.objectContaining({ fromId: of("du-fu"), toId: of("du-gong-bu-ji"), label: "诗作" }),
    );
    // Works take part in written relations of the new types too.
    expect(bundle.relations).toContainEqual(
      expect.objectContaining({
        fromId: of("tai-shan-ke-shi"),
        toId: of("ying-zheng"),
        type: "记述",
      }),
    );
  });

  it("rejects a creator who is no person, both a date and years, and an unknown category", () => {
    const dir = brokenCopy((d) => {
      mkdirSync(join(d, "works"));
      const summary =
        "这是一段足够长的简介文字，用来让校验只报告其他字段的错误，而不是简介过短的问题，再多写几个字。";
      writeFileSync(
        join(d, "works", "broken.yaml"),
        [
          "- key: bad-creator",
          "  name: 甲",
          "  category: 典籍",
          "  creators: [tang, { person: nobody, role: 编 }]",
          `  summary: ${summary}`,
          "- key: bad-dates",
          "  name: 乙",
          "  category: 绘画",
          "  created: { year: 1100 }",
          "  start: { year: 1090 }",
          `  summary: ${summary}`,
          "- key: bad-category",
          "  name: 丙",
          "  category: 雕塑",
          "  start: { year: 1200 }",
          "  end: { year: 1100 }",
          `  summary: ${summary}`,
        ].join("\n"),
      );
    });
    const where = issuesOf(dir).map((i) => `${i.file}|${i.record}|${i.field}`);
    expect(where).toEqual(
      expect.arrayContaining([
        "works/broken.yaml|bad-creator|creators.0",
        "works/broken.yaml|bad-creator|creators.1.person",
        "works/broken.yaml|bad-dates|created",
        "works/broken.yaml|bad-category|category",
      ]),
    );
  });
});

describe("loadContent: 洞察 topics", () => {
  it("resolves a topic's keys to ids in its order and renders its essay with in-text links", () => {
    const bundle = loadContent(insightFixtureDir());
    expect(bundle.insights).toHaveLength(1);
    const topic = bundle.insights[0];
    expect(topic).toMatchObject({
      id: contentId("topic", "test-topic"),
      key: "test-topic",
      title: "测试专题：唐朝如何开始",
      era: "唐初",
      coverText: "测试封面",
      file: "insights/test-topic.md",
      eventIds: ["li-du-xiang-yu", "tang-jian-li", "qin-mie-liu-guo"].map((k) =>
        contentId("event", k),
      ),
      personIds: ["li-yuan", "li-bai", "du-fu", "ying-zheng"].map((k) => contentId("person", k)),
      articleIds: [contentId("article", "test-article")],
      entryIds: [contentId("regime", "tang"), contentId("place", "chang-an")],
    });
    expect(topic?.links.map((l) => l.word)).toEqual(["李渊", "唐", "李白", "杜甫"]);
    expect(topic?.html).toContain(
      `<a href="/detail/${contentId("person", "li-bai")}" data-id="${contentId("person", "li-bai")}" class="inner-link">李白</a>`,
    );
    expect(topic?.text).not.toContain("[[");
    // The shared fixture has no topics.
    expect(loadContent(FIXTURE).insights).toEqual([]);
  });

  it("names unknown keys, keys of the wrong kind, unknown articles and repeated keys", () => {
    const front = TEST_TOPIC_FRONT.map((line) =>
      line.startsWith("events:")
        ? "events: [tang-jian-li, li-bai, no-such-event]"
        : line.startsWith("articles:")
          ? "articles: [test-article, no-such-article]"
          : line.startsWith("entries:")
            ? "entries: [tang, li-yuan]"
            : line,
    );
    const where = issuesOf(insightFixtureDir({ front })).map(
      (i) => `${i.file}|${i.record}|${i.field}|${i.message}`,
    );
    expect(where).toEqual(
      expect.arrayContaining([
        "insights/test-topic.md|test-topic|events.1|li-bai 是 person，此处需要 event",
        "insights/test-topic.md|test-topic|events.2|引用的键 no-such-event 不存在",
        "insights/test-topic.md|test-topic|articles.1|引用的文章 no-such-article 不存在",
        "insights/test-topic.md|test-topic|entries.1|li-yuan 是 person，此处需要 regime/place",
      ]),
    );
  });

  it("holds the essay to 600–1200 characters, its links to known entries and no cards", () => {
    const short = issuesOf(insightFixtureDir({ essay: testEssay(5) }));
    expect(short).toContainEqual(
      expect.objectContaining({
        field: "body",
        message: expect.stringMatching(/^正文应为 600–1200 字，现为 \d+ 字$/),
      }),
    );
    expect(issuesOf(insightFixtureDir({ essay: testEssay(60) }))).toContainEqual(
      expect.objectContaining({ field: "body", message: expect.stringContaining("正文应为") }),
    );
    const broken = issuesOf(
      insightFixtureDir({
        essay: `${testEssay()}\n\n[[nobody|某人]]\n\n\`\`\`card\ntype: book\ntitle: 书\n\`\`\`\n`,
      }),
    ).map((i) => `${i.field}|${i.message}`);
    expect(broken).toEqual(
      expect.arrayContaining(["body|引用的键 nobody 不存在", "body|洞察正文不支持卡片"]),
    );
  });

  it("rejects a topic without enough events, with a missing question or a repeated key", () => {
    const front = TEST_TOPIC_FRONT.filter((l) => !l.startsWith("question:")).map((line) =>
      line.startsWith("events:")
        ? "events: [tang-jian-li]"
        : line.startsWith("people:")
          ? "people: [li-yuan, li-yuan]"
          : line,
    );
    const issues = issuesOf(insightFixtureDir({ front }));
    expect(issues.map((i) => i.field)).toContain("question");
    expect(issues.map((i) => `${i.field}|${i.message}`)).toEqual(
      expect.arrayContaining(["events|至少 3 项", "people|键重复"]),
    );
    const twice = insightFixtureDir({
      extra: (d) => cpSync(join(d, "insights", "test-topic.md"), join(d, "insights", "zz-copy.md")),
    });
    expect(issuesOf(twice)).toContainEqual(
      expect.objectContaining({ file: "insights/zz-copy.md", field: "key", message: "洞察键重复" }),
    );
  });
});
