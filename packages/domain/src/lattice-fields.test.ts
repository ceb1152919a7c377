import { describe, expect, it } from "vitest";
import { eraOfYear, fieldsOfRoles, LATTICE_FIELDS, ROLE_FIELDS } from "./lattice-fields.ts";

describe("fieldsOfRoles", () => {
  it("maps roles to the five fields, in column order, each field once", () => {
    expect(fieldsOfRoles(["文学家", "书法家", "政治家"])).toEqual(["政治", "文学", "艺术"]);
    expect(fieldsOfRoles(["诗人", "词人"])).toEqual(["文学"]);
    expect(fieldsOfRoles(["医学家"])).toEqual(["科学"]);
    expect(fieldsOfRoles(["侠客", "军事家"])).toEqual(["军事"]);
    expect(fieldsOfRoles(["君主", "后妃"])).toEqual(["政治"]);
    expect(fieldsOfRoles(["不存在的角色"])).toEqual([]);
  });

  it("sends every role to one of the five fields", () => {
    for (const field of Object.values(ROLE_FIELDS)) expect(LATTICE_FIELDS).toContain(field);
    for (const field of LATTICE_FIELDS) expect(Object.values(ROLE_FIELDS)).toContain(field);
  });
});

describe("eraOfYear", () => {
  it("places a year in its period, BCE years included", () => {
    expect(eraOfYear(-551)).toBe("先秦");
    expect(eraOfYear(-221)).toBe("秦汉");
    expect(eraOfYear(155)).toBe("秦汉");
    expect(eraOfYear(220)).toBe("三国两晋南北朝");
    expect(eraOfYear(701)).toBe("隋唐五代");
    expect(eraOfYear(1037)).toBe("宋辽金夏元");
    expect(eraOfYear(1368)).toBe("明清");
    expect(eraOfYear(1881)).toBe("近现代");
  });
});
