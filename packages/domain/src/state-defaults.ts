/**
 * Initial values of shared client state (spec §3, §9 "Defaults"). The font option default
 * lives in font-option.ts with the rule that resolves it.
 */

/** The time map opens on the founding year of the People's Republic. */
export const MAP_YEAR_DEFAULT = 1949;
/** -1: nothing selected in the player's playlist yet. */
export const PLAYER_CURRENT_INDEX_DEFAULT = -1;
export const ARTICLE_TYPE_DEFAULT = "ARTICLE";
