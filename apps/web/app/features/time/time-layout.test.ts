import type { TimeBar } from "@tongjian/contracts/graph-time";
import { describe, expect, it } from "vitest";
import { findBars, focusAnswer, yearAnswer } from "./time-answers.ts";
import {
  axisAtOffset,
  barBox,
  ERA_BAND,
  GAP,
  LANE,
  layout,
  PAD,
  RULER,
  visibleBars,
  yearOffset,
} from "./time-layout.ts";

const bar = (b: Partial<TimeBar> & Pick<TimeBar, "id" | "kind" | "name" | "start" | "end">) =>
  ({ timeDesc: `${b.start}—${b.end}`, lane: 0, regimeId: null, rank: 0, ...b }) as TimeBar;

const SONG = bar({ id: "song", kind: "regime", name: "宋", start: 960, end: 1279 });
const BEI_SONG = bar({ id: "bei-song", kind: "regime", name: "北宋", start: 960, end: 1127 });
const NAN_SONG = bar({ id: "nan-song", kind: "regime", name: "南宋", start: 1127, end: 1279 });
const JIN = bar({ id: "jin", kind: "regime", name: "金", start: 1115, end: 1234, lane: 1 });
const SU_SHI = bar({ id: "su-shi", kind: "person", name: "苏轼", start: 1037, end: 1101, rank: 0 });
const WANG = bar({
  id: "wang-anshi",
  kind: "person",
  name: "王安石",
  start: 1021,
  end: 1086,
  lane: 1,
  rank: 1,
});
const YUE_FEI = bar({
  id: "yue-fei",
  kind: "person",
  name: "岳飞",
  start: 1103,
  end: 1142,
  rank: 2,
});
const BARS = [BEI_SONG, NAN_SONG, JIN, SU_SHI, WANG, YUE_FEI];

describe("layout", () => {
  const l = layout({
    from: -221,
    to: 1300,
    pxPerYear: 2,
    lanes: { regime: 2, event: 0, person: 3 },
  });

  it("measures the axis without a year 0", () => {
    // From 前221年 to 1300年 is 1520 years on the axis (1521 units with the last year).
    expect(l.along).toBe(1521 * 2 + 2 * PAD);
    expect(yearOffset(l, 1) - yearOffset(l, -1)).toBe(2);
    expect(axisAtOffset(l, yearOffset(l, 1127))).toBe(1126);
  });

  it("puts the columns after the ruler and the era band, kind by kind, skipping empty kinds", () => {
    expect(l.groupStart.regime).toBe(RULER + ERA_BAND + GAP);
    expect(l.groupStart.person).toBe(l.groupStart.regime + 2 * LANE.regime + GAP);
    expect(l.across).toBe(l.groupStart.person + 3 * LANE.person + GAP);
    expect(barBox(l, JIN).cross).toBe(l.groupStart.regime + LANE.regime);
  });

  it("keeps a one-year bar visible and a reign its full length", () => {
    expect(barBox(l, { kind: "event", start: 1127, end: 1127, lane: 0 }).length).toBe(2);
    expect(barBox(l, NAN_SONG).length).toBe((1279 - 1127 + 1) * 2);
  });

  it("puts in the page only the bars near the view", () => {
    const around1127 = {
      alongFrom: yearOffset(l, 1120),
      alongTo: yearOffset(l, 1130),
      acrossFrom: 0,
      acrossTo: 2000,
    };
    const ids = visibleBars(l, BARS, around1127).map((b) => b.id);
    expect(ids).toEqual(["bei-song", "nan-song", "jin", "yue-fei"]);
    const regimesOnly = visibleBars(l, BARS, { ...around1127, acrossTo: l.groupStart.person - 1 });
    expect(regimesOnly.map((b) => b.id)).toEqual(["bei-song", "nan-song", "jin"]);
  });
});

describe("the lists beside the picture", () => {
  it("say what stood in 1127, the era first", () => {
    const answer = yearAnswer([SONG], BARS, 1127);
    expect(answer.label).toBe("1127年");
    expect(answer.regimes.map((r) => r.name)).toEqual(["宋", "北宋", "金", "南宋"]);
    expect(answer.people.map((p) => p.name)).toEqual(["岳飞"]);
    expect(yearAnswer([SONG], BARS, -221).regimes).toEqual([]);
  });

  it("list 苏轼's contemporaries by the years they shared", () => {
    const answer = focusAnswer(BARS, SU_SHI);
    expect(answer.contemporaries).toEqual([
      expect.objectContaining({ name: "王安石", overlap: 50 }),
    ]);
    expect(answer.regimes.map((r) => r.name)).toEqual(["北宋"]);
  });

  it("find bars by name, an exact name and people first", () => {
    expect(findBars(BARS, "宋").map((b) => b.name)).toEqual(["北宋", "南宋"]);
    expect(findBars(BARS, "苏轼")[0]?.id).toBe("su-shi");
    expect(findBars(BARS, "  ")).toEqual([]);
  });
});
