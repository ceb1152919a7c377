import { describe, expect, it } from "vitest";
import { essayLength, topicRelationRows, topicSpan } from "./insight-topics.ts";

describe("topicSpan", () => {
  it("runs from the earliest start to the latest end, with BCE years as 前N年", () => {
    expect(
      topicSpan([
        { startYear: -209, endYear: null },
        { startYear: -221, endYear: null },
        { startYear: -230, endYear: -221 },
        { startYear: -207, endYear: -206 },
      ]),
    ).toEqual({ startYear: -230, endYear: -206, timeDesc: "前230年—前206年" });
  });

  it("takes an event's start when it has no end, crosses the era, and skips undated events", () => {
    expect(
      topicSpan([
        { startYear: 25, endYear: null },
        { startYear: null, endYear: null },
        { startYear: -139, endYear: -126 },
      ]),
    ).toEqual({ startYear: -139, endYear: 25, timeDesc: "前139年—25年" });
    expect(topicSpan([{ startYear: 1405, endYear: null }])?.timeDesc).toBe("1405年");
    expect(topicSpan([])).toBeNull();
    expect(topicSpan([{ startYear: null, endYear: 900 }])).toBeNull();
  });
});

describe("topicRelationRows", () => {
  const people = ["li-longji", "an-lushan", "yang-guozhong", "li-heng"];

  it("keeps relations among the topic's people, one row per pair and direction, in topic order", () => {
    const rows = topicRelationRows(
      [
        { fromId: "li-heng", toId: "guo-ziyi", type: "君臣", label: "大将", twoway: false },
        {
          fromId: "an-lushan",
          toId: "li-longji",
          type: "敌对",
          label: "反叛的君主",
          twoway: false,
        },
        { fromId: "li-longji", toId: "li-heng", type: "父子", label: "第三子", twoway: false },
        { fromId: "li-longji", toId: "li-heng", type: "继位", label: "继位者", twoway: false },
        { fromId: "li-longji", toId: "an-lushan", type: "君臣", label: "节度使", twoway: false },
      ],
      people,
    );
    expect(rows).toEqual([
      {
        fromId: "li-longji",
        toId: "an-lushan",
        twoway: false,
        labels: ["节度使"],
        types: ["君臣"],
      },
      {
        fromId: "li-longji",
        toId: "li-heng",
        twoway: false,
        labels: ["第三子", "继位者"],
        types: ["父子", "继位"],
      },
      {
        fromId: "an-lushan",
        toId: "li-longji",
        twoway: false,
        labels: ["反叛的君主"],
        types: ["敌对"],
      },
    ]);
  });

  it("reads a two-way relation from the person named first, once even when stored both ways", () => {
    const rows = topicRelationRows(
      [
        { fromId: "an-lushan", toId: "yang-guozhong", type: "对手", label: "政敌", twoway: true },
        { fromId: "yang-guozhong", toId: "an-lushan", type: "对手", label: "政敌", twoway: true },
        {
          fromId: "yang-guozhong",
          toId: "yang-guozhong",
          type: "对手",
          label: "自己",
          twoway: true,
        },
      ],
      people,
    );
    expect(rows).toEqual([
      {
        fromId: "an-lushan",
        toId: "yang-guozhong",
        twoway: true,
        labels: ["政敌"],
        types: ["对手"],
      },
    ]);
    expect(topicRelationRows([], people)).toEqual([]);
  });
});

describe("essayLength", () => {
  it("counts every character but white space", () => {
    expect(essayLength("唐朝 为何\n\n由盛转衰？")).toBe(9);
    expect(essayLength("前221年")).toBe(5);
  });
});
