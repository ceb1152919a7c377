import { describe, expect, it } from "vitest";
import {
  DOUBLE_CLICK_GUARD_MS,
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
  LOADING_BAR_TICK_MS,
  MIN_FETCH_DELAY_MS,
  WAKE_APP_CHECK_DELAY_MS,
  WAKE_APP_MAX_ELAPSED_MS,
} from "./timing.ts";

describe("timing", () => {
  it("matches spec §9", () => {
    expect(DOUBLE_CLICK_GUARD_MS).toBe(500);
    expect(WAKE_APP_CHECK_DELAY_MS).toBe(1000);
    expect(WAKE_APP_MAX_ELAPSED_MS).toBe(1200);
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(LOADING_BAR_DURATION_MS).toBe(5000);
    expect(LOADING_BAR_TICK_MS).toBe(100);
    expect(LOADING_BAR_HIDE_DELAY_MS).toBe(500);
    expect(MIN_FETCH_DELAY_MS).toBe(200);
  });

  it("leaves the wake check room to tell a late timer from an on-time one", () => {
    expect(WAKE_APP_MAX_ELAPSED_MS).toBeGreaterThan(WAKE_APP_CHECK_DELAY_MS);
  });
});
