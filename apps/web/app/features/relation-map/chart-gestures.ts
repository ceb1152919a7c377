/**
 * The relation map under a finger, on the page's thread whichever thread draws the chart. One
 * finger pans, two pinch, the wheel zooms about the pointer. While the map moves only the canvas
 * already drawn is moved, by a CSS transform of `layer`; when the gesture ends the chart draws
 * once. ECharts' own listeners (where it draws on the page's thread, they look for the node under
 * the pointer at every move) are kept out of a gesture's moves; a tap still reaches them.
 */
import {
  applyMove,
  compose,
  isStill,
  type Move,
  moveToCss,
  type Point,
  panBy,
  pinch,
  STILL,
  TAP_SLOP_PX,
  wheelFactor,
  zoomAt,
} from "./map-gesture.ts";

/** The wheel's zoom is drawn once the wheel has rested this long. */
const WHEEL_REST_MS = 160;

export interface GestureHost {
  /** The scale range a gesture may reach from the chart's zoom now. */
  range(): { min: number; max: number };
  /** Draws the map as the gesture left it (once, when it ends); `painted` once it is painted. */
  commit(move: Move, painted: () => void): void;
  /** A finger went down or the wheel turned (true), or all is at rest again (false). */
  busyChanged?(busy: boolean): void;
}

export type Gestures = ReturnType<typeof attachGestures>;

export function attachGestures(el: HTMLElement, layer: HTMLElement, host: GestureHost) {
  layer.style.transformOrigin = "0 0";
  const pointers = new Map<number, Point>();
  let move: Move = STILL;
  /** The move and the pointers when the current set of fingers went down. */
  let start: { move: Move; points: Point[] } = { move: STILL, points: [] };
  let moving = false;
  let movedAt = 0;
  let wheelTimer: ReturnType<typeof setTimeout> | undefined;
  let wasBusy = false;

  const busy = () => pointers.size > 0 || wheelTimer !== undefined;
  const tellBusy = () => {
    const now = busy();
    if (now === wasBusy) return;
    wasBusy = now;
    host.busyChanged?.(now);
  };
  const local = (e: { clientX: number; clientY: number }): Point => {
    const box = el.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  /** A move handed to the chart whose picture is not yet painted (the canvas shows the old). */
  let unpainted: Move = STILL;
  const paint = () => {
    layer.style.transform = moveToCss(compose(unpainted, move));
  };
  const show = (next: Move) => {
    move = next;
    paint();
  };
  const rebase = () => {
    start = { move, points: [...pointers.values()] };
  };
  function settle() {
    clearTimeout(wheelTimer);
    wheelTimer = undefined;
    if (isStill(move)) return;
    const done = move;
    move = STILL;
    const shown = compose(unpainted, done);
    unpainted = shown;
    rebase();
    host.commit(done, () => {
      // A later gesture's commit may have come before this paint: it is painted too.
      if (unpainted === shown) unpainted = STILL;
      paint();
    });
  }

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (pointers.size === 0) {
      moving = false;
      movedAt = 0;
    }
    pointers.set(e.pointerId, local(e));
    rebase();
    tellBusy();
  };
  const onMove = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId)) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    const [a, b] = [...pointers.values()];
    const [a0, b0] = start.points;
    if (!a || !a0) return;
    if (b && b0) {
      moving = true;
      show(pinch(start.move, [a0, b0], [a, b], host.range()));
      return;
    }
    const dx = a.x - a0.x;
    const dy = a.y - a0.y;
    if (!moving && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    if (!moving) {
      moving = true;
      // Only now, so that a tap's events still reach the chart's layer.
      el.setPointerCapture?.(e.pointerId);
    }
    show(panBy(start.move, dx, dy));
  };
  const onUp = (e: PointerEvent) => {
    if (!pointers.delete(e.pointerId)) return;
    rebase();
    if (pointers.size > 0) return;
    if (moving) movedAt = performance.now();
    moving = false;
    settle();
    tellBusy();
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    e.stopPropagation();
    show(zoomAt(move, wheelFactor(e.deltaY, e.deltaMode), local(e), host.range()));
    rebase();
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => {
      wheelTimer = undefined;
      if (pointers.size === 0) settle();
      tellBusy();
    }, WHEEL_REST_MS);
    tellBusy();
  };
  const justMoved = () => moving || (movedAt > 0 && performance.now() - movedAt < 350);
  /**
   * Keeps ECharts' listeners out of a drag's moves and its end: each of them searches all the
   * nodes and edges for the one under the pointer, a long task on a large map, for nothing (a
   * drag is no tap and nothing reacts to hovering).
   */
  const holdBack = (e: Event) => {
    if (justMoved()) e.stopPropagation();
  };

  const listeners: [string, EventListener, AddEventListenerOptions][] = [
    ["pointerdown", onDown as EventListener, {}],
    ["pointermove", onMove as EventListener, {}],
    ["pointerup", onUp as EventListener, {}],
    ["pointercancel", onUp as EventListener, {}],
    ["wheel", onWheel as EventListener, { passive: false, capture: true }],
    ...(["touchmove", "touchend", "mousemove", "mouseup", "click"] as const).map(
      (type): [string, EventListener, AddEventListenerOptions] => [
        type,
        holdBack,
        { capture: true },
      ],
    ),
  ];
  for (const [type, fn, opts] of listeners) el.addEventListener(type, fn, opts);

  return {
    settle,
    /** True just after a gesture that moved the map (its last touch is no tap). */
    justMoved,
    /** A finger is down or the wheel has not rested. */
    busy,
    /** The move in hand (shown by the CSS transform, not yet handed to the chart). */
    inHand: () => move,
    /** Where a point where the chart now puts it is seen (a gesture in hand moves it still). */
    show: (p: Point) => applyMove(move, p),
    detach() {
      clearTimeout(wheelTimer);
      for (const [type, fn, opts] of listeners) el.removeEventListener(type, fn, opts);
    },
  };
}
