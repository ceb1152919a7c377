import { importPoetry } from "@tongjian/content/import-poetry";
import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const FIXTURE_POETRY = "tests/fixtures/chinese-poetry";

describe.each(databaseTargets())("search over imported poetry on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target);
    await importPoetry(t.deps.handle, { dir: FIXTURE_POETRY });
  });
  afterAll(async () => {
    await t?.close();
  });

  const suggest = async (keyword: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/search/getSuggestion",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ language: "cn", keyword }),
    });
    expect(res.statusCode, keyword).toBe(200);
    return res.json().data as { id: string; kind: string; name: string; timeDesc: string | null }[];
  };

  it("finds a poem by its title, in characters, pinyin and initials", async () => {
    for (const keyword of ["静夜思", "静夜", "jingyesi", "jys"]) {
      expect((await suggest(keyword))[0], keyword).toMatchObject({
        kind: "poem",
        name: "静夜思",
        timeDesc: "唐",
      });
    }
    // 念奴娇 is only in 全宋词 (not a corpus poet's there): the curated import leaves it out.
    expect((await suggest("念奴娇"))[0]).toBeUndefined();
    expect((await suggest("水调歌头"))[0]).toMatchObject({ kind: "poem", name: "水调歌头" });
  });

  it("finds a poet's poems by the author's name after the poet", async () => {
    const hits = await suggest("李白");
    expect(hits[0]).toMatchObject({ kind: "person", id: contentId("person", "li-bai") });
    // 静夜思 is in 唐诗三百首 and ranks above 将进酒.
    expect(hits.slice(1).map((h) => h.name)).toEqual(["静夜思", "将进酒"]);
    expect((await suggest("libai")).map((h) => h.name)).toContain("将进酒");
  });

  it("finds imported poets and classic chapters", async () => {
    expect((await suggest("骆宾王"))[0]).toMatchObject({ kind: "person", name: "骆宾王" });
    expect((await suggest("luobinwang"))[0]).toMatchObject({ name: "骆宾王" });
    const lunyu = await suggest("论语");
    expect(lunyu.map((h) => h.kind)).toEqual(["classic", "classic"]);
    expect(lunyu.map((h) => h.name).sort()).toEqual(["论语·为政", "论语·学而"]);
  });

  it("serves a poem's entry detail", async () => {
    const [poem] = await suggest("春望");
    const res = await t.app.inject({ url: `/api/item/detail/cn/${poem?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: "poem", name: "春望" });
  });
});
