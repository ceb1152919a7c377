/** Layout constants from spec §9 (and §2 for the progress bar, §4 for the collapsed article). */

/** Long articles are shown this tall until the reader taps "see more". */
export const COLLAPSED_ARTICLE_HEIGHT_PX = 200;
/** The relation toast's description scrolls inside this height. */
export const TOAST_DESCRIPTION_SCROLL_HEIGHT_PX = 300;
export const PROGRESS_BAR_HEIGHT_PX = 2;
/** On wide screens the phone layout is centred in a column this wide … */
export const DESKTOP_CONTAINER_WIDTH_PX = 750;
/** … from this viewport width up. */
export const DESKTOP_MIN_VIEWPORT_PX = 980;
/** Two gallery items per row with a gap; spec gives 48 to 49 percent. */
export const GALLERY_ITEM_MIN_WIDTH_PERCENT = 48;
export const GALLERY_ITEM_MAX_WIDTH_PERCENT = 49;

export function isDesktopViewport(viewportWidthPx: number): boolean {
  return viewportWidthPx >= DESKTOP_MIN_VIEWPORT_PX;
}
