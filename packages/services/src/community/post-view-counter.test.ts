import { describe, expect, it } from "vitest";
import { createPostViewCounter } from "./post-view-counter.ts";

describe("post view counter", () => {
  it("adds views up per UTC day and writes each day once per flush", async () => {
    const written: [string, [string, number][]][] = [];
    let now = new Date("2026-11-25T23:59:59Z");
    const counter = createPostViewCounter(
      { addViews: async (day, counts) => void written.push([day, [...counts]]) },
      { flushMs: 60_000, now: () => now },
    );
    counter.add("p1");
    counter.add("p1");
    now = new Date("2026-11-26T00:00:01Z");
    counter.add("p1");
    counter.add("p2");
    expect(counter.pendingFor("p1")).toBe(3);
    await counter.flush();
    expect(written).toEqual([
      ["2026-11-25", [["p1", 2]]],
      [
        "2026-11-26",
        [
          ["p1", 1],
          ["p2", 1],
        ],
      ],
    ]);
    expect(counter.pendingFor("p1")).toBe(0);
    await counter.close();
  });
});
