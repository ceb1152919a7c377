import { describe, expect, it } from "vitest";
import { createForceLayout, runInSlices } from "./force-layout.ts";

const dist = (p: Map<string, [number, number]>, a: string, b: string) => {
  const [ax, ay] = p.get(a) as [number, number];
  const [bx, by] = p.get(b) as [number, number];
  return Math.hypot(ax - bx, ay - by);
};

describe("the sliced force layout of large maps", () => {
  // Two rings of 20 joined by one edge.
  const ids = Array.from({ length: 40 }, (_, i) => `n${i}`);
  const edges = [
    ...Array.from({ length: 20 }, (_, i) => ({ from: `n${i}`, to: `n${(i + 1) % 20}` })),
    ...Array.from({ length: 20 }, (_, i) => ({
      from: `n${20 + i}`,
      to: `n${20 + ((i + 1) % 20)}`,
    })),
    { from: "n0", to: "n20" },
  ];

  it("comes to rest in slices, the same way every time, linked nodes nearer than others", async () => {
    const run = createForceLayout({ ids, edges }, { iterations: 120 });
    let slices = 0;
    while (!run.step(1)) slices++;
    expect(slices).toBeGreaterThan(0);
    const p = run.positions();
    const again = await runInSlices(createForceLayout({ ids, edges }, { iterations: 120 }), 5, {
      cancelled: false,
    });
    expect(again).toEqual(p);
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const linked = mean(edges.map((e) => dist(p, e.from, e.to)));
    const pairs = mean(ids.flatMap((a, i) => ids.slice(i + 1).map((b) => dist(p, a, b))));
    expect(linked * 2).toBeLessThan(pairs);
    for (const [x, y] of p.values()) expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
  });

  it("keeps where known nodes started and stops when cancelled", async () => {
    const start = new Map<string, [number, number]>([["n0", [1000, 1000]]]);
    const first = createForceLayout({ ids, edges, start }, { iterations: 1 });
    first.step(50);
    expect(dist(first.positions(), "n0", "n20")).toBeGreaterThan(500);
    const stopped = await runInSlices(createForceLayout({ ids, edges }), 1, { cancelled: true });
    expect(stopped).toBeNull();
  });
});
