import { swipeTurn } from "./reader-pages.ts";

/**
 * How the paged reader reads a finger (or a mouse) on the page, as pure arithmetic: a tap turns
 * or shows the tools, a horizontal drag moves the page with the finger and then turns it or lets
 * it spring back, and a long press is left to the browser, which selects text with it.
 */

/** A finger never lands quite still: a press that moves less than this is still a tap. */
export const TAP_SLOP_PX = 10;
/**
 * A press held this long without moving is a long press: the browser selects the word under it
 * (Android and iOS start selecting at about half a second), so it neither taps nor drags.
 */
export const LONG_PRESS_MS = 450;
/**
 * A mouse's click on the page waits this long before it acts: a second press within it makes a
 * double-click, with which a desktop browser selects the word under the pointer, and the first
 * click must not have turned the page away from it. A finger's tap acts at once (phones select
 * with a long press). GNOME's default double-click interval; Windows' is longer, macOS's shorter.
 */
export const DOUBLE_CLICK_MS = 400;
/** Where there is nothing to turn to, the page follows a third of the finger's way … */
const EDGE_RESISTANCE = 3;
/** … and never more than this share of a page. */
const EDGE_MAX_SHARE = 0.2;

/** What a press on the page is so far. */
export type PressKind = "pending" | "drag" | "none";

/**
 * A press that has moved (dx, dy) and been held `held` ms: still undecided (it may be a tap), a
 * horizontal drag of the page, or neither (a vertical move, or a long press, after which a move
 * extends the selection the browser made).
 */
export function readPress(dx: number, dy: number, held: number): PressKind {
  if (held >= LONG_PRESS_MS) return "none";
  if (Math.hypot(dx, dy) < TAP_SLOP_PX) return "pending";
  return Math.abs(dx) > Math.abs(dy) ? "drag" : "none";
}

/** A press let go after moving (dx, dy) in `held` ms is a tap: short and nearly still. */
export function isTap(dx: number, dy: number, held: number): boolean {
  return held < LONG_PRESS_MS && Math.hypot(dx, dy) < TAP_SLOP_PX;
}

/** How long a tap by this kind of pointer waits before it acts (DOUBLE_CLICK_MS for a mouse). */
export function tapDelay(pointerType: string): number {
  return pointerType === "mouse" ? DOUBLE_CLICK_MS : 0;
}

/**
 * A mouse press `since` ms after the last click ended is the second (or third) of a multiple
 * click: the browser selects a word (or a paragraph) with it, so it neither taps nor drags.
 */
export function isMultiClick(pointerType: string, since: number): boolean {
  return pointerType === "mouse" && since >= 0 && since < DOUBLE_CLICK_MS;
}

/** The third of the page a tap at `x` falls in: -1 the left (back), 1 the right, 0 the middle. */
export function tapZone(x: number, left: number, width: number): -1 | 0 | 1 {
  if (width <= 0) return 0;
  const share = (x - left) / width;
  if (share < 1 / 3) return -1;
  if (share >= 2 / 3) return 1;
  return 0;
}

/** Whether there is a page or a chapter to turn to on either side. */
export interface TurnRoom {
  back: boolean;
  forward: boolean;
}

/** The room there is from `page` of `pages`, with or without the neighbouring chapters. */
export function turnRoom(
  page: number,
  pages: number,
  chapters: { prev: boolean; next: boolean },
): TurnRoom {
  return { back: page > 0 || chapters.prev, forward: page < pages - 1 || chapters.next };
}

/**
 * How far the page strip follows a finger that has moved `dx` (left is forward): at most one
 * page either way, and where there is nothing to turn to (the book's first or last page) a third
 * as far, up to a fifth of a page, so the page gives a little and the reader sees it is the end.
 */
export function dragOffset(dx: number, pitch: number, room: TurnRoom): number {
  if (!(pitch > 0) || !Number.isFinite(dx) || dx === 0) return 0;
  const open = dx < 0 ? room.forward : room.back;
  const reach = open
    ? Math.abs(dx)
    : Math.min(Math.abs(dx) / EDGE_RESISTANCE, pitch * EDGE_MAX_SHARE);
  return Math.sign(dx) * Math.min(pitch, reach);
}

/** How a drag ends: a turn, the page springing back, or the end of the book (it springs back). */
export type DragEnd =
  | { kind: "turn"; direction: 1 | -1 }
  | { kind: "spring-back" }
  | { kind: "end"; direction: 1 | -1 };

/**
 * Where a drag let go after (dx, dy) leads: past the swipe threshold (swipeTurn) it turns toward
 * a page or chapter there is; short or mostly vertical, or toward nothing, the page springs back.
 */
export function dragEnd(dx: number, dy: number, room: TurnRoom): DragEnd {
  const direction = swipeTurn(dx, dy);
  if (direction === null) return { kind: "spring-back" };
  const open = direction > 0 ? room.forward : room.back;
  return open ? { kind: "turn", direction } : { kind: "end", direction };
}
