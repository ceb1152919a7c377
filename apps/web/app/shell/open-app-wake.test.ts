import { describe, expect, it } from "vitest";
import { downloadPageUrl, shouldFallBackToDownload } from "./open-app-wake.ts";
import { WAKE_APP_CHECK_DELAY_MS, WAKE_APP_MAX_ELAPSED_MS } from "./timing.ts";

describe("shouldFallBackToDownload", () => {
  it("falls back when the page is still visible on time", () => {
    expect(WAKE_APP_CHECK_DELAY_MS).toBe(1000);
    expect(WAKE_APP_MAX_ELAPSED_MS).toBe(1200);
    expect(shouldFallBackToDownload(true, 1000)).toBe(true);
    expect(shouldFallBackToDownload(true, 1199)).toBe(true);
  });

  it("stays when the page was hidden or the timer fired late", () => {
    expect(shouldFallBackToDownload(false, 1000)).toBe(false);
    expect(shouldFallBackToDownload(true, 1200)).toBe(false);
    expect(shouldFallBackToDownload(true, 5000)).toBe(false);
    expect(shouldFallBackToDownload(true, Number.NaN)).toBe(false);
  });
});

describe("downloadPageUrl", () => {
  it("adds the wake link as the return target", () => {
    expect(downloadPageUrl("/download", "tongjian://article?id=1")).toBe(
      "/download?redirect=tongjian%3A%2F%2Farticle%3Fid%3D1",
    );
    expect(downloadPageUrl("/download?from=h5", "x")).toBe("/download?from=h5&redirect=x");
  });
});
