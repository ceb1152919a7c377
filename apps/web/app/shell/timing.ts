/** Timing constants from spec §9 (behaviour in §4 and §7). */

/** A second tap within this window is ignored (double-submit guard). */
export const DOUBLE_CLICK_GUARD_MS = 500;
/** Spec §4 "Open-app wake": check whether the app took over after this long. */
export const WAKE_APP_CHECK_DELAY_MS = 1000;
/**
 * Spec §4: the fallback to the download page applies only while less than this has elapsed.
 * Timers are paused while the app is in front, so a longer gap means the app did open.
 */
export const WAKE_APP_MAX_ELAPSED_MS = 1200;
/** Spec §4: the loading bar appears only for navigations slower than this. */
export const LOADING_BAR_THROTTLE_MS = 200;
/** Spec §4: time the loading bar takes to cross the screen. */
export const LOADING_BAR_DURATION_MS = 5000;
/** Spec §4: the loading bar advances once per tick. */
export const LOADING_BAR_TICK_MS = 100;
/** Spec §4: the finished (100 %) bar stays this long before hiding. */
export const LOADING_BAR_HIDE_DELAY_MS = 500;
/** Spec §7: a request resolves no sooner than this, so loading states do not flash. */
export const MIN_FETCH_DELAY_MS = 200;
