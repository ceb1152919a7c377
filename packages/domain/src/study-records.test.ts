import { describe, expect, it } from "vitest";
import { studyDay } from "./learning.ts";
import { isLearningPath } from "./learning-paths.ts";
import { ROUTE_MANIFEST, sampleUrl } from "./route-manifest.ts";
import {
  addDays,
  addMonths,
  calendarMarks,
  chinaTime,
  earnsStreakCard,
  fixedPaper,
  isDay,
  monthDays,
  reissueProblem,
  reminderDue,
  streaksOf,
  weekdayOf,
  weekStart,
} from "./study-records.ts";

describe("study days", () => {
  it("counts days in China: 16:00 UTC is already tomorrow", () => {
    expect(studyDay(new Date("2026-01-31T15:59:59Z"))).toBe("2026-01-31");
    expect(studyDay(new Date("2026-01-31T16:00:00Z"))).toBe("2026-02-01");
    expect(chinaTime(new Date("2026-01-31T16:05:00Z"))).toBe("00:05");
  });

  it("does day arithmetic across month, year and leap-day ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(monthDays("2028-02")).toHaveLength(29);
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
    expect(weekdayOf("2026-11-29")).toBe(7);
    expect(weekStart("2026-11-29")).toBe("2026-11-23");
    expect(weekStart("2027-01-01")).toBe("2026-12-28");
  });
});

describe("streaks", () => {
  it("runs across a month end, with made-up days counted like any other", () => {
    const days = ["2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"];
    expect(streaksOf(days, "2026-02-02")).toEqual({ current: 5, longest: 5 });
  });

  it("keeps the current streak while today is still open, and breaks it after a missed day", () => {
    const days = ["2026-02-27", "2026-02-28"];
    expect(streaksOf(days, "2026-03-01")).toEqual({ current: 2, longest: 2 });
    expect(streaksOf(days, "2026-03-02")).toEqual({ current: 0, longest: 2 });
  });

  it("finds the longest run apart from the current one and ignores duplicates and future days", () => {
    const days = [
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
      "2026-01-05",
      "2026-01-05",
      "2026-01-09",
    ];
    expect(streaksOf(days, "2026-01-06")).toEqual({ current: 1, longest: 3 });
  });
});

describe("reissue cards", () => {
  const today = "2026-03-02";
  it("allows a missed day of the last seven and refuses the rest in Chinese", () => {
    const checked = new Set(["2026-03-01"]);
    expect(reissueProblem("2026-02-28", today, checked)).toBeNull();
    expect(reissueProblem("2026-02-23", today, checked)).toBeNull();
    expect(reissueProblem("2026-02-22", today, checked)).toContain("最近 7 天");
    expect(reissueProblem("2026-03-01", today, checked)).toContain("已经打过卡");
    expect(reissueProblem(today, today, checked)).toContain("直接打卡");
    expect(reissueProblem("2026-03-03", today, checked)).toContain("未来");
    expect(reissueProblem("2026-02-30", today, checked)).toContain("格式");
  });

  it("earns a card on the check-in that makes a streak of 7, 14 … made-up days included", () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => addDays(today, -n));
    expect(earnsStreakCard(six, today)).toBe(true);
    expect(earnsStreakCard(six.slice(0, 5), today)).toBe(false);
    const thirteen = Array.from({ length: 13 }, (_, i) => addDays(today, -1 - i));
    expect(earnsStreakCard(thirteen, today)).toBe(true);
    expect(earnsStreakCard(thirteen.slice(0, 7), today)).toBe(false);
  });

  it("marks a month's calendar", () => {
    const marks = calendarMarks("2026-03", today, new Set(["2026-03-02"]), new Set(["2026-03-01"]));
    expect(marks.slice(0, 3).map((m) => m.mark)).toEqual(["reissued", "checked", "future"]);
    const feb = calendarMarks("2026-02", today, new Set(), new Set());
    expect(feb.every((m) => m.mark === "missed")).toBe(true);
  });
});

describe("reminders and the mock paper", () => {
  it("is due on a scheduled weekday at or after its time", () => {
    const r = { time: "19:30", weekdays: [1, 3], enabled: true };
    expect(reminderDue(r, "2026-11-23", "19:30")).toBe(true);
    expect(reminderDue(r, "2026-11-23", "19:29")).toBe(false);
    expect(reminderDue(r, "2026-11-24", "21:00")).toBe(false);
    expect(reminderDue({ ...r, enabled: false }, "2026-11-23", "20:00")).toBe(false);
  });

  it("spreads a fixed paper evenly over the bank", () => {
    const bank = Array.from({ length: 50 }, (_, i) => i);
    const paper = fixedPaper(bank);
    expect(paper).toHaveLength(20);
    expect(new Set(paper).size).toBe(20);
    expect(fixedPaper(bank)).toEqual(paper);
    expect(fixedPaper([1, 2, 3])).toEqual([1, 2, 3]);
  });
});

describe("learning pages", () => {
  it("tells the learning area's routes apart from the rest, as the manifest does", () => {
    const wrong = ROUTE_MANIFEST.filter(
      (spec) =>
        isLearningPath(sampleUrl(spec.path).split("?")[0] ?? "") !== (spec.area === "learning"),
    ).map((spec) => `${spec.path} (${spec.area})`);
    expect(wrong).toEqual([]);
  });
});
