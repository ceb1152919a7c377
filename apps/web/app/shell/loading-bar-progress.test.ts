import { describe, expect, it } from "vitest";
import {
  isLoadingBarVisible,
  LOADING_BAR_STEP_PERCENT,
  loadingBarProgress,
} from "./loading-bar-progress.ts";
import { LOADING_BAR_DURATION_MS, LOADING_BAR_TICK_MS } from "./timing.ts";

describe("LOADING_BAR_STEP_PERCENT", () => {
  it("crosses 100 % in the 5 s duration", () => {
    expect(LOADING_BAR_STEP_PERCENT).toBe(2);
    expect((LOADING_BAR_DURATION_MS / LOADING_BAR_TICK_MS) * LOADING_BAR_STEP_PERCENT).toBe(100);
  });
});

describe("isLoadingBarVisible", () => {
  it("stays hidden during the throttle", () => {
    expect(isLoadingBarVisible(0)).toBe(false);
    expect(isLoadingBarVisible(199)).toBe(false);
    expect(isLoadingBarVisible(200)).toBe(true);
    expect(isLoadingBarVisible(Number.NaN)).toBe(false);
  });
});

describe("loadingBarProgress", () => {
  it("is 0 before and at the start of the bar", () => {
    expect(loadingBarProgress(-10)).toBe(0);
    expect(loadingBarProgress(0)).toBe(0);
    expect(loadingBarProgress(200)).toBe(0);
    expect(loadingBarProgress(299)).toBe(0);
  });

  it("advances 2 % per 100 ms tick", () => {
    expect(loadingBarProgress(300)).toBe(2);
    expect(loadingBarProgress(399)).toBe(2);
    expect(loadingBarProgress(1200)).toBe(20);
    expect(loadingBarProgress(2700)).toBe(50);
  });

  it("stops below 100 until the caller finishes it", () => {
    expect(loadingBarProgress(200 + 4900)).toBe(98);
    expect(loadingBarProgress(200 + 5000)).toBe(99);
    expect(loadingBarProgress(60_000)).toBe(99);
    expect(loadingBarProgress(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
