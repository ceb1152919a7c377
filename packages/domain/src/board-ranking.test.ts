import { describe, expect, it } from "vitest";
import {
  activityScore,
  BOARD_RULE,
  boardDays,
  boardWindowStart,
  dayWeight,
  heatOf,
  mergeRanked,
  rankByActivity,
  readBoardTab,
} from "./board-ranking.ts";

const NOW = new Date("2026-11-25T09:30:00Z");

describe("board ranking", () => {
  it("halves a day's weight every two days and stops after seven", () => {
    expect(dayWeight(0)).toBe(1);
    expect(dayWeight(1)).toBeCloseTo(0.7071, 4);
    expect(dayWeight(2)).toBe(0.5);
    expect(dayWeight(4)).toBe(0.25);
    expect(dayWeight(6)).toBe(0.125);
    expect(dayWeight(7)).toBe(0);
    expect(dayWeight(-1)).toBe(0);
  });

  it("lists the window's UTC days, today first", () => {
    const days = boardDays(NOW);
    expect(days.map((d) => d.day)).toEqual([
      "2026-11-25",
      "2026-11-24",
      "2026-11-23",
      "2026-11-22",
      "2026-11-21",
      "2026-11-20",
      "2026-11-19",
    ]);
    expect(boardWindowStart(NOW)).toBe("2026-11-19T00:00:00.000Z");
    // Just before midnight UTC is still the same day.
    expect(boardDays(new Date("2026-11-25T23:59:59Z"))[0]?.day).toBe("2026-11-25");
  });

  it("scores views 1, likes 3 and comments 5, decayed by day, and ignores days outside", () => {
    const totals = activityScore(
      [
        { day: "2026-11-25", views: 10, likes: 1, comments: 1 },
        { day: "2026-11-23", views: 4, likes: 0, comments: 0 },
        { day: "2026-11-18", views: 1000, likes: 50, comments: 9 },
      ],
      NOW,
    );
    expect(totals.score).toBeCloseTo(10 + 3 + 5 + 4 * 0.5, 6);
    expect(totals).toMatchObject({ views: 14, likes: 1, comments: 1 });
  });

  it("puts today's activity above a larger amount from a week ago", () => {
    const ranked = rankByActivity(
      [
        { id: "a".repeat(24), days: [{ day: "2026-11-19", views: 30, likes: 0, comments: 0 }] },
        { id: "b".repeat(24), days: [{ day: "2026-11-25", views: 5, likes: 0, comments: 0 }] },
        { id: "c".repeat(24), days: [{ day: "2026-11-10", views: 99, likes: 9, comments: 9 }] },
      ],
      NOW,
    );
    // a: 30 × 0.125 = 3.75; b: 5 × 1 = 5; c is outside the window and left out.
    expect(ranked.map((r) => [r.id[0], r.score])).toEqual([
      ["b", 5],
      ["a", 3.75],
    ]);
  });

  it("breaks ties by id and keeps at most the limit", () => {
    const day = { day: "2026-11-25", views: 1, likes: 0, comments: 0 };
    const ranked = rankByActivity(
      ["3", "1", "2"].map((n) => ({ id: n.repeat(24), days: [day] })),
      NOW,
      2,
    );
    expect(ranked.map((r) => r.id[0])).toEqual(["1", "2"]);
  });

  it("merges posts and entries by points", () => {
    const merged = mergeRanked([
      [
        { id: "p1", score: 9 },
        { id: "p2", score: 2 },
      ],
      [{ id: "e1", score: 5 }],
    ]);
    expect(merged.map((m) => m.id)).toEqual(["p1", "e1", "p2"]);
  });

  it("shows heat as whole points, never 0, and states the rule in Chinese", () => {
    expect(heatOf(0.2)).toBe(1);
    expect(heatOf(12.6)).toBe(13);
    expect(BOARD_RULE).toContain("最近 7 天");
    expect(BOARD_RULE).toContain("每过 2 天减半");
    expect(readBoardTab("entry")).toBe("entry");
    expect(readBoardTab("x")).toBe("post");
    expect(readBoardTab(null)).toBe("post");
  });
});
