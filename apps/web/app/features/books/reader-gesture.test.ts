import { describe, expect, it } from "vitest";
import {
  DOUBLE_CLICK_MS,
  dragEnd,
  dragOffset,
  isMultiClick,
  isTap,
  LONG_PRESS_MS,
  readPress,
  TAP_SLOP_PX,
  tapDelay,
  tapZone,
  turnRoom,
} from "./reader-gesture.ts";

const open = { back: true, forward: true };

describe("reading a press on the page", () => {
  it("waits while the finger is nearly still, then sees a drag sideways and nothing else", () => {
    expect(readPress(0, 0, 0)).toBe("pending");
    expect(readPress(TAP_SLOP_PX - 1, 0, 100)).toBe("pending");
    expect(readPress(-30, 8, 120)).toBe("drag");
    expect(readPress(25, -5, 120)).toBe("drag");
    expect(readPress(5, 30, 120)).toBe("none");
  });

  it("leaves a long press to the browser's selection, moved or not", () => {
    expect(readPress(0, 0, LONG_PRESS_MS)).toBe("none");
    expect(readPress(-60, 0, LONG_PRESS_MS + 200)).toBe("none");
  });

  it("counts a short, nearly still press as a tap, and a long or moved one not", () => {
    expect(isTap(0, 0, 80)).toBe(true);
    expect(isTap(4, -4, 200)).toBe(true);
    expect(isTap(0, 0, LONG_PRESS_MS)).toBe(false);
    expect(isTap(TAP_SLOP_PX, 0, 80)).toBe(false);
  });

  it("reads a tap's third of the page", () => {
    expect(tapZone(10, 0, 375)).toBe(-1);
    expect(tapZone(124, 0, 375)).toBe(-1);
    expect(tapZone(187, 0, 375)).toBe(0);
    expect(tapZone(250, 0, 375)).toBe(1);
    expect(tapZone(370, 0, 375)).toBe(1);
    expect(tapZone(120, 100, 375)).toBe(-1);
    expect(tapZone(50, 0, 0)).toBe(0);
  });
});

describe("the page under a dragging finger", () => {
  it("knows where there is a page or chapter to turn to", () => {
    expect(turnRoom(0, 5, { prev: false, next: false })).toEqual({ back: false, forward: true });
    expect(turnRoom(0, 5, { prev: true, next: false })).toEqual({ back: true, forward: true });
    expect(turnRoom(4, 5, { prev: false, next: false })).toEqual({ back: true, forward: false });
    expect(turnRoom(4, 5, { prev: false, next: true })).toEqual({ back: true, forward: true });
    expect(turnRoom(0, 1, { prev: false, next: false })).toEqual({ back: false, forward: false });
  });

  it("follows the finger, at most a page either way", () => {
    expect(dragOffset(-30, 375, open)).toBe(-30);
    expect(dragOffset(120, 375, open)).toBe(120);
    expect(dragOffset(-500, 375, open)).toBe(-375);
    expect(dragOffset(900, 375, open)).toBe(375);
    expect(dragOffset(0, 375, open)).toBe(0);
  });

  it("gives a little, a third as far and at most a fifth of a page, where the book ends", () => {
    const end = { back: true, forward: false };
    expect(dragOffset(-30, 375, end)).toBe(-10);
    expect(dragOffset(-600, 375, end)).toBe(-75);
    // The other way is still open.
    expect(dragOffset(30, 375, end)).toBe(30);
    const start = { back: false, forward: true };
    expect(dragOffset(90, 375, start)).toBe(30);
  });

  it("stays put without a page width or a finite movement", () => {
    expect(dragOffset(-30, 0, open)).toBe(0);
    expect(dragOffset(Number.NaN, 375, open)).toBe(0);
  });

  it("turns past the swipe threshold and springs back short of it", () => {
    expect(dragEnd(-80, 10, open)).toEqual({ kind: "turn", direction: 1 });
    expect(dragEnd(80, -10, open)).toEqual({ kind: "turn", direction: -1 });
    expect(dragEnd(-30, 0, open)).toEqual({ kind: "spring-back" });
    expect(dragEnd(-39, 0, open)).toEqual({ kind: "spring-back" });
    // Mostly vertical: not a swipe.
    expect(dragEnd(-80, 70, open)).toEqual({ kind: "spring-back" });
  });

  it("springs back at the end of the book and says so", () => {
    expect(dragEnd(-80, 0, { back: true, forward: false })).toEqual({ kind: "end", direction: 1 });
    expect(dragEnd(80, 0, { back: false, forward: true })).toEqual({ kind: "end", direction: -1 });
  });
});

describe("a mouse's clicks on the page", () => {
  it("waits for a possible double-click before a click acts; a finger's tap acts at once", () => {
    expect(tapDelay("mouse")).toBe(DOUBLE_CLICK_MS);
    expect(tapDelay("touch")).toBe(0);
    expect(tapDelay("pen")).toBe(0);
  });

  it("takes a mouse press soon after the last for a double-click's, and only a mouse's", () => {
    expect(isMultiClick("mouse", 120)).toBe(true);
    expect(isMultiClick("mouse", DOUBLE_CLICK_MS - 1)).toBe(true);
    expect(isMultiClick("mouse", DOUBLE_CLICK_MS)).toBe(false);
    expect(isMultiClick("mouse", Number.POSITIVE_INFINITY)).toBe(false);
    expect(isMultiClick("touch", 120)).toBe(false);
  });
});
