import { DEFAULT_DESCRIPTION_LIMIT, truncateText } from "@tongjian/domain/text-length";

/**
 * A page's meta description, cut to the spec's 100 (§5) by its loader on the server: meta()
 * runs in the browser too, on every navigation, and the cutting rule (grapheme-aware widths)
 * is not worth shipping to every page for it.
 */
export function seoDescription(text: string): string {
  return truncateText(text, DEFAULT_DESCRIPTION_LIMIT);
}
