import { setTimeout as sleep } from "node:timers/promises";
import { contentId } from "@tongjian/content/load-content";
import { bumpContentVersion } from "@tongjian/db/content-version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertWorks, type TestPoem } from "../../../../../tests/support/insert-works.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const LI_YUAN = contentId("person", "li-yuan");
const YING_ZHENG = contentId("person", "ying-zheng");
const TANG = contentId("regime", "tang");
const QIN = contentId("regime", "qin");
const CHANG_AN = contentId("place", "chang-an");
const ARTICLE = contentId("article", "test-article");

interface Fact {
  label: string;
  items: { name: string; id?: string; note?: string }[];
}

const factsOf = (data: { factList: Fact[] }) =>
  Object.fromEntries(data.factList.map((f) => [f.label, f.items]));

describe.each(databaseTargets())("entry page API on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let poems: TestPoem[] = [];
  beforeAll(async () => {
    t = await createTestApp(target);
    poems = await insertWorks(t.deps.handle.db, { id: LI_BAI, name: "李白" }, 30);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };

  it("gives a person's facts box with BCE years and links, and a labelled cover", async () => {
    const { body } = await get(`/api/item/detail/cn/${YING_ZHENG}`);
    const facts = factsOf(body.data);
    expect(facts.生卒).toEqual([{ name: "前259年—前210年" }]);
    expect(facts.朝代).toEqual([{ name: "秦", id: QIN }]);
    expect(facts.性别).toEqual([{ name: "男" }]);
    expect(facts.身份).toEqual([{ name: "君主" }]);
    expect(body.data.imageUrl).toBe(`/media/cover/${YING_ZHENG}.svg`);
    expect(body.data.verse).toEqual({ lines: [], notes: [], reading: null });

    const cover = await t.app.inject({ url: `/media/cover/${YING_ZHENG}.svg` });
    expect(cover.headers["content-type"]).toContain("image/svg+xml");
    expect(cover.body).toContain("嬴政");
    expect(cover.body).toContain("示意图");
  });

  it("gives the sources an entry cites for its source line, and none where it cites none", async () => {
    const liBai = (await get(`/api/item/detail/cn/${LI_BAI}`)).body.data;
    expect(liBai.sources).toEqual(["《旧唐书·文苑传下》", "《新唐书·文艺传中》"]);
    // The seed keeps them in the entry's data, beside the other facts of the record.
    expect(liBai.facts.sources).toEqual(liBai.sources);
    expect(factsOf(liBai)).not.toHaveProperty("资料来源");
    expect((await get(`/api/item/detail/cn/${YING_ZHENG}`)).body.data.sources).toEqual([]);
  });

  it("gives a regime's capitals and rulers as links, and its rulers on the timeline", async () => {
    const facts = factsOf((await get(`/api/item/detail/cn/${TANG}`)).body.data);
    expect(facts.起止).toEqual([{ name: "618年—907年（289年）" }]);
    expect(facts.都城).toEqual([{ name: "长安", id: CHANG_AN }]);
    expect(facts.君主).toEqual([{ name: "唐高祖李渊", id: LI_YUAN, note: "618年—626年" }]);

    const timeline = (await get(`/api/item/timeline/cn/${TANG}`)).body.data.list;
    expect(timeline).toContainEqual(
      expect.objectContaining({ title: "唐高祖李渊即位", itemId: LI_YUAN, timeDesc: "618年" }),
    );
    // A person tied to the capital (undated) is not put on the place's timeline at their birth.
    await t.deps.handle.db
      .insertInto("relation")
      .values({
        id: "e".repeat(24),
        from_id: LI_YUAN,
        to_id: CHANG_AN,
        type: "定都",
        label: "定都",
        twoway: 0,
        note: null,
        year: null,
      })
      .execute();
    const place = (await get(`/api/item/timeline/cn/${CHANG_AN}`)).body.data.list;
    expect(place).toEqual([
      { year: 618, timeDesc: "618年", title: "唐定都于此", desc: "", itemId: TANG },
    ]);
  });

  it("puts dated relations on the timeline once, linked to the other entry", async () => {
    await t.deps.handle.db
      .insertInto("relation")
      .values({
        id: "f".repeat(24),
        from_id: DU_FU,
        to_id: CHANG_AN,
        type: "任职",
        label: "任左拾遗",
        twoway: 0,
        note: "测试用的任职记录",
        year: 757,
      })
      .execute();
    const list = (await get(`/api/item/timeline/cn/${DU_FU}`)).body.data.list;
    expect(list).toEqual([
      { year: 712, timeDesc: "712年", title: "出生", desc: "", itemId: null },
      {
        year: 757,
        timeDesc: "757年",
        title: "任职：长安",
        desc: "测试用的任职记录",
        itemId: CHANG_AN,
      },
      { year: 770, timeDesc: "770年", title: "去世", desc: "", itemId: null },
    ]);
  });

  it("groups relations and keeps works out of relations and the timeline", async () => {
    const { body } = await get(`/api/item/relation/cn/${LI_BAI}`);
    const relations = body.data.relations as {
      type: string;
      group: string;
      item: { id: string };
    }[];
    expect(relations.find((r) => r.item.id === DU_FU)).toMatchObject({ group: "师友" });
    expect(relations.find((r) => r.item.id === LI_YUAN)).toMatchObject({ group: "影响" });
    expect(relations.some((r) => r.type === "作品")).toBe(false);
    expect(relations).toHaveLength(2);

    const timeline = (await get(`/api/item/timeline/cn/${LI_BAI}`)).body.data.list;
    expect(timeline.map((i: { title: string }) => i.title)).toEqual(["出生", "去世"]);
  });

  it("pages a poet's works in a stable order with the first line and collection", async () => {
    const first = (await get(`/api/item/works/cn/${LI_BAI}/1/20`)).body.data;
    expect(first).toMatchObject({ page: 1, size: 20, total: 30, hasMore: true });
    expect(first.list).toHaveLength(20);
    const byId = [...poems].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(first.list[0]).toEqual({
      id: byId[0]?.id,
      kind: "poem",
      name: byId[0]?.name,
      collection: "测试诗集",
      firstLine: byId[0]?.paragraphs[0],
    });
    const second = (await get(`/api/item/works/cn/${LI_BAI}/2/20`)).body.data;
    expect(second).toMatchObject({ page: 2, total: 30, hasMore: false });
    const ids = [...first.list, ...second.list].map((w: { id: string }) => w.id);
    expect(ids).toEqual(byId.map((p) => p.id));

    const none = (await get(`/api/item/works/cn/${DU_FU}/1/20`)).body.data;
    expect(none).toMatchObject({ total: 0, hasMore: false, list: [] });
  });

  it("lists a poet's works in the importer's order (best-known collections first), not the ids'", async () => {
    const byId = [...poems].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const [i, poem] of byId.entries()) {
      await t.deps.handle.db
        .updateTable("relation")
        .set({ sort_key: byId.length - i })
        .where("from_id", "=", LI_BAI)
        .where("to_id", "=", poem.id)
        .execute();
    }
    // As the importer does after writing: readers see the new order once caches notice.
    await bumpContentVersion(t.deps.handle.db);
    await sleep(100);
    const first = (await get(`/api/item/works/cn/${LI_BAI}/1/20`)).body.data;
    const second = (await get(`/api/item/works/cn/${LI_BAI}/2/20`)).body.data;
    const ids = [...first.list, ...second.list].map((w: { id: string }) => w.id);
    expect(ids).toEqual(byId.map((p) => p.id).reverse());
  });

  it("renders a poem entry with its author linked and its lines", async () => {
    const poem = poems[2];
    const { body } = await get(`/api/item/detail/cn/${poem?.id}`);
    expect(body.data.kind).toBe("poem");
    const facts = factsOf(body.data);
    expect(facts.作者).toEqual([{ name: "李白", id: LI_BAI }]);
    expect(facts.出处).toEqual([{ name: "测试诗集" }]);
    expect(body.data.verse).toEqual({
      lines: poem?.paragraphs,
      notes: ["测试用注释。"],
      reading: null,
    });
  });

  it("lists the articles that link to an entry", async () => {
    const linked = (await get(`/api/item/articles/cn/${YING_ZHENG}`)).body.data;
    expect(linked.map((a: { id: string }) => a.id)).toEqual([ARTICLE]);
    expect(linked[0]).toMatchObject({ type: "ARTICLE", title: "测试文章：李白与杜甫" });
    expect((await get(`/api/item/articles/cn/${TANG}`)).body.data).toEqual([]);
  });

  it("answers bad works and articles requests with a 4xx in Chinese", async () => {
    const cases: [string, number, RegExp][] = [
      [`/api/item/works/cn/${LI_BAI}/1/51`, 400, /每页至多 50 条/],
      [`/api/item/works/cn/${LI_BAI}/1/0`, 400, /每页至少/],
      [`/api/item/works/cn/${LI_BAI}/abc/20`, 400, /页码/],
      [`/api/item/works/cn/${LI_BAI}/0/20`, 400, /页码/],
      [`/api/item/works/xx/${LI_BAI}/1/20`, 400, /语言/],
      ["/api/item/works/cn/not-an-id/1/20", 400, /十六进制/],
      [`/api/item/works/cn/${"0".repeat(24)}/1/20`, 404, /词条不存在/],
      [`/api/item/articles/cn/${"0".repeat(24)}`, 404, /词条不存在/],
      ["/api/item/articles/cn/zz", 400, /十六进制/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.body.message, url).toMatch(message);
    }
  });
});
