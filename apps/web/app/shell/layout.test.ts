import { describe, expect, it } from "vitest";
import {
  COLLAPSED_ARTICLE_HEIGHT_PX,
  DESKTOP_CONTAINER_WIDTH_PX,
  isDesktopViewport,
  PROGRESS_BAR_HEIGHT_PX,
  TOAST_DESCRIPTION_SCROLL_HEIGHT_PX,
} from "./layout.ts";

describe("layout", () => {
  it("holds the spec's sizes", () => {
    expect(COLLAPSED_ARTICLE_HEIGHT_PX).toBe(200);
    expect(TOAST_DESCRIPTION_SCROLL_HEIGHT_PX).toBe(300);
    expect(PROGRESS_BAR_HEIGHT_PX).toBe(2);
    expect(DESKTOP_CONTAINER_WIDTH_PX).toBe(750);
  });

  it("switches to the desktop column at 980 px", () => {
    expect(isDesktopViewport(979)).toBe(false);
    expect(isDesktopViewport(980)).toBe(true);
    expect(isDesktopViewport(375)).toBe(false);
  });
});
