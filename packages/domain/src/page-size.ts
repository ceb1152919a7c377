/** Page sizes and first pages of list calls (spec §7 calls table, §9 "Page sizes"). */

/** GET /api/m/homepage/v2/n/getFeed/{lang}/{page}/{size}: page defaults to 1. */
export const FEED_PAGE_DEFAULT = 1;
/** …and size to 50. */
export const FEED_PAGE_SIZE_DEFAULT = 50;
export const HOT_BOARD_PAGE_SIZE = 10;
/** GET /api/recommend/get/relation/{lang}/{id}/{n}: n defaults to 10. */
export const RECOMMEND_COUNT_DEFAULT = 10;
/** GET /api/m/homeservice/top/n/list: page=1, size=10. */
export const TOP_LIST_PAGE_SIZE = 10;
