/**
 * Product name, slogans and the share-title suffix (spec §1 slogans, §9 "Share title suffix:
 * a separator followed by the product's name").
 */

export const PRODUCT_NAME = "通鉴";
/** Spec §1: surveying context, insight into cause and effect, grasping rules. */
export const PRODUCT_SLOGAN = "纵览脉络 洞察因果 把握规律";
/** Spec §1: the default navigation slogan, "promote traditional Chinese culture". */
export const DEFAULT_NAV_SLOGAN = "弘扬中华传统文化";
export const SHARE_TITLE_SEPARATOR = " - ";
export const SHARE_TITLE_SUFFIX = `${SHARE_TITLE_SEPARATOR}${PRODUCT_NAME}`;

/**
 * `贞观之治` → `贞观之治 - 通鉴`. A title that already ends with the suffix, or is just the
 * product name, is left as it is, so sharing a shared page does not read "… - 通鉴 - 通鉴".
 * An empty title becomes the product name alone.
 */
export function withShareSuffix(title: string | null | undefined): string {
  const trimmed = (title ?? "").trim();
  if (trimmed === "" || trimmed === PRODUCT_NAME) return PRODUCT_NAME;
  if (trimmed.endsWith(SHARE_TITLE_SUFFIX)) return trimmed;
  return `${trimmed}${SHARE_TITLE_SUFFIX}`;
}
