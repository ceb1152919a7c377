import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const SUGGEST = "/api/search/getSuggestion";
const ARTICLE = contentId("article", "test-article");

describe.each(databaseTargets())("search on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const suggest = (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: SUGGEST,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ language: "cn", ...body }),
    });
  const names = async (keyword: string, filters: Record<string, boolean> = {}) => {
    const res = await suggest({ keyword, ...filters });
    expect(res.statusCode, keyword).toBe(200);
    return (res.json().data as { name: string }[]).map((e) => e.name);
  };
  const search = (query: Record<string, string | number>) =>
    t.app.inject({
      method: "GET",
      url: `/api/search/cn?${new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, String(v)]),
      )}`,
    });

  it("finds 李白 by name, 字, 号, alias, pinyin and initials", async () => {
    for (const keyword of [
      "李白",
      "太白",
      "青莲居士",
      "诗仙",
      "libai",
      "lb",
      "li bai",
      "LiBai",
      "qinglian",
    ]) {
      expect((await names(keyword))[0], keyword).toBe("李白");
    }
    const res = await suggest({ keyword: "青莲" });
    expect(res.json().data[0]).toMatchObject({
      id: contentId("person", "li-bai"),
      type: "ENTRY",
      kind: "person",
      name: "李白",
      timeDesc: "701年—762年",
    });
  });

  it("ranks an exact name first, then prefixes by popularity, then other matches", async () => {
    // 李白 and 李渊 start with 李 (李白 is linked more); 唐 only has the alias 李唐.
    expect(await names("李")).toEqual(["李白", "李渊", "唐"]);
    // 唐 is the regime's own name; 唐高祖 is an alias of 李渊.
    expect(await names("唐")).toEqual(["唐", "李渊"]);
    expect(await names("li")).toEqual(["李白", "李渊", "唐"]);
    // Pinyin matches by prefix: qin → 秦 (whole), 秦灭六国 (its start), then other names
    // (青莲居士 qinglianjushi, 秦始皇 qinshihuang) by popularity.
    expect(await names("qin")).toEqual(["秦", "秦灭六国", "李白", "嬴政"]);
  });

  it("keeps only entries with years or with a place when asked", async () => {
    expect(await names("阳")).toEqual(["咸阳"]);
    expect(await names("阳", { hasTime: true })).toEqual([]);
    expect(await names("秦", { hasGeo: true })).toEqual(["秦", "秦灭六国"]);
    expect(await names("秦", { hasTime: true, hasGeo: true })).toEqual(["秦", "秦灭六国"]);
    expect(await names("秦始皇")).toEqual(["嬴政"]);
    expect(await names("秦始皇", { hasGeo: true })).toEqual([]);
    expect(await names("xianyang", { hasGeo: true })).toEqual(["咸阳"]);
    expect(await names("xianyang", { hasTime: true })).toEqual([]);
  });

  it("pages entry results with a total", async () => {
    const res = await search({ q: "李", page: 1, size: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: "entry",
      page: 1,
      size: 2,
      total: 3,
      hasMore: true,
    });
    expect(res.json().data.list.map((e: { name: string }) => e.name)).toEqual(["李白", "李渊"]);
    const next = (await search({ q: "李", page: 2, size: 2 })).json().data;
    expect(next).toMatchObject({ total: 3, hasMore: false });
    expect(next.list.map((e: { name: string }) => e.name)).toEqual(["唐"]);
  });

  it("finds articles by title and text, with a snippet around the match", async () => {
    for (const q of ["洛阳相识", "洛阳", "科举取士对文学"]) {
      const data = (await search({ q, type: "article" })).json().data;
      expect(data.total, q).toBe(1);
      expect(data.list[0], q).toMatchObject({
        id: ARTICLE,
        type: "ARTICLE",
        title: "测试文章：李白与杜甫",
      });
      expect(data.list[0].snippet, q).toContain(q);
      expect(data.list[0].snippet.length, q).toBeLessThan(80);
    }
    const byTitle = (await search({ q: "测试文章", type: "article" })).json().data;
    expect(byTitle.list[0].id).toBe(ARTICLE);
    const none = (await search({ q: "不存在的句子", type: "article" })).json().data;
    expect(none).toMatchObject({ total: 0, hasMore: false, list: [] });
  });

  it("treats query syntax characters as plain text", async () => {
    const keywords = [
      '"',
      "*",
      "'",
      "%",
      "_",
      "(",
      "NEAR",
      "AND",
      "-",
      "^",
      '李白"',
      "李白*",
      "%李%",
      "李_",
      "NEAR(李白 杜甫)",
      "李白 AND 杜甫",
      "-李白",
      "^李",
      "' OR 1=1 --",
      "\\",
    ];
    for (const keyword of keywords) {
      const res = await suggest({ keyword });
      expect(res.statusCode, keyword).toBe(200);
      for (const type of ["entry", "article"]) {
        const page = await search({ q: keyword, type });
        expect(page.statusCode, `${type} ${keyword}`).toBe(200);
      }
    }
    // Wildcards match themselves, not everything.
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await names("%李%")).toEqual([]);
    expect((await search({ q: "%", type: "article" })).json().data.total).toBe(0);
  });

  it("answers an empty keyword with an empty list and a long one with 400", async () => {
    for (const keyword of ["", "   "]) {
      const res = await suggest({ keyword });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, message: "success", data: [] });
      const page = (await search({ q: keyword })).json();
      expect(page.data).toMatchObject({ total: 0, hasMore: false, list: [] });
    }
    expect((await suggest({ keyword: "李".repeat(50) })).statusCode).toBe(200);

    const long = await suggest({ keyword: "李".repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 400, data: null });
    expect(long.json().message).toMatch(/关键词不能超过 50 个字/);
    const longQuery = await search({ q: "a".repeat(51) });
    expect(longQuery.statusCode).toBe(400);
    expect(longQuery.json().message).toMatch(/关键词不能超过 50 个字/);

    const badLanguage = await suggest({ language: "en", keyword: "李白" });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().message).toMatch(/语言/);
    const badType = await search({ q: "李白", type: "poem" });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/entry、verse 或 article/);
  });
});
