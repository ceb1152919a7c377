import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { createTestApp } from "./test-app.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const YING_ZHENG = contentId("person", "ying-zheng");
const ARTICLE = contentId("article", "test-article");

describe.each(databaseTargets())("API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("reports health with the database it runs on", async () => {
    const res = await get("/healthz");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.database).toEqual({
      dialect: target.databaseUrl ? "postgres" : "sqlite",
      ok: true,
    });
    expect(body.data.store.kind).toBe(target.redisUrl ? "redis" : "database");
  });

  it("sends security headers to every client", async () => {
    const visitor = await get(`/api/item/intro/cn/${LI_BAI}`);
    expect(visitor.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(visitor.headers["x-content-type-options"]).toBe("nosniff");
    expect(visitor.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("serves the banner, feed and top list from the database", async () => {
    const banner = (await get("/api/m/homepage/v1/n/getBanner/cn")).json();
    expect(banner.code).toBe(200);
    expect(banner.data[0]).toMatchObject({
      title: "测试文章：李白与杜甫",
      link: `/ah/article/${ARTICLE}`,
    });

    const feed = (await get("/api/m/homepage/v2/n/getFeed/cn/1/50")).json();
    expect(feed.data).toMatchObject({ page: 1, size: 50, total: 1, hasMore: false });
    expect(feed.data.list[0]).toMatchObject({ id: ARTICLE, section: "艺术史", type: "ARTICLE" });

    const top = (await get("/api/m/homeservice/top/n/list?page=1&size=10")).json();
    expect(top.data.list.length).toBeGreaterThan(0);
    expect(top.data.list[0].rank).toBe(1);
    // 李白 has the most links (a relation and an article link), so it leads the list.
    expect(top.data.list[0].name).toBe("李白");
  });

  it("answers entry detail, intro, relations and timeline", async () => {
    const detail = (await get(`/api/item/detail/cn/${LI_BAI}`)).json();
    expect(detail.data).toMatchObject({ name: "李白", kind: "person", timeDesc: "701年—762年" });
    expect(detail.data.facts.courtesy).toBe("太白");

    const intro = (await get(`/api/item/intro/cn/${LI_BAI}`)).json();
    expect(Object.keys(intro.data).sort()).toEqual([
      "id",
      "imageUrl",
      "locked",
      "member",
      "name",
      "summary",
    ]);
    // 李白 is not a member entry: nothing is held back.
    expect(intro.data).toMatchObject({ member: false, locked: false });

    const relation = (await get(`/api/item/relation/cn/${LI_BAI}`)).json();
    const friend = relation.data.relations.find(
      (r: { item: { id: string } }) => r.item.id === DU_FU,
    );
    expect(friend).toMatchObject({ type: "朋友", label: "好友", direction: "twoway" });

    const timeline = (await get(`/api/item/timeline/cn/${YING_ZHENG}`)).json();
    const years = timeline.data.list.map((i: { year: number }) => i.year);
    expect(years).toEqual([...years].sort((a: number, b: number) => a - b));
    expect(timeline.data.list.map((i: { timeDesc: string }) => i.timeDesc)).toContain("前259年");
    expect(timeline.data.list.map((i: { title: string }) => i.title)).toContain("秦灭六国");
  });

  it("serves an article with its inner links and counts the view", async () => {
    const first = (await get(`/api/m/article/v1/n/detail/cn/${ARTICLE}`)).json();
    expect(first.data.title).toBe("测试文章：李白与杜甫");
    expect(first.data.innerLinks).toEqual([
      { itemId: LI_BAI, word: "李白" },
      { itemId: DU_FU, word: "杜甫" },
      { itemId: YING_ZHENG, word: "嬴政" },
    ]);
    expect(first.data.content).toContain(`<a href="/detail/${LI_BAI}"`);
    // The fixture's time-map card, rendered from the corpus and kept by the sanitiser.
    expect(first.data.content).toContain('data-card="timemap"');
    expect(first.data.content).toContain("唐高祖李渊");
    expect(first.data.content).toContain(`/map/detail/${contentId("regime", "tang")}?year=620`);
    expect(first.data.textLength).toBeGreaterThan(200);
    await new Promise((r) => setTimeout(r, 50));
    const second = (await get(`/api/m/article/v1/n/detail/cn/${ARTICLE}`)).json();
    expect(Number(second.data.viewNumShow)).toBeGreaterThan(Number(first.data.viewNumShow));
  });

  it("reads an article or entry without counting a view for the offline copy", async () => {
    const { articles, entries } = t.deps.services;
    const article = Number((await articles.detail(ARTICLE, { countView: false })).viewNumShow);
    const entry = Number((await entries.detail(DU_FU, { countView: false })).viewNumShow);
    expect(Number((await articles.detail(ARTICLE, { countView: false })).viewNumShow)).toBe(
      article,
    );
    expect(Number((await entries.detail(DU_FU, { countView: false })).viewNumShow)).toBe(entry);
    // A reader's view still counts.
    expect(Number((await articles.detail(ARTICLE)).viewNumShow)).toBe(article + 1);
    expect(Number((await entries.detail(DU_FU)).viewNumShow)).toBe(entry + 1);
  });

  it("lists the articles of one section, or of all", async () => {
    const art = (await get("/api/m/article/v1/n/list/cn/arthistory/1/10")).json();
    expect(art.data).toMatchObject({ section: "艺术史", total: 1, hasMore: false });
    expect(art.data.list.map((a: { id: string }) => a.id)).toEqual([ARTICLE]);
    const war = (await get("/api/m/article/v1/n/list/cn/war/1/10")).json();
    expect(war.data).toMatchObject({ section: "战争", total: 0, list: [] });
    const all = (await get("/api/m/article/v1/n/list/cn/all/1/10")).json();
    expect(all.data.section).toBeNull();
    expect(all.data.total).toBe(1);
    const bad = await get("/api/m/article/v1/n/list/cn/nope/1/10");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("栏目不存在");
    expect((await get("/api/m/article/v1/n/list/cn/war/0/10")).statusCode).toBe(400);
  });

  it("recommends for an entry and draws a labelled sample cover", async () => {
    const rec = (await get(`/api/recommend/get/relation/cn/${LI_BAI}/10`)).json();
    expect(rec.data.map((x: { id: string }) => x.id)).toContain(ARTICLE);
    const cover = await get(`/media/cover/${ARTICLE}.svg`);
    expect(cover.headers["content-type"]).toContain("image/svg+xml");
    expect(cover.body).toContain("示意封面");
  });

  it("answers bad input with a 4xx envelope in Chinese and keeps serving", async () => {
    const cases: [string, number, RegExp][] = [
      [`/api/item/detail/cn/${"0".repeat(24)}`, 404, /词条不存在/],
      ["/api/item/detail/cn/not-an-id", 400, /十六进制/],
      [`/api/item/detail/xx/${LI_BAI}`, 400, /语言/],
      ["/api/m/homepage/v2/n/getFeed/cn/0/50", 400, /页码/],
      ["/api/m/homepage/v2/n/getFeed/cn/1/1000", 400, /每页至多/],
      ["/api/m/homeservice/top/n/list?page=abc", 400, /页码/],
      ["/api/no/such/route", 404, /接口不存在/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      const body = res.json();
      expect(body.code, url).toBe(status);
      expect(body.message, url).toMatch(message);
      expect(body.data).toBeNull();
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }

    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/no/such/route",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe("请求体不是有效的 JSON");

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/no/such/route",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ text: "长".repeat(t.deps.config.bodyLimitBytes) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("请求体过大");

    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("keeps shared state in its store with expiry and prefix deletion", async () => {
    const store = t.deps.store;
    await store.set("test:a", "1", 60);
    await store.set("test:b", "2");
    await store.set("other:c", "3");
    expect(await store.get("test:a")).toBe("1");
    await store.deletePrefix("test:");
    expect(await store.get("test:a")).toBeNull();
    expect(await store.get("test:b")).toBeNull();
    expect(await store.get("other:c")).toBe("3");
    await store.set("test:short", "x", 0.05);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await store.get("test:short")).toBeNull();
    await store.delete("other:c");
  });
});

describe("sitemap and robots", () => {
  it("indexes a file of articles and files of entries, and lists every page in them", async () => {
    const t = await createTestApp({});
    const get = (url: string) => t.app.inject({ url, headers: { host: "h5.example.cn" } });
    try {
      const index = await get("/sitemap.xml");
      expect(index.headers["content-type"]).toContain("application/xml");
      expect(index.body).toContain("<sitemapindex");
      expect(index.body.match(/<sitemap>/g)?.length).toBe(2);
      expect(index.body).toContain("<loc>http://h5.example.cn/sitemap/articles.xml</loc>");
      expect(index.body).toContain("<loc>http://h5.example.cn/sitemap/entries-1.xml</loc>");

      const articles = await get("/sitemap/articles.xml");
      expect(articles.body).toContain("<loc>http://h5.example.cn/</loc>");
      expect(articles.body).toContain(`<loc>http://h5.example.cn/ah/article/${ARTICLE}</loc>`);
      expect(articles.body).toContain("<loc>http://h5.example.cn/ah</loc>");
      expect(articles.body).toContain("<loc>http://h5.example.cn/insight</loc>");
      // Home, the hub, the 洞察 list (the fixture has no topics) and the one article.
      expect(articles.body.match(/<url>/g)?.length).toBe(3 + 1);

      const entries = await get("/sitemap/entries-1.xml");
      expect(entries.headers["content-type"]).toContain("application/xml");
      expect(entries.body).toContain(`<loc>http://h5.example.cn/detail/${LI_BAI}</loc>`);
      expect(entries.body.match(/<url>/g)?.length).toBe(9);

      for (const missing of ["entries-2.xml", "entries-0.xml", "entries-x.xml", "other.xml"]) {
        const res = await get(`/sitemap/${missing}`);
        expect(res.statusCode, missing).toBe(404);
      }
      const robots = await t.app.inject({ url: "/robots.txt", headers: { host: "h5.example.cn" } });
      expect(robots.body).toContain("Sitemap: http://h5.example.cn/sitemap.xml");
    } finally {
      await t.close();
    }
  });
});
