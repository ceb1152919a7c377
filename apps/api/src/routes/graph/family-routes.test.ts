import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyFixtureDir } from "../../../../../tests/support/family-content.ts";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

const person = (key: string) => contentId("person", key);
const [LI_BING, LI_YUAN, LI_SHIMIN, LI_ZHI, LI_DAN, LI_LONGJI] = [
  "li-bing",
  "li-yuan",
  "li-shimin",
  "li-zhi",
  "li-dan",
  "li-longji",
].map(person) as [string, string, string, string, string, string];
const TANG = contentId("regime", "tang");

interface Unit {
  id: string;
  parentId: string | null;
  generation: number;
  spouseIds: string[];
  childIds: string[];
  successor: boolean;
  moreAbove: boolean;
  moreBelow: boolean;
  label: string | null;
}

describe.each(databaseTargets())("family tree, lattice and recommendations on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, {}, { contentDir: familyFixtureDir() });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json() };
  };
  const nameOf = (data: { people: { id: string; name: string }[] }) => {
    const names = new Map(data.people.map((p) => [p.id, p.name]));
    return (id: string) => names.get(id);
  };

  it("builds a tree up the father's line and down through every child, in birth order", async () => {
    const { status, body } = await get(`/api/item/family/cn/${LI_SHIMIN}?up=2&down=2`);
    expect(status).toBe(200);
    const tree = body.data;
    const name = nameOf(tree);
    expect(tree.topId).toBe(LI_BING);
    const units = new Map<string, Unit>(tree.units.map((u: Unit) => [u.id, u]));
    expect(units.get(LI_BING)).toMatchObject({ generation: -2, parentId: null });
    const liYuan = units.get(LI_YUAN) as Unit;
    expect(liYuan.childIds.map(name)).toEqual(["李建成", "李世民", "李元吉"]);
    expect(liYuan.spouseIds.map(name)).toEqual(["窦皇后"]);
    const liShimin = units.get(LI_SHIMIN) as Unit;
    expect(liShimin).toMatchObject({ generation: 0, label: "次子", successor: true });
    expect(liShimin.childIds.map(name)).toEqual(["李承乾", "李治"]);
    // 李旦 is recorded only as 武则天's son: he hangs under her husband 李治.
    expect((units.get(LI_ZHI) as Unit).childIds).toEqual([LI_DAN]);
    // Two generations down stop at 李旦, whose son is beyond the depth asked.
    expect(units.get(LI_DAN)).toMatchObject({ generation: 2, moreBelow: true });
    expect(units.has(LI_LONGJI)).toBe(false);
    expect(tree.hasSuccession).toBe(true);
    expect(tree.people.find((p: { id: string }) => p.id === LI_SHIMIN).timeDesc).toContain("598");
  });

  it("says when the line goes on above the tree's top", async () => {
    const { body } = await get(`/api/item/family/cn/${LI_SHIMIN}?up=1&down=0`);
    expect(body.data.topId).toBe(LI_YUAN);
    const top = body.data.units.find((u: Unit) => u.id === LI_YUAN);
    expect(top.moreAbove).toBe(true);
    expect(body.data.units.every((u: Unit) => u.generation <= 0)).toBe(true);
  });

  it("lists the great houses by the tops of their lines, fathers before mothers", async () => {
    const houses = await t.deps.services.family.houses();
    // 窦皇后's son has a father in the corpus: she stands in his house. 李旦 has only his mother.
    expect(houses.map((h) => [h.name, h.descendants])).toEqual([
      ["李昞", 6],
      ["武则天", 2],
    ]);
    expect(houses[0]?.regime).toBe("唐");
  });

  it("answers unknown ids, other kinds and bad depths with a Chinese 4xx", async () => {
    const cases: [string, number, RegExp][] = [
      [`/api/item/family/cn/${"0".repeat(24)}`, 404, /词条不存在/],
      [`/api/item/family/cn/${TANG}`, 400, /只有人物/],
      ["/api/item/family/cn/not-an-id", 400, /十六进制/],
      [`/api/item/family/cn/${LI_YUAN}?up=100`, 400, /向上代数至多/],
      [`/api/item/family/cn/${LI_YUAN}?down=-1`, 400, /向下代数不能小于 0/],
      [`/api/item/family/cn/${LI_YUAN}?down=abc`, 400, /向下代数应为数字/],
      [`/api/item/family/xx/${LI_YUAN}`, 400, /语言/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.body.message, url).toMatch(message);
    }
  });

  it("places people by era and field, filters, and pages a cell", async () => {
    const all = (await get("/api/lattice/cn")).body.data;
    expect(all.eras.map((e: { name: string }) => e.name)[0]).toBe("先秦");
    expect(all.fields.map((f: { name: string }) => f.name)).toEqual([
      "政治",
      "文学",
      "艺术",
      "科学",
      "军事",
    ]);
    const cell = (era: string, field: string) =>
      all.cells.find((c: { era: string; field: string }) => c.era === era && c.field === field);
    // 王维 is a poet and a painter: in 文学 and in 艺术.
    const names = (c: { people: { name: string }[] }) => c.people.map((p) => p.name);
    expect(names(cell("隋唐五代", "艺术"))).toContain("王维");
    expect(names(cell("隋唐五代", "文学"))).toEqual(expect.arrayContaining(["李白", "王维"]));
    expect(names(cell("秦汉", "政治"))).toEqual(["嬴政"]);
    expect(cell("隋唐五代", "文学").total).toBe(4);
    const literature = (await get("/api/lattice/cn?field=文学")).body.data;
    expect(literature.fields).toEqual([{ name: "文学", total: 4 }]);
    expect(literature.cells).toHaveLength(7);
    const page = (await get("/api/lattice/cell/cn?era=隋唐五代&field=政治&page=2&size=3")).body;
    expect(page.data).toMatchObject({ page: 2, size: 3 });
    expect(page.data.list).toHaveLength(Math.min(3, page.data.total - 3));
    const bad = await get("/api/lattice/cn?field=体育");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("领域只支持");
    expect((await get("/api/lattice/cell/cn?era=唐&field=文学")).status).toBe(400);
  });

  it("recommends entries by shared neighbours and relation weight, with reasons", async () => {
    const { body } = await get(`/api/recommend/get/relation/cn/${person("li-bai")}/10`);
    const entries = body.data.filter((x: { type: string }) => x.type === "ENTRY");
    const byName = new Map(entries.map((e: { name: string }) => [e.name, e]));
    // Friends in the same network first, then 李渊 (a direct but weaker tie), then 王维, who
    // only shares a friend.
    const names = entries.map((e: { name: string }) => e.name);
    expect(names.slice(0, 2).sort()).toEqual(["孟浩然", "杜甫"].sort());
    expect(byName.get("杜甫")).toMatchObject({ reason: "同为盛唐诗友" });
    expect(byName.get("李渊")).toMatchObject({ reason: "后世诗人" });
    expect(byName.get("王维")).toMatchObject({ reason: "都与孟浩然相关" });
    expect(names.indexOf("李渊")).toBeLessThan(names.indexOf("王维"));
    const scores = entries.map((e: { score: number }) => e.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // A person's recommendations are people; the articles on 李白 follow them.
    expect(entries.every((e: { kind: string }) => e.kind === "person")).toBe(true);
    expect(body.data.at(-1).type).toBe("ARTICLE");
    // n is 10 when left out.
    const plain = await get(`/api/recommend/get/relation/cn/${person("li-bai")}`);
    expect(plain.body.data.map((x: { id: string }) => x.id)).toEqual(
      body.data.map((x: { id: string }) => x.id),
    );
    expect((await get(`/api/recommend/get/relation/cn/${person("li-bai")}/0`)).status).toBe(400);
    const unknown = await get(`/api/recommend/get/relation/cn/${"0".repeat(24)}/10`);
    expect(unknown.status).toBe(404);
  });

  it("ranks an article's recommendations by how near their entries are in the graph", async () => {
    const article = contentId("article", "test-article");
    const { status, body } = await get(`/api/recommend/get/relation/cn/${article}/5`);
    expect(status).toBe(200);
    expect(body.data.every((x: { type: string }) => x.type === "ARTICLE")).toBe(true);
    // 孟浩然 is 李白's friend: that article comes first though the other is newer.
    expect(body.data.map((x: { id: string }) => x.id)).toEqual([
      contentId("article", "near-article"),
      contentId("article", "far-article"),
    ]);
  });
});
