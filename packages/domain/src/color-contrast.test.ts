import { describe, expect, it } from "vitest";
import { composite, contrastRatio, parseColor, relativeLuminance } from "./color-contrast.ts";

const color = (text: string) => {
  const parsed = parseColor(text);
  if (!parsed) throw new Error(`unreadable colour ${text}`);
  return parsed;
};

describe("parseColor", () => {
  it("reads hex in its four lengths and rgb()/rgba() with commas or slashes", () => {
    expect(parseColor("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor("#0008")).toEqual({ r: 0, g: 0, b: 0, a: 0x88 / 255 });
    expect(parseColor("#8c2f1e")).toEqual({ r: 140, g: 47, b: 30, a: 1 });
    expect(parseColor("#8c2f1e80")?.a).toBeCloseTo(0.502, 3);
    expect(parseColor("rgb(1, 2, 3)")).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor("rgba(0, 0, 0, 0.55)")).toEqual({ r: 0, g: 0, b: 0, a: 0.55 });
    expect(parseColor("rgb(255 255 255 / 18%)")).toEqual({ r: 255, g: 255, b: 255, a: 0.18 });
  });

  it("gives null for what it cannot read", () => {
    expect(parseColor("red")).toBeNull();
    expect(parseColor("#12")).toBeNull();
    expect(parseColor("var(--tj-red)")).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("matches WCAG's reference values", () => {
    expect(contrastRatio(color("#000"), color("#fff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(color("#fff"), color("#fff"))).toBeCloseTo(1, 5);
    // #767676 on white is the classic smallest grey that passes AA.
    expect(contrastRatio(color("#767676"), color("#fff"))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(color("#777777"), color("#fff"))).toBeLessThan(4.5);
  });

  it("is the same either way round", () => {
    expect(contrastRatio(color("#8c2f1e"), color("#faf7f2"))).toBeCloseTo(
      contrastRatio(color("#faf7f2"), color("#8c2f1e")),
      10,
    );
  });

  it("lays translucent text over its background first", () => {
    const half = contrastRatio(color("rgba(0, 0, 0, 0.5)"), color("#fff"));
    expect(half).toBeCloseTo(contrastRatio(color("#808080"), color("#fff")), 1);
    expect(composite(color("rgba(0, 0, 0, 0.5)"), color("#fff")).r).toBeCloseTo(127.5, 5);
  });

  it("computes luminance on linear light", () => {
    expect(relativeLuminance(color("#fff"))).toBeCloseTo(1, 10);
    expect(relativeLuminance(color("#000"))).toBe(0);
    expect(relativeLuminance(color("#808080"))).toBeCloseTo(0.2159, 4);
  });
});
