import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentId, loadContent } from "@tongjian/content/load-content";
import { seedContent } from "@tongjian/content/seed-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insightFixtureDir,
  TEST_TOPIC_FRONT,
  testEssay,
} from "../../../../../tests/support/insight-content.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const TOPIC = contentId("topic", "test-topic");
const LATER = contentId("topic", "later-topic");
const LI_YUAN = contentId("person", "li-yuan");
const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const YING_ZHENG = contentId("person", "ying-zheng");

/** A second topic whose events start later (618) than the first's (前230年). */
function withLaterTopic(dir: string) {
  mkdirSync(join(dir, "insights"), { recursive: true });
  const front = TEST_TOPIC_FRONT.map((line) =>
    line.startsWith("key:")
      ? "key: later-topic"
      : line.startsWith("title:")
        ? "title: 测试专题：李杜何时相识"
        : line.startsWith("events:")
          ? "events: [tang-jian-li, li-du-xiang-yu, test-later-event]"
          : line.startsWith("people:")
            ? "people: [li-bai, du-fu]"
            : line.startsWith("entries:")
              ? "entries: []"
              : line,
  );
  writeFileSync(
    join(dir, "insights", "later-topic.md"),
    `---\n${front.join("\n")}\n---\n\n${testEssay()}\n`,
  );
  writeFileSync(
    join(dir, "events", "later.yaml"),
    [
      "- key: test-later-event",
      "  name: 测试后来的事件",
      "  start: { year: 760 }",
      "  regime: tang",
      "  category: 文化",
      "  summary: 测试事件简介，只为给第二个测试专题一个更晚的事件，此句只为满足校验的长度要求而特意写得稍长一些。",
    ].join("\n"),
  );
}

describe.each(databaseTargets())("洞察 API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let contentDir: string;
  beforeAll(async () => {
    contentDir = insightFixtureDir({ extra: withLaterTopic });
    t = await createTestApp(target, {}, { contentDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };

  it("lists every topic as a card, in the order of the years they are about", async () => {
    const { status, body } = await get("/api/insight/list/cn");
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        id: TOPIC,
        title: "测试专题：唐朝如何开始",
        question: "一个测试用的问题，唐朝是怎样建立起来的？",
        era: "唐初",
        timeDesc: "前230年—745年",
        imageUrl: `/media/cover/${TOPIC}.svg`,
        eventCount: 3,
        personCount: 4,
        articleCount: 1,
      },
      expect.objectContaining({ id: LATER, timeDesc: "618年—760年", personCount: 2 }),
    ]);
  });

  it("gives a topic's essay with in-text links, its timeline oldest first, people and relations", async () => {
    const { body } = await get(`/api/insight/detail/cn/${TOPIC}`);
    const topic = body.data;
    expect(topic).toMatchObject({ id: TOPIC, title: "测试专题：唐朝如何开始", era: "唐初" });
    expect(topic.essay).toContain(
      `<a href="/detail/${LI_BAI}" data-id="${LI_BAI}" class="inner-link">李白</a>`,
    );
    expect(topic.summary.startsWith("李渊在晋阳起兵")).toBe(true);
    expect(topic.innerLinks.map((l: { word: string }) => l.word)).toEqual([
      "李渊",
      "唐",
      "李白",
      "杜甫",
    ]);
    // The front matter lists 李杜相遇 first; the timeline puts the oldest first, BCE as 前N年.
    expect(
      topic.timeline.map((e: { title: string; timeDesc: string; itemId: string }) => [
        e.title,
        e.timeDesc,
        e.itemId,
      ]),
    ).toEqual([
      ["秦灭六国", "前230年—前221年", contentId("event", "qin-mie-liu-guo")],
      ["唐朝建立", "618年6月", contentId("event", "tang-jian-li")],
      ["李杜相遇", "744年—745年", contentId("event", "li-du-xiang-yu")],
    ]);
    expect(topic.people.map((p: { id: string }) => p.id)).toEqual([
      LI_YUAN,
      LI_BAI,
      DU_FU,
      YING_ZHENG,
    ]);
    expect(topic.people[0]).toMatchObject({ type: "ENTRY", kind: "person", name: "李渊" });
    // Only pairs of the topic's people: 李渊's 参与 of an event and the like are left out.
    expect(topic.relations).toEqual([
      { fromId: LI_YUAN, toId: LI_BAI, twoway: false, labels: ["后世诗人"], types: ["影响"] },
      { fromId: LI_BAI, toId: DU_FU, twoway: true, labels: ["好友"], types: ["朋友"] },
    ]);
    expect(topic.articles).toEqual([
      expect.objectContaining({
        id: contentId("article", "test-article"),
        type: "ARTICLE",
        title: "测试文章：李白与杜甫",
      }),
    ]);
    expect(topic.entries.map((e: { name: string; kind: string }) => `${e.kind}:${e.name}`)).toEqual(
      ["regime:唐", "place:长安"],
    );
  });

  it("draws a labelled sample cover with the topic's words", async () => {
    const raw = await t.app.inject({ method: "GET", url: `/media/cover/${TOPIC}.svg` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toContain("image/svg+xml");
    expect(raw.body).toContain("测试封面");
    expect(raw.body).toContain("洞察 · 唐初");
    expect(raw.body).toContain("示意封面");
  });

  it("answers an unknown topic with 404 and bad input with 400, in Chinese", async () => {
    const cases: [string, number, RegExp][] = [
      [`/api/insight/detail/cn/${"0".repeat(24)}`, 404, /洞察专题不存在/],
      // An entry's id is not a topic's.
      [`/api/insight/detail/cn/${LI_BAI}`, 404, /洞察专题不存在/],
      ["/api/insight/detail/cn/not-an-id", 400, /十六进制/],
      [`/api/insight/detail/xx/${TOPIC}`, 400, /语言/],
      ["/api/insight/list/en", 400, /语言/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.body.code, url).toBe(status);
      expect(res.body.message, url).toMatch(message);
    }
  });

  it("lists the 洞察 list and each topic's page in the sitemap", async () => {
    const res = await t.app.inject({
      url: "/sitemap/articles.xml",
      headers: { host: "h5.example.cn" },
    });
    expect(res.body).toContain(`<loc>http://h5.example.cn/insight?id=${TOPIC}</loc>`);
    expect(res.body).toContain(`<loc>http://h5.example.cn/insight?id=${LATER}</loc>`);
  });

  it("follows the content files: a removed topic is gone after the next seed", async () => {
    expect((await get(`/api/insight/detail/cn/${LATER}`)).status).toBe(200);
    rmSync(join(contentDir, "insights", "later-topic.md"));
    await seedContent(t.deps.handle, loadContent(contentDir), { searchIndex: false });
    // The read caches notice the new content version (CONTENT_POLL_MS is 20 in tests).
    await expect
      .poll(async () => (await get("/api/insight/list/cn")).body.data.length, { timeout: 2_000 })
      .toBe(1);
    expect((await get(`/api/insight/detail/cn/${LATER}`)).status).toBe(404);
  });
});
