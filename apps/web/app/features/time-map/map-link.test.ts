import { describe, expect, it } from "vitest";
import { mapLinkOf, mapTargetOf, middleYear, timeMapHref } from "./map-link.ts";

const place = (id: string) => ({ id, name: "某地", kind: "place" });

describe("在地图上看: where an entry stands on the time map", () => {
  it("puts a person in the middle of their life at their native place", () => {
    const su = {
      id: "p1",
      kind: "person",
      startYear: 1037,
      endYear: 1101,
      facts: { place: "mei-shan", refs: { "mei-shan": place("pl-meishan") } },
    };
    expect(mapTargetOf(su)).toEqual({ year: 1069, place: "pl-meishan" });
    expect(mapLinkOf(su)).toBe("/home/timemap?year=1069&place=pl-meishan");
  });

  it("counts the middle of a life across the missing year 0", () => {
    expect(middleYear(-10, 10)).toBe(-1);
    expect(middleYear(-10, 12)).toBe(1);
    expect(middleYear(-100, -50)).toBe(-75);
    expect(middleYear(-1, 1)).toBe(-1);
  });

  it("puts an event at its year and first known place; a regime at its start and capital", () => {
    expect(
      mapTargetOf({
        id: "e1",
        kind: "event",
        startYear: -230,
        endYear: -221,
        facts: { places: ["nowhere", "xian-yang"], refs: { "xian-yang": place("pl-xy") } },
      }),
    ).toEqual({ year: -230, place: "pl-xy" });
    expect(
      mapTargetOf({
        id: "r1",
        kind: "regime",
        startYear: 618,
        endYear: 907,
        facts: { capitals: ["chang-an"], refs: { "chang-an": place("pl-ca") } },
      }),
    ).toEqual({ year: 618, place: "pl-ca" });
  });

  it("leaves out what it cannot place: a person without years or place, a poem", () => {
    expect(
      mapTargetOf({ id: "p", kind: "person", startYear: null, endYear: null, facts: {} }),
    ).toBeNull();
    expect(mapTargetOf({ id: "w", kind: "poem", startYear: 756, endYear: null, facts: {} })).toBe(
      null,
    );
    // A key that names no place (a person by mistake) is not taken for one.
    expect(
      mapTargetOf({
        id: "p",
        kind: "person",
        startYear: 1000,
        endYear: null,
        facts: { place: "x", refs: { x: { id: "q", name: "某人", kind: "person" } } },
      }),
    ).toEqual({ year: 1000, place: null });
  });

  it("writes the link with only the parts it knows", () => {
    expect(timeMapHref({ year: -221 })).toBe("/home/timemap?year=-221");
    expect(timeMapHref({ place: "abc" })).toBe("/home/timemap?place=abc");
    expect(timeMapHref({})).toBe("/home/timemap");
  });
});
