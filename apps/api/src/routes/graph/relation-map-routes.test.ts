import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const person = (key: string) => contentId("person", key);
const JI_KANG = person("ji-kang");
const RUAN_JI = person("ruan-ji");
const SHAN_TAO = person("shan-tao");
const LI_BAI = person("li-bai");
const DU_FU = person("du-fu");
const SU_SHI = person("su-shi");
const SAVE = "/api/customRelationGraph/v1/y/save";

interface Edge {
  id: string;
  from: string;
  to: string;
  label: string;
  group: string;
  direction: string;
  desc: string | null;
  place: { id: string; name: string } | null;
}

describe.each(databaseTargets())("relation maps and custom graphs on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { SMS_PROVIDER: "simulator", CONTENT_DIR: "content" });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    return { status: res.statusCode, body: res.json() };
  };

  it("gives an entry's relations with their ids, descriptions, places and groups", async () => {
    // A relation of the corpus with a sentence and a place, as the writers add them.
    const edge = await t.deps.handle.db
      .selectFrom("relation")
      .select("id")
      .where("from_id", "=", LI_BAI)
      .where("to_id", "=", DU_FU)
      .executeTakeFirstOrThrow();
    const luoyang = contentId("place", "luo-yang");
    await t.deps.handle.db
      .updateTable("relation")
      .set({ description: "两人在洛阳初遇，同游梁宋。", place_id: luoyang, year: 744 })
      .where("id", "=", edge.id)
      .execute();
    const { status, body } = await get(`/api/item/relation/cn/${LI_BAI}`);
    expect(status).toBe(200);
    expect(body.data.center).toMatchObject({ id: LI_BAI, name: "李白" });
    const duFu = body.data.relations.find((r: { item: { id: string } }) => r.item.id === DU_FU);
    expect(duFu).toMatchObject({
      relationId: edge.id,
      group: "师友",
      direction: "twoway",
      desc: "两人在洛阳初遇，同游梁宋。",
      place: { id: luoyang, name: "洛阳" },
      year: 744,
    });
    for (const r of body.data.relations) {
      expect(r.relationId).toMatch(/^[0-9a-f]{24}$/);
      expect(["twoway", "one-way", "reverse"]).toContain(r.direction);
    }
  });

  it("lists the networks and the best-connected people in the gallery", async () => {
    const { status, body } = await get("/api/customRelationGraph/v1/n/gallery/cn");
    expect(status).toBe(200);
    const names = body.data.networks.map((n: { name: string }) => n.name);
    expect(names).toEqual(expect.arrayContaining(["竹林七贤", "三国群英"]));
    const bamboo = body.data.networks.find((n: { key: string }) => n.key === "zhu-lin-qi-xian");
    expect(bamboo.memberCount).toBeGreaterThanOrEqual(5);
    expect(bamboo.members.map((m: { name: string }) => m.name)).toContain("嵇康");
    const counts = body.data.people.map((p: { relationCount: number }) => p.relationCount);
    expect(counts.length).toBeGreaterThan(3);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(counts.every((n: number) => n > 0)).toBe(true);
  });

  it("draws a network from the relations among its members", async () => {
    const id = contentId("network", "zhu-lin-qi-xian");
    const { status, body } = await get(`/api/customRelationGraph/cn/${id}`);
    expect(status).toBe(200);
    const g = body.data;
    expect(g).toMatchObject({
      id,
      kind: "network",
      name: "竹林七贤",
      centerId: JI_KANG,
      mine: false,
    });
    const members = new Set(g.nodes.map((n: { id: string }) => n.id));
    expect(members.has(RUAN_JI) && members.has(SHAN_TAO)).toBe(true);
    expect(g.edges.length).toBeGreaterThanOrEqual(members.size - 1);
    for (const e of g.edges as Edge[]) {
      expect(members.has(e.from) && members.has(e.to)).toBe(true);
      expect(e.group).not.toBe("");
    }
    const friends = (g.edges as Edge[]).find((e) => e.from === JI_KANG && e.to === RUAN_JI) as Edge;
    expect(friends).toMatchObject({ label: "竹林之友", group: "师友", direction: "twoway" });
  });

  it("answers unknown and malformed graph ids with 404 and 400", async () => {
    const missing = await get(`/api/customRelationGraph/cn/${"a".repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("关系图不存在或已被删除");
    const bad = await get("/api/customRelationGraph/cn/zhu-lin");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("24 位十六进制");
  });

  it("finds the corpus's relations among chosen entries", async () => {
    const browser = testBrowser(t.app, { address: newAddress() });
    const res = await browser.post("/api/customRelationGraph/v1/n/among", {
      ids: [JI_KANG, RUAN_JI, LI_BAI],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { nodes, edges } = res.json().data;
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(["嵇康", "阮籍", "李白"]);
    expect(edges.map((e: Edge) => e.label)).toContain("竹林之友");
    const tooMany = await browser.post("/api/customRelationGraph/v1/n/among", {
      ids: Array.from({ length: 101 }, () => LI_BAI),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain("至多 100 个词条");
  });

  it("asks an anonymous reader to sign in (600) and refuses a save without the CSRF token", async () => {
    const graph = { title: "我的竹林", nodes: [JI_KANG, RUAN_JI], edges: [] };
    const anonymous = testBrowser(t.app, { address: newAddress() });
    const res = await anonymous.post(SAVE, graph);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 600 });
    const { browser } = await signedInReader(t.app);
    const forged = await browser.rawPost(SAVE, graph);
    expect(forged.statusCode).toBe(403);
    expect(await t.deps.handle.db.selectFrom("custom_graph").select("id").execute()).toEqual([]);
  });

  it("saves a reader's graph, lists it on /my, serves it and lets only its owner change it", async () => {
    const { browser } = await signedInReader(t.app);
    const relation = (
      await browser.post("/api/customRelationGraph/v1/n/among", { ids: [JI_KANG, RUAN_JI] })
    ).json().data.edges[0] as Edge;
    const res = await browser.post(SAVE, {
      title: "  竹林与诗仙 ",
      description: "嵇康、阮籍与李白",
      nodes: [JI_KANG, RUAN_JI, LI_BAI],
      edges: [
        { from: JI_KANG, to: RUAN_JI, label: "竹林同游", relationId: relation.id },
        { from: RUAN_JI, to: LI_BAI, label: "隔代知音", twoway: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({
      title: "竹林与诗仙",
      href: `/relationedit/detail?id=${saved.id}`,
    });

    const mine = (await browser.get("/api/m/social/v1/y/my/saved?kind=graph")).json();
    expect(mine.data.list).toEqual([
      expect.objectContaining({ kind: "graph", refId: saved.id, title: "竹林与诗仙" }),
    ]);

    const own = (await browser.get(`/api/customRelationGraph/cn/${saved.id}`)).json().data;
    expect(own).toMatchObject({ kind: "custom", name: "竹林与诗仙", mine: true, missing: [] });
    expect(own.nodes.map((n: { name: string }) => n.name)).toEqual(["嵇康", "阮籍", "李白"]);
    expect(own.edges).toEqual([
      expect.objectContaining({ id: relation.id, label: "竹林同游", group: "师友" }),
      expect.objectContaining({ label: "隔代知音", group: "自定义", direction: "twoway" }),
    ]);
    // Anyone with the link sees it; it is not theirs.
    expect((await get(`/api/customRelationGraph/cn/${saved.id}`)).body.data.mine).toBe(false);

    const { browser: other } = await signedInReader(t.app);
    const taken = await other.post(SAVE, {
      id: saved.id,
      title: "改别人的",
      nodes: [JI_KANG, RUAN_JI],
      edges: [],
    });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().message).toBe("只能修改自己的关系图");
    const removed = await other.post("/api/customRelationGraph/v1/y/delete", { id: saved.id });
    expect(removed.statusCode).toBe(403);

    const renamed = await browser.post(SAVE, {
      id: saved.id,
      title: "竹林旧友",
      nodes: [JI_KANG, RUAN_JI],
      edges: [{ from: JI_KANG, to: RUAN_JI, label: "竹林同游" }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await browser.get("/api/m/social/v1/y/my/saved?kind=graph")).json().data;
    expect(after.list.map((s: { title: string }) => s.title)).toEqual(["竹林旧友"]);
  });

  it("refuses graphs that break the rules with Chinese messages", async () => {
    const { browser } = await signedInReader(t.app);
    const base = { title: "测试图", nodes: [JI_KANG, RUAN_JI], edges: [] as unknown[] };
    const cases: [unknown, string][] = [
      [{ ...base, title: "" }, "名称至少 2 个字"],
      [{ ...base, title: "长".repeat(31) }, "名称至多 30 个字"],
      [{ ...base, nodes: [JI_KANG] }, "至少加入 2 个词条"],
      [
        { ...base, nodes: Array.from({ length: 101 }, (_, i) => i.toString(16).padStart(24, "0")) },
        "至多 100 个词条",
      ],
      [{ ...base, nodes: [JI_KANG, JI_KANG] }, "词条重复"],
      [{ ...base, nodes: [JI_KANG, "f".repeat(24)] }, "词条不存在或已被删除"],
      [{ ...base, edges: [{ from: JI_KANG, to: SU_SHI, label: "知己" }] }, "两端必须是图中的词条"],
      [{ ...base, edges: [{ from: JI_KANG, to: JI_KANG, label: "自己" }] }, "同一个词条"],
      [
        { ...base, edges: [{ from: JI_KANG, to: RUAN_JI, label: "字".repeat(21) }] },
        "关系名称至多 20 个字",
      ],
      [{ ...base, edges: [{ from: JI_KANG, to: RUAN_JI, label: "  " }] }, "关系名称不能为空"],
      [
        {
          ...base,
          edges: [{ from: JI_KANG, to: RUAN_JI, label: "假的", relationId: "b".repeat(24) }],
        },
        "所选的关系与两端词条不符",
      ],
      [{ ...base, nodes: "嵇康" }, "nodes 应为词条编号的数组"],
    ];
    for (const [body, message] of cases) {
      const res = await browser.post(SAVE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it("opens a graph whose entries were removed and names what is missing", async () => {
    const { browser } = await signedInReader(t.app);
    const saved = (
      await browser.post(SAVE, {
        title: "会缺人的图",
        nodes: [LI_BAI, DU_FU, SU_SHI],
        edges: [
          { from: LI_BAI, to: DU_FU, label: "诗友" },
          { from: DU_FU, to: SU_SHI, label: "隔代" },
        ],
      })
    ).json().data;
    await t.deps.handle.db.deleteFrom("entry").where("id", "=", SU_SHI).execute();
    const g = (await get(`/api/customRelationGraph/cn/${saved.id}`)).body.data;
    expect(g.missing).toEqual([{ id: SU_SHI, name: "苏轼" }]);
    expect(g.nodes.map((n: { name: string }) => n.name)).toEqual(["李白", "杜甫"]);
    expect(g.edges.map((e: Edge) => e.label)).toEqual(["诗友"]);
  });
});
