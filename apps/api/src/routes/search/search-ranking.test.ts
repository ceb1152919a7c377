import { importPoetry } from "@tongjian/content/import-poetry";
import { contentId } from "@tongjian/content/load-content";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { createSearchRepository } from "@tongjian/services/search/search-repository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertWorks } from "../../../../../tests/support/insert-works.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

/**
 * What a reader types first, and the entry that must come first: names, 字, 号, 谥号, temple
 * names, common titles and dynasty names across eras and kinds, over the real corpus plus
 * imported poems that share some of those names.
 */
const FIRST_HITS: [query: string, name: string, kind: string][] = [
  ["秦始皇", "嬴政", "person"],
  ["始皇帝", "嬴政", "person"],
  ["唐太宗", "李世民", "person"],
  ["苏东坡", "苏轼", "person"],
  ["东坡居士", "苏轼", "person"],
  ["王阳明", "王守仁", "person"],
  ["诸葛武侯", "诸葛亮", "person"],
  ["孔明", "诸葛亮", "person"],
  ["诗仙", "李白", "person"],
  ["太白", "李白", "person"],
  ["青莲居士", "李白", "person"],
  ["诗圣", "杜甫", "person"],
  ["少陵野老", "杜甫", "person"],
  ["汉武帝", "刘彻", "person"],
  ["宋太祖", "赵匡胤", "person"],
  ["明太祖", "朱元璋", "person"],
  ["康熙", "玄烨", "person"],
  ["乾隆", "弘历", "person"],
  ["武则天", "武则天", "person"],
  ["孔丘", "孔子", "person"],
  ["李耳", "老子", "person"],
  ["曹孟德", "曹操", "person"],
  ["魏武帝", "曹操", "person"],
  ["刘皇叔", "刘备", "person"],
  ["关云长", "关羽", "person"],
  ["岳武穆", "岳飞", "person"],
  ["孙中山", "孙文", "person"],
  ["唐僧", "玄奘", "person"],
  ["西施", "西施", "person"],
  ["荆轲", "荆轲", "person"],
  ["郑和", "郑和", "person"],
  ["汉朝", "汉", "regime"],
  ["宋朝", "宋", "regime"],
  ["晋朝", "晋", "regime"],
  ["周朝", "周", "regime"],
  ["大唐", "唐", "regime"],
  ["元朝", "元", "regime"],
  ["明朝", "明", "regime"],
  ["清朝", "清", "regime"],
  ["秦", "秦", "regime"],
  ["鸦片战争", "鸦片战争", "event"],
  ["戊戌变法", "戊戌变法", "event"],
  ["辛亥革命", "辛亥革命", "event"],
  ["贞观之治", "贞观之治", "event"],
  ["安史之乱", "安史之乱", "event"],
  ["赤壁之战", "赤壁之战", "event"],
  ["长城", "长城", "place"],
  ["赤壁", "赤壁", "place"],
  ["长安", "长安", "place"],
  ["汴京", "开封", "place"],
  ["赵州桥", "赵州桥", "place"],
  ["都江堰", "都江堰", "place"],
  ["岳阳楼", "岳阳楼", "place"],
  ["史记", "史记", "work"],
  ["太史公书", "史记", "work"],
  ["石头记", "红楼梦", "work"],
  ["活字印刷术", "活字印刷术", "work"],
  ["清明上河图", "清明上河图", "work"],
  ["静夜思", "静夜思", "poem"],
  ["libai", "李白", "person"],
  ["zgl", "诸葛亮", "person"],
  ["qinshihuang", "嬴政", "person"],
  ["zhugeliang", "诸葛亮", "person"],
];

/** Imported poems whose titles are names readers look for as people, places and regimes. */
const HOMONYM_POEMS = ["秦始皇", "长城", "汉朝", "赤壁怀古"];

describe.each(databaseTargets())("search ranking over the real corpus on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: "content" });
    await importPoetry(t.deps.handle, { dir: "tests/fixtures/chinese-poetry", readings: [] });
    const stamp = new Date().toISOString();
    await t.deps.handle.db
      .insertInto("entry")
      .values(
        HOMONYM_POEMS.map((name, i) => ({
          id: contentId("poem", `ranking-test-${i}`),
          key: `ranking-test-${i}`,
          kind: "poem",
          name,
          aliases: "[]",
          summary: "测试用诗句。",
          start_year: null,
          end_year: null,
          time_desc: "唐",
          regime_id: null,
          data: JSON.stringify({ author: "佚名", paragraphs: ["测试用诗句。"] }),
          image_url: null,
          // Imported poems of a featured collection rank by popularity too: above any curated
          // entry's here, so that only the curated-over-imported rule can put them after.
          popularity: 10_000,
          search_names: name,
          pinyin: "",
          pinyin_initials: "",
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    await refreshSearchIndex(t.deps.handle);
  }, 120_000);
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
    return res.json().data as { name: string; kind: string; alias: string | null }[];
  };

  it.each(FIRST_HITS)("%s finds %s (%s) first", async (query, name, kind) => {
    const [first] = await suggest(query);
    expect(first, query).toMatchObject({ name, kind });
  });

  it("puts an imported poem of the same title after the curated entry, and before partial matches", async () => {
    expect((await suggest("秦始皇")).map((h) => [h.name, h.kind])).toEqual([
      ["嬴政", "person"],
      ["秦始皇", "poem"],
      ["秦始皇陵", "place"],
    ]);
    // 长城公 is an alias of 陈叔宝 that starts with the keyword: any exact name beats it.
    expect((await suggest("长城")).map((h) => [h.name, h.kind]).slice(0, 3)).toEqual([
      ["长城", "place"],
      ["长城", "poem"],
      ["陈叔宝", "person"],
    ]);
    expect((await suggest("汉朝")).map((h) => h.name).slice(0, 2)).toEqual(["汉", "汉朝"]);
  });

  it("says which other name a hit was found by", async () => {
    expect((await suggest("秦始皇"))[0]?.alias).toBe("秦始皇");
    expect((await suggest("李白"))[0]?.alias).toBeNull();
    expect((await suggest("东坡居"))[0]).toMatchObject({ name: "苏轼", alias: "东坡居士" });
  });

  it("breaks ties within a tier by importance: more relations first, not row order", async () => {
    const search = createSearchRepository(t.deps.handle);
    for (const keyword of ["李", "王", "刘", "曹", "zhang"]) {
      const hits = await search.suggestEntries(keyword, { group: "person" }, 10);
      expect(hits.length, keyword).toBe(10);
      for (const [i, hit] of hits.entries()) {
        const next = hits[i + 1];
        if (!next) break;
        expect(next.tier, keyword).toBeGreaterThanOrEqual(hit.tier);
        if (next.tier === hit.tier) {
          expect(
            next.popularity,
            `${keyword}: ${hit.name} before ${next.name}`,
          ).toBeLessThanOrEqual(hit.popularity);
        }
      }
    }
  });

  const overview = async (q: string) => {
    const res = await t.app.inject({
      url: `/api/search/overview/cn?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, q).toBe(200);
    return res.json().data as {
      sections: {
        type: string;
        group: string;
        name: string;
        total: number;
        list: { name: string; summary: string }[];
      }[];
      similar: { name: string; matched: string; kind: string }[];
    };
  };
  const groupPage = async (q: string, group: string, page = 1, size = 20) => {
    const res = await t.app.inject({
      url: `/api/search/cn?q=${encodeURIComponent(q)}&group=${group}&page=${page}&size=${size}`,
    });
    expect(res.statusCode, `${q} ${group}`).toBe(200);
    return res.json().data as {
      total: number;
      hasMore: boolean;
      list: { id: string; name: string; kind: string }[];
    };
  };

  it("groups hits by kind with counts, the group of the best hit first", async () => {
    const { sections, similar } = await overview("赤壁");
    expect(similar).toEqual([]);
    // The place is the whole name; the event and 赤壁赋 start with it; poems and articles hold it.
    expect(sections.map((s) => s.name)).toEqual(["地点", "事件", "作品", "诗文", "文章"]);
    expect(sections[0]?.list[0]?.name).toBe("赤壁");
    for (const section of sections.filter((s) => s.type === "entry")) {
      const page = await groupPage("赤壁", section.group, 1, 50);
      expect(page.total, section.name).toBe(section.total);
      expect(page.list.slice(0, section.list.length).map((h) => h.name)).toEqual(
        section.list.map((h) => h.name),
      );
    }
    const places = await groupPage("赤壁", "place");
    expect(new Set(places.list.map((h) => h.kind))).toEqual(new Set(["place"]));
  });

  it("lists poems by title and by their words under 诗文, the line shown for a words match", async () => {
    const { sections } = await overview("举头望明月");
    expect(sections.map((s) => s.name)).toEqual(["诗文"]);
    expect(sections[0]?.list[0]).toMatchObject({ name: "静夜思" });
    expect(sections[0]?.list[0]?.summary).toContain("举头望明月");
    const texts = await groupPage("静夜思", "text");
    expect(texts.list[0]?.name).toBe("静夜思");
  });

  it("pages one group to its end with the total it promised, each hit once", async () => {
    const first = await groupPage("王", "person", 1, 20);
    expect(first.total).toBeGreaterThan(20);
    const ids = first.list.map((h) => h.id);
    let page = 1;
    let last = first;
    while (last.hasMore) {
      page += 1;
      last = await groupPage("王", "person", page, 20);
      ids.push(...last.list.map((h) => h.id));
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.total);
  });

  it("counts a group only up to 100 in the overview, and to the end in its own list", async () => {
    await insertWorks(t.deps.handle.db, { id: contentId("person", "li-bai"), name: "李白" }, 150);
    await refreshSearchIndex(t.deps.handle);
    // The poems are named 测试诗00001 … 测试诗00150.
    const texts = (await overview("测试诗")).sections.find((s) => s.group === "text");
    expect(texts?.total).toBe(100);
    expect((await groupPage("测试诗", "text")).total).toBe(150);
  });

  it("offers names that sound or look like a keyword that found nothing", async () => {
    const homophone = await overview("李拜");
    expect(homophone.sections).toEqual([]);
    expect(homophone.similar[0]).toMatchObject({ name: "李白", matched: "李白" });
    const typo = await overview("诸葛武候");
    expect(typo.sections).toEqual([]);
    expect(typo.similar[0]).toMatchObject({ name: "诸葛亮", matched: "诸葛武侯" });
    const pinyin = await overview("zhugelaing");
    expect(pinyin.sections).toEqual([]);
    expect(pinyin.similar.map((s) => s.name)).toContain("诸葛亮");
    const nothing = await overview("量子计算机");
    expect(nothing).toMatchObject({ sections: [], similar: [] });
  });

  it("answers a group it does not know with 400", async () => {
    const res = await t.app.inject({ url: "/api/search/cn?q=李白&group=painting" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/group 只能是/);
    const big = await t.app.inject({ url: "/api/search/overview/cn?q=李白&size=11" });
    expect(big.statusCode).toBe(400);
  });
});
