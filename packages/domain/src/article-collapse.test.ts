import { describe, expect, it } from "vitest";
import { articleBodyMode, COLLAPSE_MIN_TEXT_LENGTH, isH5Flag } from "./article-collapse.ts";

const long = COLLAPSE_MIN_TEXT_LENGTH;
const base = { textLength: long, isH5: false, isNativeApp: false, expanded: false };

describe("articleBodyMode", () => {
  it("collapses long bodies and shows short ones whole", () => {
    expect(articleBodyMode(base)).toBe("collapsed");
    expect(articleBodyMode({ ...base, textLength: long - 1 })).toBe("full");
    expect(articleBodyMode({ ...base, textLength: 0 })).toBe("full");
  });

  it("shows the open-app mask for links shared from the app, except inside the app", () => {
    expect(articleBodyMode({ ...base, isH5: true })).toBe("masked");
    expect(articleBodyMode({ ...base, isH5: true, isNativeApp: true })).toBe("collapsed");
    expect(articleBodyMode({ ...base, isH5: true, textLength: 10 })).toBe("full");
  });

  it("shows everything once the reader expands or unlocks", () => {
    expect(articleBodyMode({ ...base, expanded: true })).toBe("full");
    expect(articleBodyMode({ ...base, isH5: true, expanded: true })).toBe("full");
  });
});

describe("isH5Flag", () => {
  it("is set by any value except 0 and false", () => {
    expect(isH5Flag("1")).toBe(true);
    expect(isH5Flag("")).toBe(true);
    expect(isH5Flag("true")).toBe(true);
    expect(isH5Flag("0")).toBe(false);
    expect(isH5Flag("FALSE")).toBe(false);
    expect(isH5Flag(null)).toBe(false);
    expect(isH5Flag(undefined)).toBe(false);
  });
});
