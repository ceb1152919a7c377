import { afterEach, describe, expect, it } from "vitest";
import type { RelationEdge } from "./relation-graph.ts";
import { createRelationGraphSource, type RelationGraphSource } from "./relation-graph-source.ts";

const edge = (fromId: string, toId: string): RelationEdge => ({
  fromId,
  toId,
  type: "朋友",
  label: "好友",
  twoway: true,
  note: null,
  year: null,
});

/** A relation table and content version that a test changes, counting the table's reads. */
function fakeContent() {
  const state = {
    version: "v1",
    edges: [edge("a", "b")],
    loads: 0,
    /** While set, a read waits for it: a read still under way when content changes. */
    gate: null as Promise<void> | null,
  };
  return {
    state,
    options: {
      pollMs: 60_000,
      contentVersion: async () => state.version,
      load: async () => {
        state.loads += 1;
        const edges = [...state.edges];
        if (state.gate) await state.gate;
        return edges;
      },
    },
  };
}

describe("createRelationGraphSource", () => {
  let source: RelationGraphSource | undefined;
  afterEach(() => source?.close());

  it("reads the table only when first asked, then reuses the graph", async () => {
    const content = fakeContent();
    source = createRelationGraphSource(content.options);
    await source.poll();
    expect(content.state.loads).toBe(0);
    const first = await source.get();
    expect(first.between("a", "b")).toHaveLength(1);
    expect(await source.get()).toBe(first);
    expect(content.state.loads).toBe(1);
  });

  it("builds once for requests that arrive together", async () => {
    const content = fakeContent();
    source = createRelationGraphSource(content.options);
    const graphs = await Promise.all([source.get(), source.get(), source.get()]);
    expect(new Set(graphs).size).toBe(1);
    expect(content.state.loads).toBe(1);
  });

  it("rebuilds after the content version changes, and not before", async () => {
    const content = fakeContent();
    source = createRelationGraphSource(content.options);
    await source.poll();
    const before = await source.get();
    content.state.edges = [edge("a", "b"), edge("b", "c")];
    await source.poll();
    expect(await source.get()).toBe(before);
    content.state.version = "v2";
    await source.poll();
    const after = await source.get();
    expect(after).not.toBe(before);
    expect(after.shortestPath("a", "c")).toHaveLength(2);
    expect(content.state.loads).toBe(2);
  });

  it("does not keep a graph whose build straddled a content change", async () => {
    const content = fakeContent();
    source = createRelationGraphSource(content.options);
    await source.poll();
    let open = () => {};
    content.state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const pending = source.get();
    // The content changes while the table is being read: that read may hold the old content.
    content.state.version = "v2";
    await source.poll();
    content.state.gate = null;
    open();
    const straddled = await pending;
    const next = await source.get();
    expect(next).not.toBe(straddled);
    expect(content.state.loads).toBe(2);
  });
});
