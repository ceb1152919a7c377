import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReadingHistoryRepository, ReadsToAdd } from "./reading-history-repository.ts";
import { createReadingRecorder } from "./reading-recorder.ts";

const A = "a".repeat(24);
const B = "b".repeat(24);

/** A history that keeps what it is given (the SQL itself is tested in the my-routes API tests). */
function keptHistory(fail = false) {
  const batches: ReadsToAdd[][] = [];
  const history = {
    async add(reads: ReadsToAdd[]) {
      if (fail) throw new Error("database is down");
      batches.push(reads.map((r) => ({ ...r })));
    },
  } as unknown as ReadingHistoryRepository;
  return { history, batches };
}

afterEach(() => vi.restoreAllMocks());

describe("reading recorder", () => {
  it("writes each reader's reads of an item once per flush, counted, first and last kept", async () => {
    const { history, batches } = keptHistory();
    const recorder = createReadingRecorder(history, 60_000);
    recorder.add("u1", "entry", A, new Date("2026-01-01T00:00:00Z"));
    recorder.add("u1", "entry", A, new Date("2026-01-01T00:05:00Z"));
    recorder.add("u1", "article", A, new Date("2026-01-01T00:06:00Z"));
    recorder.add("u2", "entry", B, new Date("2026-01-01T00:07:00Z"));
    await recorder.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([
      {
        ownerId: "u1",
        kind: "entry",
        itemId: A,
        firstAt: "2026-01-01T00:00:00.000Z",
        lastAt: "2026-01-01T00:05:00.000Z",
        count: 2,
      },
      expect.objectContaining({ ownerId: "u1", kind: "article", itemId: A, count: 1 }),
      expect.objectContaining({ ownerId: "u2", kind: "entry", itemId: B, count: 1 }),
    ]);
    // Nothing new, nothing written; what comes later goes in the next batch.
    await recorder.flush();
    expect(batches).toHaveLength(1);
    recorder.add("u1", "entry", A);
    await recorder.close();
    expect(batches).toHaveLength(2);
    expect(batches[1]?.[0]?.count).toBe(1);
  });

  it("logs a failed write and goes on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { history } = keptHistory(true);
    const recorder = createReadingRecorder(history, 60_000);
    recorder.add("u1", "entry", A);
    await expect(recorder.close()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith("阅读记录写入失败（1 条）", expect.any(Error));
  });
});
