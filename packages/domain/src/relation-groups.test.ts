import { describe, expect, it } from "vitest";
import {
  groupRelations,
  previewRelationGroups,
  RELATION_PREVIEW_COUNT,
  relationGroup,
} from "./relation-groups.ts";

const rel = (type: string, kind: string, name: string) => ({ type, item: { kind, name } });

describe("relationGroup", () => {
  it("groups kinship, court, teachers and friends by type", () => {
    expect(relationGroup("父子", "person")).toBe("亲属");
    expect(relationGroup("夫妻", "person")).toBe("亲属");
    expect(relationGroup("继位", "person")).toBe("君臣");
    expect(relationGroup("师生", "person")).toBe("师友");
    expect(relationGroup("敌对", "regime")).toBe("对手");
  });

  it("groups fact relations by what stands at the other end", () => {
    expect(relationGroup("参与", "event")).toBe("相关事件");
    expect(relationGroup("参与", "person")).toBe("相关人物");
    expect(relationGroup("定都", "place")).toBe("相关地点");
    expect(relationGroup("定都", "regime")).toBe("相关政权");
    expect(relationGroup("未知", "poem")).toBe("其他");
  });

  it("lists curated works together as 作品, and their creators among the people", () => {
    expect(relationGroup("作者", "work")).toBe("作品");
    expect(relationGroup("记述", "work")).toBe("作品");
    expect(relationGroup("作者", "person")).toBe("相关人物");
    expect(relationGroup("记述", "place")).toBe("相关地点");
    expect(relationGroup("成果", "event")).toBe("相关事件");
    // A type that names the tie keeps its own group whatever stands at the other end.
    expect(relationGroup("影响", "work")).toBe("影响");
  });
});

describe("groupRelations", () => {
  it("orders groups by the fixed order, keeps each group's order and leaves out works", () => {
    const groups = groupRelations([
      rel("参与", "event", "秦灭六国"),
      rel("朋友", "person", "杜甫"),
      rel("作品", "poem", "静夜思"),
      rel("父子", "person", "李伯禽"),
      rel("师生", "person", "某甲"),
      rel("朋友", "person", "孟浩然"),
    ]);
    expect(groups.map((g) => g.name)).toEqual(["亲属", "师友", "相关事件"]);
    expect(
      groupRelations([rel("参与", "event", "乌台诗案"), rel("作者", "work", "赤壁赋")]).map(
        (g) => g.name,
      ),
    ).toEqual(["作品", "相关事件"]);
    expect(groups[1]?.items.map((i) => i.item.name)).toEqual(["杜甫", "某甲", "孟浩然"]);
    expect(groups.flatMap((g) => g.items).some((i) => i.type === "作品")).toBe(false);
  });

  it("gives no groups for no relations", () => {
    expect(groupRelations([])).toEqual([]);
  });
});

describe("previewRelationGroups", () => {
  const many = [
    ...Array.from({ length: RELATION_PREVIEW_COUNT + 3 }, (_, i) =>
      rel("君臣", "person", `臣${i}`),
    ),
    rel("父子", "person", "子"),
  ];

  it("ships each group's size and its first items", () => {
    const groups = previewRelationGroups(many, false);
    expect(groups.map((g) => [g.name, g.total, g.items.length])).toEqual([
      ["亲属", 1, 1],
      ["君臣", RELATION_PREVIEW_COUNT + 3, RELATION_PREVIEW_COUNT],
    ]);
    expect(groups[1]?.items.map((i) => i.item.name)).toEqual(
      Array.from({ length: RELATION_PREVIEW_COUNT }, (_, i) => `臣${i}`),
    );
  });

  it("ships every item when the page opens expanded", () => {
    const groups = previewRelationGroups(many, true);
    expect(groups.map((g) => [g.total, g.items.length])).toEqual([
      [1, 1],
      [RELATION_PREVIEW_COUNT + 3, RELATION_PREVIEW_COUNT + 3],
    ]);
  });
});
