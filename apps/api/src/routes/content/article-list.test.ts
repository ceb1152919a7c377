import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insightFixtureDir } from "../../../../../tests/support/insight-content.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

// The article hub's list call (/ah): a section or all, newest or most read first, paged.

const BODY =
  "这篇测试文章的正文只用于检验文章列表的排序与分页，内容并不代表真实的历史叙述。".repeat(8);

/** Three war articles beside the fixture's one art-history article. */
function withWarArticles(dir: string) {
  const articles: [string, string][] = [
    ["war-a", "2026-01-10"],
    ["war-b", "2026-02-10"],
    ["war-c", "2026-03-10"],
  ];
  for (const [key, published] of articles) {
    writeFileSync(
      join(dir, "articles", `${key}.md`),
      [
        "---",
        `key: ${key}`,
        `title: 测试战争文章 ${key}`,
        "section: 战争",
        "abstract: 一篇用于检验排序的测试文章。",
        `published: ${published}`,
        "---",
        "",
        BODY,
        "",
      ].join("\n"),
    );
  }
}

const ART = contentId("article", "test-article");
const [A, B, C] = ["war-a", "war-b", "war-c"].map((k) => contentId("article", k));

describe.each(databaseTargets())("article list API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(
      target,
      {},
      { contentDir: insightFixtureDir({ extra: withWarArticles }) },
    );
    // Reads: A most, then the art-history article, then C; B has none.
    for (const [id, views] of [
      [A, 500],
      [ART, 120],
      [C, 7],
    ] as const) {
      await t.deps.handle.db
        .updateTable("article")
        .set({ view_count: views })
        .where("id", "=", id as string)
        .execute();
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (body: { data: { list: { id: string }[] } }) => body.data.list.map((a) => a.id);

  it("lists newest first by default, and most read first with sort=hot", async () => {
    const latest = await get("/api/m/article/v1/n/list/cn/war/1/10");
    expect(latest.body.data).toMatchObject({ section: "战争", sort: "latest", total: 3 });
    expect(ids(latest.body)).toEqual([C, B, A]);
    const hot = await get("/api/m/article/v1/n/list/cn/war/1/10?sort=hot");
    expect(hot.body.data).toMatchObject({ section: "战争", sort: "hot", total: 3 });
    expect(ids(hot.body)).toEqual([A, C, B]);
    // The cards carry what the hub shows: cover, abstract and the reading count (spec §9).
    expect(hot.body.data.list[0]).toMatchObject({
      imageUrl: `/media/cover/${A}.svg`,
      summary: "一篇用于检验排序的测试文章。",
      viewNumShow: "500",
    });
    const all = await get("/api/m/article/v1/n/list/cn/all/1/10?sort=hot");
    expect(ids(all.body)).toEqual([A, ART, C, B]);
  });

  it("pages the most read without repeating or skipping an article", async () => {
    const first = await get("/api/m/article/v1/n/list/cn/all/1/3?sort=hot");
    expect(first.body.data).toMatchObject({ page: 1, size: 3, total: 4, hasMore: true });
    const second = await get("/api/m/article/v1/n/list/cn/all/2/3?sort=hot");
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect([...ids(first.body), ...ids(second.body)]).toEqual([A, ART, C, B]);
    const past = await get("/api/m/article/v1/n/list/cn/all/3/3?sort=hot");
    expect(past.body.data).toMatchObject({ list: [], hasMore: false });
  });

  it("answers a bad sort, size, page or section with 400 and says why", async () => {
    const cases: [string, RegExp][] = [
      [
        "/api/m/article/v1/n/list/cn/war/1/10?sort=random",
        /排序只支持 latest（最新）或 hot（最热）/,
      ],
      ["/api/m/article/v1/n/list/cn/war/1/51", /每页至多 50 条/],
      ["/api/m/article/v1/n/list/cn/war/1/0", /每页至少 1 条/],
      ["/api/m/article/v1/n/list/cn/war/x/10", /页码/],
      ["/api/m/article/v1/n/list/cn/%E6%88%98%E4%BA%89/1/10", /栏目不存在/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.code, url).toBe(400);
      expect(res.body.message, url).toMatch(message);
    }
    expect((await get("/api/m/article/v1/n/list/cn/war/1/50")).status).toBe(200);
  });
});
