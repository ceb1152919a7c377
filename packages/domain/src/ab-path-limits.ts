/** The A-to-B path's limits (issue 17, decision 20): steps 1 … 8 (6 by default), paths 1 … 20. */
export const AB_PATH_DEPTH_MIN = 1;
export const AB_PATH_DEPTH_MAX = 8;
export const AB_PATH_DEPTH_DEFAULT = 6;
export const AB_PATH_TOP_K_MAX = 20;
export const AB_PATH_TOP_K_DEFAULT = 10;
