import { describe, expect, it } from "vitest";
import { isWorkCategory, WORK_CATEGORIES, workCategoryInfo } from "./work-categories.ts";

describe("work categories", () => {
  it("gives books a Book, paintings a Painting and inventions their 发明者", () => {
    expect(workCategoryInfo("典籍")).toMatchObject({ schemaType: "Book", made: "成书" });
    expect(workCategoryInfo("小说").schemaType).toBe("Book");
    expect(workCategoryInfo("绘画")).toMatchObject({ schemaType: "Painting", formLabel: "画科" });
    expect(workCategoryInfo("书法").formLabel).toBe("书体");
    expect(workCategoryInfo("发明")).toMatchObject({ creatorLabel: "发明者", made: "问世" });
  });

  it("describes every category, and reads anything else as a plain creative work", () => {
    for (const category of WORK_CATEGORIES) {
      expect(isWorkCategory(category)).toBe(true);
      expect(workCategoryInfo(category).relationLabel).not.toBe("");
    }
    expect(isWorkCategory("雕塑")).toBe(false);
    expect(workCategoryInfo(undefined)).toMatchObject({
      schemaType: "CreativeWork",
      relationLabel: "作品",
    });
  });
});
