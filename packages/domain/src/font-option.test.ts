import { describe, expect, it } from "vitest";
import {
  FONT_OPTION_DEFAULT,
  FONT_VARIANT_LABELS,
  FONT_VARIANTS,
  fontOption,
  fontSizes,
  fontVariant,
  parseNativeFontSize,
  parseStoredFontVariant,
} from "./font-option.ts";

describe("fontVariant", () => {
  it("maps 0, 1 and 2 to small, middle and large", () => {
    expect(fontVariant(0)).toBe("small");
    expect(fontVariant(1)).toBe("middle");
    expect(fontVariant(2)).toBe("large");
  });

  it("gives small for anything else, including the stored default 20", () => {
    expect(FONT_OPTION_DEFAULT).toBe(20);
    expect(fontVariant(FONT_OPTION_DEFAULT)).toBe("small");
    expect(fontVariant(3)).toBe("small");
    expect(fontVariant(-1)).toBe("small");
    expect(fontVariant(1.5)).toBe("small");
    expect(fontVariant(Number.NaN)).toBe("small");
    expect(fontVariant(null)).toBe("small");
    expect(fontVariant(undefined)).toBe("small");
  });
});

describe("fontSizes", () => {
  it("gives the spec's title and paragraph sizes", () => {
    expect(fontSizes(0)).toEqual({ titlePx: 25, paragraphPx: 17 });
    expect(fontSizes(1)).toEqual({ titlePx: 27, paragraphPx: 18 });
    expect(fontSizes(2)).toEqual({ titlePx: 29, paragraphPx: 20 });
    expect(fontSizes(20)).toEqual({ titlePx: 25, paragraphPx: 17 });
  });
});

describe("parseNativeFontSize", () => {
  it("reads the size from the bridge's JSON text", () => {
    expect(parseNativeFontSize('{"size": 1}')).toBe(1);
    expect(parseNativeFontSize('{"size":2,"other":true}')).toBe(2);
    expect(parseNativeFontSize('{"size": 0}')).toBe(0);
    expect(parseNativeFontSize('{"size": "2"}')).toBe(2);
  });

  it("returns null for text it cannot read", () => {
    expect(parseNativeFontSize("")).toBeNull();
    expect(parseNativeFontSize("   ")).toBeNull();
    expect(parseNativeFontSize("{size: 1}")).toBeNull();
    expect(parseNativeFontSize("null")).toBeNull();
    expect(parseNativeFontSize("1")).toBeNull();
    expect(parseNativeFontSize("[1]")).toBeNull();
    expect(parseNativeFontSize("{}")).toBeNull();
    expect(parseNativeFontSize('{"size": null}')).toBeNull();
    expect(parseNativeFontSize('{"size": 1.5}')).toBeNull();
    expect(parseNativeFontSize('{"size": "big"}')).toBeNull();
    expect(parseNativeFontSize(null)).toBeNull();
    expect(parseNativeFontSize(undefined)).toBeNull();
  });
});

describe("stored variants", () => {
  it("reads only the three variant names and maps them back to options", () => {
    expect(parseStoredFontVariant("middle")).toBe("middle");
    expect(parseStoredFontVariant("large")).toBe("large");
    expect(parseStoredFontVariant("LARGE")).toBeNull();
    expect(parseStoredFontVariant("20")).toBeNull();
    expect(parseStoredFontVariant(null)).toBeNull();
    for (const v of FONT_VARIANTS) expect(fontVariant(fontOption(v))).toBe(v);
    expect(FONT_VARIANTS.map((v) => FONT_VARIANT_LABELS[v])).toEqual(["小", "中", "大"]);
  });
});
