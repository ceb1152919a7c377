/**
 * Progress of the top loading bar (spec §4 "Loading bar": starts after a 200 ms throttle,
 * advances every 100 ms over 5 s, finishes at 100, hides 500 ms later).
 *
 * The bar is a guess, not a measure, so it never reaches 100 on its own: it stops at
 * {@link LOADING_BAR_MAX_UNFINISHED_PERCENT} until the navigation finishes and the caller sets it
 * to 100. Elapsed time counts from when loading started, throttle included.
 */
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS, LOADING_BAR_TICK_MS } from "./timing.ts";

/** 2 % per tick: 50 ticks of 100 ms make up the 5 s duration. */
export const LOADING_BAR_STEP_PERCENT = (100 * LOADING_BAR_TICK_MS) / LOADING_BAR_DURATION_MS;
export const LOADING_BAR_MAX_UNFINISHED_PERCENT = 99;
export const LOADING_BAR_FINISHED_PERCENT = 100;

/** Whether the bar is on screen yet; fast navigations never show it. */
export function isLoadingBarVisible(elapsedMs: number): boolean {
  return Number.isFinite(elapsedMs) && elapsedMs >= LOADING_BAR_THROTTLE_MS;
}

/** Width in percent, moving in whole ticks; 0 while hidden. */
export function loadingBarProgress(elapsedMs: number): number {
  if (!isLoadingBarVisible(elapsedMs)) return 0;
  const ticks = Math.floor((elapsedMs - LOADING_BAR_THROTTLE_MS) / LOADING_BAR_TICK_MS);
  return Math.min(LOADING_BAR_MAX_UNFINISHED_PERCENT, ticks * LOADING_BAR_STEP_PERCENT);
}
