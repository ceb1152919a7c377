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
    await importPoetry(t.deps.handle, {
      dir: FIXTURE_POETRY,
      readings: [
        {
          title: "春望",
          author: "杜甫",
          changes: [{ from: "城春草木深", to: "城春草木新" }],
          note: "测试用：底本作“草木深”，此处作“草木新”。",
        },
      ],
    });
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
    return res.json().data as {
      id: string;
      kind: string;
      name: string;
      timeDesc: string | null;
      author: string | null;
    }[];
  };

  const verses = async (q: string, page = 1, size = 20) => {
    const res = await t.app.inject({
      url: `/api/search/cn?q=${encodeURIComponent(q)}&type=verse&page=${page}&size=${size}`,
    });
    expect(res.statusCode, q).toBe(200);
    return res.json().data as {
      type: string;
      total: number;
      hasMore: boolean;
      list: { id: string; kind: string; name: string; summary: string; author: string | null }[];
    };
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

  it("names a poem's author in its hits, and no author for other kinds", async () => {
    const [poem] = await suggest("静夜思");
    expect(poem).toMatchObject({ kind: "poem", author: "李白" });
    const [person] = await suggest("李白");
    expect(person).toMatchObject({ kind: "person", author: null });
  });

  it("finds a poem by a line, showing the line that holds the words", async () => {
    const page = await verses("举头望明月");
    expect(page).toMatchObject({ type: "verse", total: 1, hasMore: false });
    expect(page.list[0]).toMatchObject({
      kind: "poem",
      name: "静夜思",
      author: "李白",
      summary: "举头望明月，低头思故乡。",
    });
  });

  it("matches across punctuation and lines, typed with or without it", async () => {
    for (const q of ["明月光疑是", "明月光，疑是", "地上霜。举头", "地上霜 举头", "霜举头望"]) {
      const page = await verses(q);
      expect(
        page.list.map((h) => h.name),
        q,
      ).toEqual(["静夜思"]);
    }
    expect((await verses("地上霜举头")).list[0]?.summary).toBe(
      "床前明月光，疑是地上霜。举头望明月，低头思故乡。",
    );
  });

  it("finds a poem given in its common reading by either wording", async () => {
    for (const q of ["城春草木新", "城春草木深"]) {
      const page = await verses(q);
      expect(
        page.list.map((h) => h.name),
        q,
      ).toEqual(["春望"]);
    }
    // The two wordings are held apart: no keyword runs from one into the other.
    expect((await verses("鸟惊心国破山")).total).toBe(0);
    // Found by the imported words, it shows the imported line.
    expect((await verses("城春草木深")).list[0]?.summary).toBe("国破山河在，城春草木深。");
    expect((await verses("城春草木新")).list[0]?.summary).toBe("国破山河在，城春草木新。");
  });

  it("finds chapters of the classics by their words", async () => {
    const page = await verses("学而时习之");
    expect(page.list[0]).toMatchObject({ kind: "classic", name: "论语·学而", author: null });
    expect(page.list[0]?.summary).toContain("学而时习之");
  });

  it("finds nothing for keywords too short for the index, absent words or query syntax", async () => {
    for (const q of ["明月", "明，月", "", "黄鹤楼前", '"*(NEAR', "%_'", "明月光".repeat(16)]) {
      const page = await verses(q);
      expect(page, q).toMatchObject({ total: 0, hasMore: false, list: [] });
    }
  });

  it("keeps one row per poem in the verse index through a re-import", async () => {
    await importPoetry(t.deps.handle, { dir: FIXTURE_POETRY });
    expect((await verses("举头望明月")).total).toBe(1);
  });

  it("serves a poem's entry detail", async () => {
    const [poem] = await suggest("春望");
    const res = await t.app.inject({ url: `/api/item/detail/cn/${poem?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: "poem", name: "春望" });
  });
});
