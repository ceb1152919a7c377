import { describe, expect, it } from "vitest";
import {
  buildYearReview,
  REVIEW_EDITION_SPECS,
  type ReviewRecords,
  reviewCards,
  reviewMonths,
  reviewWindow,
  shareableReview,
} from "./year-review.ts";

const TODAY = "2027-03-15";

function records(over: Partial<ReviewRecords> = {}): ReviewRecords {
  return {
    today: TODAY,
    edition: REVIEW_EDITION_SPECS.ladderanniversary,
    activities: [],
    clockins: [],
    levels: [],
    points: 0,
    challenges: [],
    reads: [],
    ladderLevelKeys: new Set(["wenshi-01", "wenshi-02"]),
    ...over,
  };
}

describe("the year a review covers", () => {
  it("is the 365 China days up to today, over twelve calendar months", () => {
    expect(reviewWindow(TODAY)).toEqual({ from: "2026-03-16", to: TODAY });
    const months = reviewMonths(TODAY);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2026-04");
    expect(months.at(-1)).toBe("2027-03");
    expect(reviewMonths("2027-01-01")[0]).toBe("2026-02");
  });
});

describe("buildYearReview", () => {
  it("sums the year's study, check-ins, ladder, challenges and reading, and ignores older rows", () => {
    const review = buildYearReview(
      records({
        activities: [
          {
            day: "2027-03-14",
            kind: "ladder",
            ref: "wenshi-01",
            answered: 10,
            correct: 8,
            seconds: 600,
          },
          {
            day: "2027-03-15",
            kind: "ladder",
            ref: "wenshi-02",
            answered: 10,
            correct: 6,
            seconds: 900,
          },
          {
            day: "2027-03-15",
            kind: "ladder",
            ref: "young-01",
            answered: 5,
            correct: 5,
            seconds: 300,
          },
          {
            day: "2027-01-02",
            kind: "challenge",
            ref: "r1",
            answered: 20,
            correct: 11,
            seconds: 1140,
          },
          // Older than the year: not counted.
          {
            day: "2026-03-15",
            kind: "ladder",
            ref: "wenshi-01",
            answered: 99,
            correct: 99,
            seconds: 9999,
          },
        ],
        clockins: ["2027-03-13", "2027-03-14", "2027-03-14"],
        levels: [
          {
            levelKey: "wenshi-01",
            ladderKey: "wenshi",
            title: "远古与夏商",
            passed: true,
            at: "2027-03-14T02:00:00.000Z",
          },
          {
            levelKey: "wenshi-02",
            ladderKey: "wenshi",
            title: "西周与春秋",
            passed: false,
            at: "2027-03-15T02:00:00.000Z",
          },
          {
            levelKey: "young-01",
            ladderKey: "young",
            title: "远古的故事",
            passed: true,
            at: "2027-03-15T02:00:00.000Z",
          },
        ],
        points: 120,
        challenges: [{ day: "2027-01-02", score: 88, answered: 20, correct: 11 }],
        reads: [
          { kind: "article", title: "玄奘西行", count: 4, firstAt: "2027-02-01T00:00:00.000Z" },
          { kind: "entry", title: "司马光", count: 1, firstAt: "2027-03-01T00:00:00.000Z" },
        ],
      }),
    );
    expect(review).toMatchObject({
      from: "2026-03-16",
      to: TODAY,
      enough: true,
      studyDays: 4, // 01-02, 03-13, 03-14, 03-15
      minutes: 49, // 600 + 900 + 300 + 1140 seconds
      answered: 45,
      correct: 30,
      accuracy: 67,
      checkins: 2,
      longestStreak: 3,
      ladder: { passed: 1, tried: 2, points: 120, minutes: 25, lastPassed: "远古与夏商" },
      challenges: { rounds: 1, best: 88, correct: 11 },
      reading: { entries: 1, articles: 1, reads: 5 },
      firstDay: "2027-01-02",
      busiestDay: { day: "2027-03-15", minutes: 20 },
    });
    expect(review.reading.top[0]).toEqual({ kind: "article", title: "玄奘西行", count: 4 });
    expect(review.months.find((m) => m.month === "2027-03")).toEqual({
      month: "2027-03",
      minutes: 30,
      reads: 1,
    });
    expect(review.months.find((m) => m.month === "2027-01")?.minutes).toBe(19);
    expect(review.kinds.map((k) => k.label)).toEqual(["天梯闯关", "限时挑战"]);
    expect(review.title).toBe("开卷有益");
  });

  it("counts only the young ladder in the 少儿天梯 edition and speaks to children", () => {
    const review = buildYearReview(
      records({
        edition: REVIEW_EDITION_SPECS.ladderanniversary1,
        ladderLevelKeys: new Set(["young-01"]),
        activities: Array.from({ length: 8 }, (_, i) => ({
          day: `2027-03-0${i + 1}`,
          kind: "ladder",
          ref: "young-01",
          answered: 3,
          correct: 3,
          seconds: 120,
        })),
        levels: [
          {
            levelKey: "young-01",
            ladderKey: "young",
            title: "远古的故事",
            passed: true,
            at: "2027-03-02T00:00:00.000Z",
          },
          {
            levelKey: "wenshi-01",
            ladderKey: "wenshi",
            title: "远古与夏商",
            passed: true,
            at: "2027-03-02T00:00:00.000Z",
          },
        ],
      }),
    );
    expect(review.ladder).toMatchObject({ passed: 1, tried: 1, minutes: 16 });
    expect(review.title).toBe("认真小学员");
  });

  it("gives a reader with nothing recorded a whole, kind story", () => {
    const review = buildYearReview(records());
    expect(review).toMatchObject({
      enough: false,
      studyDays: 0,
      minutes: 0,
      accuracy: null,
      busiestDay: null,
    });
    expect(review.months).toHaveLength(12);
    const cards = reviewCards(review, "adult", "文史天梯");
    expect(cards.map((c) => c.key)).toEqual([
      "start",
      "time",
      "ladder",
      "habit",
      "reading",
      "title",
    ]);
    expect(cards[0]?.lines[0]).toBe("这一年还没有留下学习记录。");
    expect(
      cards.every((c) => c.lines.length > 0 && !c.lines.some((l) => l.includes("undefined"))),
    ).toBe(true);
  });
});

describe("shareableReview", () => {
  const review = buildYearReview(
    records({
      activities: [
        { day: TODAY, kind: "ladder", ref: "wenshi-01", answered: 4, correct: 3, seconds: 240 },
      ],
      reads: [
        { kind: "article", title: "赤壁之战", count: 2, firstAt: "2027-03-01T00:00:00.000Z" },
      ],
    }),
  );

  it("keeps only the parts the reader chose", () => {
    const study = shareableReview(review, ["study"]);
    expect(study.study).toMatchObject({ minutes: 4, answered: 4 });
    expect(study.reading).toBeNull();
    const reading = shareableReview(review, ["reading"]);
    expect(reading.study).toBeNull();
    expect(reading.reading).toEqual({ entries: 0, articles: 1, top: ["赤壁之战"] });
    expect(JSON.stringify(reading)).not.toContain("minutes");
  });
});
