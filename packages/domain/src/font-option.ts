/**
 * Article text size (spec §4 "Font option 0 gives small, 1 middle and 2 large. Any other value
 * gives small", §9 font variants and defaults).
 *
 * The stored default is 20 (spec §9), which is not 0, 1 or 2 and so resolves to small: until
 * the native app reports the reader's choice, articles show small text (spec §4 "Article
 * default is small").
 */

export const FONT_OPTION_SMALL = 0;
export const FONT_OPTION_MIDDLE = 1;
export const FONT_OPTION_LARGE = 2;
/** Spec §9 "Defaults: font option 20"; it resolves to small. */
export const FONT_OPTION_DEFAULT = 20;

export type FontVariant = "small" | "middle" | "large";

export const FONT_VARIANT_DEFAULT: FontVariant = "small";

export interface FontSizes {
  titlePx: number;
  paragraphPx: number;
}

/** Spec §9: title 25/27/29 px, paragraph 17/18/20 px. */
export const FONT_SIZES: Readonly<Record<FontVariant, Readonly<FontSizes>>> = {
  small: { titlePx: 25, paragraphPx: 17 },
  middle: { titlePx: 27, paragraphPx: 18 },
  large: { titlePx: 29, paragraphPx: 20 },
};

export function fontVariant(option: number | null | undefined): FontVariant {
  if (option === FONT_OPTION_MIDDLE) return "middle";
  if (option === FONT_OPTION_LARGE) return "large";
  return FONT_VARIANT_DEFAULT;
}

export function fontSizes(option: number | null | undefined): Readonly<FontSizes> {
  return FONT_SIZES[fontVariant(option)];
}

/**
 * Reads the native bridge "get font" reply, JSON text like `{"size": 1}` (spec §7). Some app
 * builds send the size as a string ("1"), so whole-number strings are accepted too.
 * Returns null when the reply cannot be read; spec §8 says the caller only logs that, and the
 * current option stays as it is.
 */
export function parseNativeFontSize(reply: string | null | undefined): number | null {
  if (typeof reply !== "string" || reply.trim() === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || !("size" in parsed)) return null;
  const { size } = parsed;
  if (typeof size === "number") return Number.isInteger(size) ? size : null;
  if (typeof size === "string" && /^-?\d+$/.test(size.trim())) return Number(size.trim());
  return null;
}

export const FONT_VARIANTS: readonly FontVariant[] = ["small", "middle", "large"];

/** Labels of the article header's text size switch. */
export const FONT_VARIANT_LABELS: Readonly<Record<FontVariant, string>> = {
  small: "小",
  middle: "中",
  large: "大",
};

/** The bridge's option number for a variant (the inverse of {@link fontVariant}). */
export function fontOption(variant: FontVariant): number {
  if (variant === "middle") return FONT_OPTION_MIDDLE;
  if (variant === "large") return FONT_OPTION_LARGE;
  return FONT_OPTION_SMALL;
}

/** A variant remembered on the device; anything unreadable is null (keep the default). */
export function parseStoredFontVariant(value: string | null | undefined): FontVariant | null {
  return FONT_VARIANTS.find((v) => v === value) ?? null;
}
