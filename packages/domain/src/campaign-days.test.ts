import { describe, expect, it } from "vitest";
import {
  chinaMonthDay,
  firstSentence,
  formatMonthDay,
  listProgress,
  onThisDay,
  pageOf,
  parseDayRef,
  parseMonthDay,
  shiftMonthDay,
  yearsAgo,
} from "./campaign-days.ts";

describe("listProgress", () => {
  it("counts only the list's items, each once, and names the next one", () => {
    const p = listProgress(["a", "b", "c"], ["b", "b", "x"]);
    expect(p).toEqual({ done: 1, total: 3, percent: 33, next: "a", complete: false });
  });
  it("is complete only when every item is done", () => {
    expect(listProgress(["a", "b"], ["a", "b"])).toMatchObject({ percent: 100, complete: true });
    expect(listProgress([], ["a"])).toMatchObject({ percent: 0, complete: false, next: null });
  });
});

describe("parseDayRef", () => {
  it("reads the four kinds and refuses the rest", () => {
    expect(parseDayRef("entry:wu-zetian")).toEqual({ kind: "entry", key: "wu-zetian" });
    expect(parseDayRef("book:lunyu")).toEqual({ kind: "book", key: "lunyu" });
    expect(parseDayRef("video:x")).toBeNull();
    expect(parseDayRef("entry:Bad_Key")).toBeNull();
  });
});

describe("calendar days", () => {
  it("parses and normalises real days only, 2月29日 included", () => {
    expect(parseMonthDay("3-8")).toBe("03-08");
    expect(parseMonthDay("0308")).toBe("03-08");
    expect(parseMonthDay("02-29")).toBe("02-29");
    expect(parseMonthDay("02-30")).toBeNull();
    expect(parseMonthDay("13-01")).toBeNull();
    expect(parseMonthDay("04-31")).toBeNull();
    expect(parseMonthDay("abc")).toBeNull();
  });

  it("moves between days across month and year ends and through 2月29日", () => {
    expect(shiftMonthDay("12-31", 1)).toBe("01-01");
    expect(shiftMonthDay("01-01", -1)).toBe("12-31");
    expect(shiftMonthDay("02-28", 1)).toBe("02-29");
    expect(shiftMonthDay("02-29", 1)).toBe("03-01");
    expect(shiftMonthDay("03-01", -1)).toBe("02-29");
    expect(shiftMonthDay("06-15", 366)).toBe("06-15");
    expect(formatMonthDay("03-08")).toBe("3月8日");
  });

  it("takes today's day in China time, not the server's zone", () => {
    // 2026-12-31 17:00 UTC is already 2027-01-01 01:00 in China.
    expect(chinaMonthDay(new Date("2026-12-31T17:00:00Z"))).toBe("01-01");
    expect(chinaMonthDay(new Date("2026-12-31T15:59:59Z"))).toBe("12-31");
  });

  it("selects the day's happenings oldest first and leaves out dates without a day", () => {
    const items = [
      { id: "a", title: "辛亥革命", date: { year: 1911, month: 10, day: 10 } },
      { id: "b", title: "某事", date: { year: 1911, month: 10 } },
      { id: "c", title: "前事", date: { year: -44, month: 10, day: 10 } },
      { id: "d", title: "他日", date: { year: 1949, month: 10, day: 1 } },
    ];
    expect(onThisDay(items, "10-10").map((i) => i.id)).toEqual(["c", "a"]);
    expect(onThisDay(items, "02-29")).toEqual([]);
  });

  it("says how long ago a year was, counting no year 0", () => {
    const now = new Date("2026-11-27T04:00:00Z");
    expect(yearsAgo(1911, now)).toBe("115 年前");
    expect(yearsAgo(-1, now)).toBe("2,026 年前");
    expect(yearsAgo(2026, now)).toBe("今年");
  });
});

describe("pageOf and firstSentence", () => {
  it("clamps the page into range", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(items, 3, 10)).toMatchObject({ items: [20, 21, 22, 23, 24], page: 3, pages: 3 });
    expect(pageOf(items, 9, 10).page).toBe(3);
    expect(pageOf(items, 0, 10).page).toBe(1);
    expect(pageOf([], 1, 10)).toMatchObject({ items: [], pages: 1, total: 0 });
  });
  it("cuts a summary at its first full stop", () => {
    expect(firstSentence("秦朝建立。随后统一文字。")).toBe("秦朝建立。");
    expect(firstSentence("很长".repeat(50), 10)).toBe("很长很长很长很长很…");
  });
});
