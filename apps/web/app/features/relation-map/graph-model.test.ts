import type { EntryRelations } from "@tongjian/contracts/content";
import type { RelationGraphView } from "@tongjian/contracts/relation-map";
import { describe, expect, it } from "vitest";
import {
  draftBody,
  draftFromGraph,
  draftModel,
  draftProblem,
  dropDraft,
  type GraphDraft,
  readDraft,
  writeDraft,
} from "./graph-draft.ts";
import {
  edgeTime,
  filterModel,
  initialsOf,
  listByGroup,
  modelFromEntry,
  modelFromGraph,
  nextTrail,
  otherEnd,
} from "./graph-model.ts";

const card = (id: string, name: string, kind = "person") => ({
  id,
  type: "ENTRY" as const,
  kind,
  name,
  summary: `${name}的简介`,
  timeDesc: null,
  imageUrl: null,
});

const relation = (
  relationId: string,
  item: ReturnType<typeof card>,
  over: Partial<EntryRelations["relations"][number]> = {},
): EntryRelations["relations"][number] => ({
  type: "朋友",
  group: "师友",
  label: "好友",
  direction: "twoway",
  note: null,
  year: null,
  relationId,
  desc: null,
  place: null,
  item,
  ...over,
});

const LI_BAI = card("a1", "李白");
const DU_FU = card("a2", "杜甫");
const XUAN_ZONG = card("a3", "唐玄宗");
const TANG = card("a4", "唐", "regime");

const liBai: EntryRelations = {
  center: LI_BAI,
  relations: [
    relation("r1", DU_FU, { desc: "两人同游梁宋。", place: { id: "p1", name: "洛阳" }, year: 744 }),
    relation("r2", XUAN_ZONG, {
      type: "君臣",
      group: "君臣",
      label: "供奉翰林",
      direction: "reverse",
    }),
    relation("r3", TANG, {
      type: "任职",
      group: "相关政权",
      label: "翰林供奉",
      direction: "one-way",
    }),
    // The same two-way row read from the other end.
    relation("r1", DU_FU),
  ],
};

describe("the relation map's model", () => {
  it("builds a star from an entry's relations: one node per entry, edges pointing the right way", () => {
    const m = modelFromEntry(liBai);
    expect(m.centerId).toBe("a1");
    expect(m.nodes.map((n) => [n.name, n.center, n.degree])).toEqual([
      ["李白", true, 3],
      ["杜甫", false, 1],
      ["唐玄宗", false, 1],
      ["唐", false, 1],
    ]);
    expect(m.edges.map((e) => [e.id, e.from, e.to, e.direction])).toEqual([
      ["r1", "a1", "a2", "twoway"],
      // 唐玄宗 → 李白: the relation reads from the other end.
      ["r2", "a3", "a1", "one-way"],
      ["r3", "a1", "a4", "one-way"],
    ]);
    expect(m.edges[0]).toMatchObject({ desc: "两人同游梁宋。", place: "洛阳", year: 744 });
    expect(m.groups).toEqual([
      { name: "君臣", count: 1 },
      { name: "师友", count: 1 },
      { name: "相关政权", count: 1 },
    ]);
  });

  it("hides a group's edges and the nodes they alone held, keeping the centre and every filter", () => {
    const m = modelFromEntry(liBai);
    const f = filterModel(m, new Set(["君臣", "相关政权"]));
    expect(f.nodes.map((n) => n.name)).toEqual(["李白", "杜甫"]);
    expect(f.edges.map((e) => e.id)).toEqual(["r1"]);
    expect(f.groups).toEqual(m.groups);
    const none = filterModel(m, new Set(["君臣", "相关政权", "师友"]));
    expect(none.nodes.map((n) => n.name)).toEqual(["李白"]);
    expect(none.edges).toEqual([]);
    expect(filterModel(m, new Set())).toBe(m);
  });

  it("lists the relations by group in the entry page's order", () => {
    const list = listByGroup(modelFromEntry(liBai));
    expect(list.map((g) => [g.name, g.edges.map((e) => e.label)])).toEqual([
      ["君臣", ["供奉翰林"]],
      ["师友", ["好友"]],
      ["相关政权", ["翰林供奉"]],
    ]);
  });

  it("draws a network from its nodes and edges, dropping edges to entries it does not list", () => {
    const view: Pick<RelationGraphView, "centerId" | "nodes" | "edges"> = {
      centerId: "zz",
      nodes: [LI_BAI, DU_FU].map(({ id, kind, name, timeDesc, imageUrl }) => ({
        id,
        kind,
        name,
        timeDesc,
        imageUrl,
      })),
      edges: [
        {
          id: "e1",
          from: "a1",
          to: "a2",
          type: "朋友",
          label: "好友",
          group: "师友",
          direction: "twoway",
          desc: null,
          place: null,
          year: -221,
        },
        {
          id: "e2",
          from: "a1",
          to: "gone",
          type: "朋友",
          label: "旧友",
          group: "师友",
          direction: "twoway",
          desc: null,
          place: null,
          year: null,
        },
      ],
    };
    const m = modelFromGraph(view);
    // A centre it does not hold falls back to the first node.
    expect(m.centerId).toBe("a1");
    expect(m.edges.map((e) => e.id)).toEqual(["e1"]);
    expect(edgeTime(m.edges[0] as (typeof m.edges)[number])).toBe("前221年");
    expect(edgeTime({ year: null })).toBeUndefined();
    expect(otherEnd(m.edges[0] as (typeof m.edges)[number], "a2")).toBe("a1");
    expect(otherEnd(m.edges[0] as (typeof m.edges)[number], "a9")).toBeNull();
  });

  it("keeps the trail of visited centres: a step back pops, a new centre pushes", () => {
    let trail = ["a"];
    trail = nextTrail(trail, "b");
    trail = nextTrail(trail, "c");
    expect(trail).toEqual(["a", "b", "c"]);
    expect(nextTrail(trail, "c")).toEqual(["a", "b", "c"]);
    trail = nextTrail(trail, "b");
    expect(trail).toEqual(["a", "b"]);
    trail = nextTrail(trail, "d");
    expect(trail).toEqual(["a", "b", "d"]);
    expect(nextTrail(["a", "b", "c"], "e", 3)).toEqual(["b", "c", "e"]);
  });

  it("draws the first character when there is no portrait", () => {
    expect(initialsOf("诸葛亮")).toBe("诸");
    expect(initialsOf("《史记》")).toBe("史");
    expect(initialsOf("marco")).toBe("M");
    expect(initialsOf("")).toBe("?");
  });
});

describe("the graph editor's draft", () => {
  const nodes = [LI_BAI, DU_FU, XUAN_ZONG].map(({ id, kind, name, timeDesc, imageUrl }) => ({
    id,
    kind,
    name,
    timeDesc,
    imageUrl,
  }));
  const corpus = [
    {
      id: "r1",
      from: "a1",
      to: "a2",
      type: "朋友",
      label: "好友",
      group: "师友",
      direction: "twoway" as const,
      desc: null,
      place: null,
      year: null,
    },
    {
      id: "r2",
      from: "a3",
      to: "a1",
      type: "君臣",
      label: "供奉翰林",
      group: "君臣",
      direction: "one-way" as const,
      desc: null,
      place: null,
      year: null,
    },
  ];
  const draft: GraphDraft = {
    title: " 诗与君 ",
    description: "",
    nodes,
    skipped: ["r2"],
    own: [{ from: "a2", to: "a3", label: "仰望", twoway: false }],
  };

  it("keeps the corpus relations not skipped and the reader's own links, for the preview and the save", () => {
    const m = draftModel(draft, corpus);
    expect(m.edges.map((e) => [e.label, e.group])).toEqual([
      ["好友", "师友"],
      ["仰望", "自定义"],
    ]);
    expect(draftBody(draft, corpus)).toEqual({
      title: "诗与君",
      description: "",
      nodes: ["a1", "a2", "a3"],
      edges: [
        { from: "a1", to: "a2", label: "好友", relationId: "r1", twoway: true },
        { from: "a2", to: "a3", label: "仰望", twoway: false },
      ],
    });
  });

  it("says what is wrong before sending", () => {
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem({ ...draft, title: "诗" })).toContain("至少 2 个字");
    expect(draftProblem({ ...draft, title: "长".repeat(31) })).toBe("名称至多 30 个字");
    expect(draftProblem({ ...draft, nodes: nodes.slice(0, 1) })).toBe("至少加入 2 个词条");
  });

  it("lives on the device until it is saved, and a broken copy reads as none", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(readDraft(storage, "new")).toBeNull();
    writeDraft(storage, "new", draft);
    expect(readDraft(storage, "new")).toEqual(draft);
    expect(readDraft(storage, "other")).toBeNull();
    dropDraft(storage, "new");
    expect(readDraft(storage, "new")).toBeNull();
    store.set("tj-graph-draft:new", "{not json");
    expect(readDraft(storage, "new")).toBeNull();
  });

  it("opens a saved graph for its owner, and as a copy for anyone else", () => {
    const view: RelationGraphView = {
      id: "g1",
      kind: "custom",
      name: "诗与君",
      summary: "",
      centerId: "a1",
      nodes,
      edges: [{ ...(corpus[0] as (typeof corpus)[number]), id: "own-0", group: "自定义" }],
      missing: [],
      mine: true,
      updatedAt: "2026-11-27T00:00:00.000Z",
    };
    expect(draftFromGraph(view)).toMatchObject({ id: "g1", title: "诗与君" });
    expect(draftFromGraph(view).own).toEqual([
      { from: "a1", to: "a2", label: "好友", twoway: true },
    ]);
    const copy = draftFromGraph({ ...view, mine: false });
    expect(copy.id).toBeUndefined();
    expect(copy.title).toBe("诗与君（副本）");
  });
});
