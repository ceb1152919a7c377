import { describe, expect, it } from "vitest";
import { formatChinaDate, formatRelativeTime, toTimestamp } from "./relative-time.ts";

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0); // 2025-06-15 20:00 China time
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => NOW - ms;

describe("formatRelativeTime", () => {
  it("says 刚刚 under a minute and for future dates", () => {
    expect(formatRelativeTime(NOW, NOW)).toBe("刚刚");
    expect(formatRelativeTime(ago(59_999), NOW)).toBe("刚刚");
    expect(formatRelativeTime(NOW + DAY, NOW)).toBe("刚刚");
  });

  it("counts minutes and hours", () => {
    expect(formatRelativeTime(ago(MINUTE), NOW)).toBe("1分钟前");
    expect(formatRelativeTime(ago(HOUR - 1), NOW)).toBe("59分钟前");
    expect(formatRelativeTime(ago(HOUR), NOW)).toBe("1小时前");
    expect(formatRelativeTime(ago(DAY - 1), NOW)).toBe("23小时前");
  });

  it("counts days, then weeks until 30 days", () => {
    expect(formatRelativeTime(ago(DAY), NOW)).toBe("1天前");
    expect(formatRelativeTime(ago(6 * DAY), NOW)).toBe("6天前");
    expect(formatRelativeTime(ago(7 * DAY), NOW)).toBe("1周前");
    expect(formatRelativeTime(ago(29 * DAY), NOW)).toBe("4周前");
  });

  it("counts 30-day months, then shows the date from 12 months", () => {
    expect(formatRelativeTime(ago(30 * DAY), NOW)).toBe("1个月前");
    expect(formatRelativeTime(ago(359 * DAY), NOW)).toBe("11个月前");
    expect(formatRelativeTime(ago(360 * DAY), NOW)).toBe("2024-06-20");
  });

  it("accepts Date objects, ISO strings and zoneless China-time strings", () => {
    expect(formatRelativeTime(new Date(ago(2 * HOUR)), new Date(NOW))).toBe("2小时前");
    expect(formatRelativeTime("2025-06-15T11:00:00Z", NOW)).toBe("1小时前");
    expect(formatRelativeTime("2025-06-15 19:00:00", NOW)).toBe("1小时前");
    expect(formatRelativeTime("2025-06-15 19:00", NOW)).toBe("1小时前");
  });

  it("returns nothing for an unreadable date", () => {
    expect(formatRelativeTime("not a date", NOW)).toBe("");
    expect(formatRelativeTime(Number.NaN, NOW)).toBe("");
  });
});

describe("formatChinaDate", () => {
  it("uses China time across the UTC date line", () => {
    expect(formatChinaDate(Date.UTC(2023, 11, 31, 16, 0, 0))).toBe("2024-01-01");
    expect(formatChinaDate(Date.UTC(2023, 11, 31, 15, 59, 59))).toBe("2023-12-31");
    expect(formatChinaDate("2024-3-5")).toBe("2024-03-05");
    expect(formatChinaDate("garbage")).toBe("");
  });
});

describe("toTimestamp", () => {
  it("reads a zoneless date as midnight China time", () => {
    expect(toTimestamp("2024-01-01")).toBe(Date.UTC(2023, 11, 31, 16, 0, 0));
  });
});
