/**
 * The relation map's drawing: ECharts' force-directed graph on a canvas. Only the graph series
 * and the canvas renderer are taken from ECharts, and this module is loaded by `import()` from
 * the relation pages alone, so no other page carries it.
 */
import { GraphChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { createForceLayout, runInSlices } from "./force-layout.ts";
import { initialsOf, type MapModel } from "./graph-model.ts";
import {
  applyMove,
  isStill,
  type Move,
  moveToCss,
  moveToRoam,
  type Point,
  panBy,
  pinch,
  rangeFrom,
  STILL,
  TAP_SLOP_PX,
  wheelFactor,
  zoomAt,
} from "./map-gesture.ts";

echarts.use([GraphChart, CanvasRenderer]);

/** Above this many relations the edge labels show only on the centre's own edges… */
const ALL_EDGE_LABELS_MAX = 20;
/** Above this many the labels would only cover each other: the list and the sheet tell them. */
const CENTER_EDGE_LABELS_MAX = 40;
const NODE_SIZE = 40;
/** From this many nodes on, a map is drawn plainer: no moves, arrows, curves or minor labels. */
const BIG_GRAPH = 120;
/** Work per slice of the large layout: well under the 50 ms of a long task on a slow phone. */
const LAYOUT_SLICE_MS = 8;
const CENTER_SIZE = 60;
const SERIES_ID = "relation-map";
/** How far the reader may zoom the map out and in. */
const ZOOM_LIMITS = { min: 0.3, max: 4 };
/** The wheel's zoom is drawn once the wheel has rested this long. */
const WHEEL_REST_MS = 160;

interface ChartModel {
  getSeriesByIndex(i: number):
    | {
        getData(): {
          count(): number;
          getId(i: number): string;
          getItemLayout(i: number): number[] | null;
        };
      }
    | undefined;
}

export interface RelationChartHandlers {
  onNode: (id: string) => void;
  onEdge: (id: string) => void;
}

export interface RelationChart {
  /** Draws a map; resolves once it is on the canvas (a large one after its layout). */
  update(model: MapModel, options?: { recenter?: boolean }): Promise<void>;
  resize(): void;
  dispose(): void;
  /** Where a node is drawn, in CSS pixels of the chart's box (tests and the benchmark use it). */
  nodePosition(id: string): [number, number] | null;
}

interface Palette {
  ink: string;
  muted: string;
  line: string;
  paper: string;
  onKind: string;
  center: string;
  kinds: Record<string, string>;
}

function paletteOf(el: HTMLElement): Palette {
  const style = getComputedStyle(el);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const other = v("--tj-relmap-other", "#5b524c");
  return {
    ink: v("--tj-ink", "#ede6dc"),
    muted: v("--tj-ink-3", "#b8aea3"),
    line: v("--tj-relmap-edge", "rgba(237,230,220,0.35)"),
    paper: v("--tj-paper", "#15120f"),
    onKind: v("--tj-relmap-on-kind", "#fff"),
    center: v("--tj-red", "#c2553f"),
    kinds: {
      person: v("--tj-relmap-person", other),
      regime: v("--tj-relmap-regime", other),
      event: v("--tj-relmap-event", other),
      place: v("--tj-relmap-place", other),
      work: v("--tj-relmap-work", other),
      poem: v("--tj-relmap-work", other),
      classic: v("--tj-relmap-work", other),
      other,
    },
  };
}

/**
 * Each node's picture, drawn once on a small canvas: the portrait cut to a circle, or the
 * name's first character on the colour of the entry's kind.
 */
function createFaces(palette: Palette, fontFamily: string) {
  const cache = new Map<string, string>();
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  function circle(size: number, fill: string, ring: string | null) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = Math.round(size * ratio);
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    ctx.scale(ratio, ratio);
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2 - 1.5, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    if (ring) {
      ctx.lineWidth = 3;
      ctx.strokeStyle = ring;
      ctx.stroke();
    }
    return { canvas, ctx };
  }
  return {
    initials(name: string, kind: string, size: number, center: boolean): string {
      const key = `${name}|${kind}|${size}|${center}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const fill = palette.kinds[kind] ?? palette.kinds.other ?? "#5b524c";
      const { canvas, ctx } = circle(size, fill, center ? palette.center : null);
      ctx.fillStyle = palette.onKind;
      ctx.font = `600 ${Math.round(size * 0.46)}px ${fontFamily}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(initialsOf(name), size / 2, size / 2 + 1);
      const url = canvas.toDataURL();
      cache.set(key, url);
      return url;
    },
    /** The portrait in a circle, or null until (and unless) it loads. */
    portrait(url: string, size: number, center: boolean, done: () => void): string | null {
      const key = `img|${url}|${size}|${center}`;
      const hit = cache.get(key);
      if (hit) return hit === "pending" || hit === "failed" ? null : hit;
      cache.set(key, "pending");
      const img = new Image();
      img.onload = () => {
        try {
          const { canvas, ctx } = circle(size, palette.paper, null);
          ctx.save();
          ctx.beginPath();
          ctx.arc(size / 2, size / 2, size / 2 - 1.5, 0, Math.PI * 2);
          ctx.clip();
          ctx.drawImage(img, 0, 0, size, size);
          ctx.restore();
          if (center) {
            ctx.lineWidth = 3;
            ctx.strokeStyle = palette.center;
            ctx.stroke();
          }
          cache.set(key, canvas.toDataURL());
          done();
        } catch {
          cache.set(key, "failed");
        }
      };
      img.onerror = () => cache.set(key, "failed");
      img.src = url;
      return null;
    },
  };
}

export function createRelationChart(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: { reducedMotion: boolean },
): RelationChart {
  const chart = echarts.init(el, null, { renderer: "canvas" });
  const palette = paletteOf(el);
  const fontFamily = getComputedStyle(el).fontFamily || "sans-serif";
  const faces = createFaces(palette, fontFamily);
  let current: MapModel | null = null;
  let redrawQueued = false;
  /** The chart's own zoom (1 when a map is first drawn); a gesture's scale is relative to it. */
  let zoom = 1;
  const gestures = attachGestures(el, {
    range: () => rangeFrom(zoom, ZOOM_LIMITS),
    commit(move) {
      chart.dispatchAction({
        type: "graphRoam",
        seriesId: SERIES_ID,
        ...moveToRoam(move),
        originX: 0,
        originY: 0,
      });
      zoom *= move.k;
      // Paint now, in the same task that takes the CSS transform off, so the picture never jumps.
      chart.getZr().refreshImmediately();
    },
  });

  chart.on("click", (params) => {
    // A drag that ends on a node is not a tap on it.
    if (gestures.justMoved()) return;
    const data = params.data as { id?: string; edgeId?: string } | undefined;
    if (params.dataType === "node" && data?.id) handlers.onNode(data.id);
    else if (params.dataType === "edge" && data?.edgeId) handlers.onEdge(data.edgeId);
  });

  /** Where the nodes stand now, so a new map keeps the ones it shares with the old. */
  function layoutNow(): Map<string, [number, number]> {
    const out = new Map<string, [number, number]>();
    // Before the first setOption the chart has no model yet.
    const model = (chart as unknown as { getModel(): ChartModel | undefined }).getModel();
    const series = model?.getSeriesByIndex(0);
    const data = series?.getData();
    if (!data) return out;
    for (let i = 0; i < data.count(); i++) {
      const at = data.getItemLayout(i);
      if (at && Number.isFinite(at[0]) && Number.isFinite(at[1]))
        out.set(data.getId(i), [at[0] as number, at[1] as number]);
    }
    return out;
  }

  let layoutRun = { cancelled: false };
  /** The map on the canvas now (a large one is not drawn until its layout is done). */
  let drawn: MapModel | null = null;

  function draw(model: MapModel, recenter: boolean, fixed?: Map<string, [number, number]>) {
    const big = model.nodes.length >= BIG_GRAPH;
    const previous = fixed ?? layoutNow();
    drawn = model;
    // A gesture still in hand is drawn first, so the new map starts from what the reader sees.
    gestures.settle();
    if (recenter) zoom = 1;
    const showAllLabels = model.edges.length <= ALL_EDGE_LABELS_MAX;
    const nodes = model.nodes.map((n) => {
      const size = n.center ? CENTER_SIZE : big ? NODE_SIZE - 10 : NODE_SIZE;
      const picture =
        (n.imageUrl &&
          faces.portrait(n.imageUrl, size, n.center, () => {
            if (redrawQueued) return;
            redrawQueued = true;
            requestAnimationFrame(() => {
              redrawQueued = false;
              if (current && drawn === current) draw(current, false);
            });
          })) ||
        faces.initials(n.name, n.kind, size, n.center);
      const at = previous.get(n.id);
      return {
        // A large map is drawn where its own layout put it; a small one moves by ECharts' force.
        id: n.id,
        name: n.name,
        symbol: `image://${picture}`,
        symbolSize: size,
        ...(at ? { x: at[0], y: at[1] } : {}),
        label: {
          // Text is the dearest thing to paint: a large map names its hubs only (the list and
          // a tap name the rest).
          show: !big || n.center || n.degree >= 8,
          position: "bottom" as const,
          distance: 4,
          color: palette.ink,
          fontSize: n.center ? 14 : 12,
          fontWeight: n.center ? ("bold" as const) : ("normal" as const),
        },
      };
    });
    const links = model.edges.map((e) => ({
      edgeId: e.id,
      source: e.from,
      target: e.to,
      symbol: e.direction === "twoway" || big ? ["none", "none"] : ["none", "arrow"],
      symbolSize: 7,
      label: {
        show:
          showAllLabels ||
          (model.edges.length <= CENTER_EDGE_LABELS_MAX &&
            (e.from === model.centerId || e.to === model.centerId)),
        formatter: e.label,
      },
    }));
    chart.setOption(
      {
        // A new centre's map grows out of the old one: nodes both share glide to their new
        // places, the others fade in (none of it when the reader asks for less motion).
        animation: !options.reducedMotion && !big,
        // The first map appears at once (a second of fading in redraws the canvas every frame
        // while the page is still starting); later ones move.
        animationDuration: 0,
        animationDurationUpdate: options.reducedMotion ? 0 : 600,
        animationEasingUpdate: "cubicInOut",
        series: [
          {
            id: SERIES_ID,
            type: "graph",
            layout: "none",
            // Pan and zoom are the page's own (attachGestures): ECharts' roam redraws every node
            // and edge at each step of a finger, which on a slow phone is a long task a frame.
            roam: false,
            scaleLimit: ZOOM_LIMITS,
            ...(recenter ? { center: null, zoom: 1 } : {}),
            draggable: false,
            data: nodes,
            links,
            // Straight lines draw cheaper than curves: a large map pans with less work a frame.
            lineStyle: { color: palette.line, width: big ? 1 : 1.5, curveness: big ? 0 : 0.08 },
            edgeLabel: { fontSize: 11, color: palette.muted },
            emphasis: { disabled: true },
            cursor: "pointer",
          },
        ],
      },
      // Data items are matched by id, so shared nodes move rather than being drawn anew.
      { replaceMerge: [] },
    );
  }

  return {
    async update(model, { recenter = true } = {}) {
      current = model;
      layoutRun.cancelled = true;
      const big = model.nodes.length >= BIG_GRAPH;
      const signal = { cancelled: false };
      layoutRun = signal;
      const positions = await runInSlices(
        createForceLayout(
          { ids: model.nodes.map((n) => n.id), edges: model.edges, start: layoutNow() },
          big ? {} : { iterations: 300, spacing: 95 },
        ),
        // A small map settles in a few milliseconds; a large one over several slices.
        big ? LAYOUT_SLICE_MS : LAYOUT_SLICE_MS * 2,
        signal,
      );
      if (positions && current === model) draw(model, recenter, positions);
    },
    resize: () => chart.resize(),
    dispose: () => {
      layoutRun.cancelled = true;
      gestures.detach();
      chart.dispose();
    },
    nodePosition(id) {
      const at = layoutNow().get(id);
      if (!at) return null;
      const pixel = chart.convertToPixel({ seriesIndex: 0 }, at) as number[] | undefined;
      if (!pixel || !Number.isFinite(pixel[0])) return null;
      const shown = gestures.show({ x: pixel[0] as number, y: pixel[1] as number });
      return [shown.x, shown.y];
    },
  };
}

interface GestureHost {
  /** The scale range a gesture may reach from the chart's zoom now. */
  range(): { min: number; max: number };
  /** Draws the map as the gesture left it (called once, when it ends). */
  commit(move: Move): void;
}

/**
 * One finger pans, two pinch, the wheel zooms about the pointer. While the map moves only the
 * canvas already drawn is moved, by a CSS transform of ECharts' layer; when the gesture ends the
 * chart draws once. ECharts' own listeners (which look for the node under the pointer at every
 * move) are kept out of a gesture's moves; a tap still reaches them.
 */
function attachGestures(el: HTMLElement, host: GestureHost) {
  const layer = el.firstElementChild as HTMLElement;
  layer.style.transformOrigin = "0 0";
  const pointers = new Map<number, Point>();
  let move: Move = STILL;
  /** The move and the pointers when the current set of fingers went down. */
  let start: { move: Move; points: Point[] } = { move: STILL, points: [] };
  let moving = false;
  let movedAt = 0;
  let wheelTimer: ReturnType<typeof setTimeout> | undefined;

  const local = (e: { clientX: number; clientY: number }): Point => {
    const box = el.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const show = (next: Move) => {
    move = next;
    layer.style.transform = moveToCss(move);
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
    host.commit(done);
    layer.style.transform = "";
    rebase();
  }

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (pointers.size === 0) {
      moving = false;
      movedAt = 0;
    }
    pointers.set(e.pointerId, local(e));
    rebase();
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
      // Only now, so that a tap's events still reach ECharts' layer.
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
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    e.stopPropagation();
    show(zoomAt(move, wheelFactor(e.deltaY, e.deltaMode), local(e), host.range()));
    rebase();
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => {
      if (pointers.size === 0) settle();
    }, WHEEL_REST_MS);
  };
  /** Keeps ECharts' hover search out of a drag's moves (it is a long task on a large map). */
  const holdBack = (e: Event) => {
    if (moving) e.stopPropagation();
  };

  const listeners: [string, EventListener, AddEventListenerOptions][] = [
    ["pointerdown", onDown as EventListener, {}],
    ["pointermove", onMove as EventListener, {}],
    ["pointerup", onUp as EventListener, {}],
    ["pointercancel", onUp as EventListener, {}],
    ["wheel", onWheel as EventListener, { passive: false, capture: true }],
    ["touchmove", holdBack, { capture: true }],
    ["mousemove", holdBack, { capture: true }],
  ];
  for (const [type, fn, opts] of listeners) el.addEventListener(type, fn, opts);

  return {
    settle,
    /** True just after a gesture that moved the map (its last touch is no tap). */
    justMoved: () => moving || (movedAt > 0 && performance.now() - movedAt < 350),
    /** Where a point of the drawn picture is seen now. */
    show: (p: Point) => applyMove(move, p),
    detach() {
      clearTimeout(wheelTimer);
      for (const [type, fn, opts] of listeners) el.removeEventListener(type, fn, opts);
    },
  };
}
