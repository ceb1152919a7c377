import { describe, expect, it } from "vitest";
import {
  DEFAULT_NAV_SLOGAN,
  PRODUCT_NAME,
  PRODUCT_SLOGAN,
  withShareSuffix,
} from "./share-title.ts";

describe("withShareSuffix", () => {
  it("appends the separator and product name", () => {
    expect(withShareSuffix("贞观之治")).toBe("贞观之治 - 通鉴");
    expect(withShareSuffix("  李白  ")).toBe("李白 - 通鉴");
  });

  it("does not append twice", () => {
    expect(withShareSuffix("贞观之治 - 通鉴")).toBe("贞观之治 - 通鉴");
    expect(withShareSuffix(withShareSuffix("赤壁之战"))).toBe("赤壁之战 - 通鉴");
    expect(withShareSuffix("通鉴")).toBe("通鉴");
  });

  it("still appends when the name only appears elsewhere in the title", () => {
    expect(withShareSuffix("资治通鉴")).toBe("资治通鉴 - 通鉴");
    expect(withShareSuffix("通鉴 - 资治")).toBe("通鉴 - 资治 - 通鉴");
  });

  it("uses the product name for an empty title", () => {
    expect(withShareSuffix("")).toBe("通鉴");
    expect(withShareSuffix("   ")).toBe("通鉴");
    expect(withShareSuffix(null)).toBe("通鉴");
    expect(withShareSuffix(undefined)).toBe("通鉴");
  });
});

describe("product texts", () => {
  it("holds the name and slogans", () => {
    expect(PRODUCT_NAME).toBe("通鉴");
    expect(PRODUCT_SLOGAN).toBe("纵览脉络 洞察因果 把握规律");
    expect(DEFAULT_NAV_SLOGAN).toBe("弘扬中华传统文化");
  });
});
