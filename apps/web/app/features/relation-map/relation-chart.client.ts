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
  compose,
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
/** Portraits arriving within this of each other are drawn in one redraw. */
const PORTRAIT_BATCH_MS = 200;

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

/** What a node looks like: its picture and, when it is named on the map, its name beneath. */
interface FaceSpec {
  name: string;
  kind: string;
  size: number;
  center: boolean;
  named: boolean;
}

/** A node's picture as an image: the circle's middle is at (width / 2, size / 2). */
interface Face {
  url: string;
  width: number;
  height: number;
}

/** Space between a node's circle and its name. */
const NAME_GAP = 4;

/**
 * Each node's picture, drawn once: the portrait cut to a circle, or the name's first character
 * on the colour of the entry's kind, with the node's name under it. A name drawn into the
 * picture costs nothing more to paint; as a chart label it was laid out and drawn as text at
 * every paint, most of the first paint of a map. The pictures are painted on one scratch
 * canvas and encoded by `toBlob`, which copies the pixels at once and makes the PNG off the
 * main thread (`toDataURL` made it on the main thread, a few milliseconds a node on a slow
 * phone, all in one task).
 */
function createFaces(palette: Palette, fontFamily: string) {
  /** Faces by key; a portrait's key holds "pending" or "failed" while it is not one. */
  const cache = new Map<string, Face | "pending" | "failed">();
  const making = new Map<string, Promise<void>>();
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const scratch = document.createElement("canvas");
  const ctx = scratch.getContext("2d") as CanvasRenderingContext2D;

  const nameFont = (center: boolean) =>
    `${center ? "bold" : "normal"} ${center ? 14 : 12}px ${fontFamily}`;

  /** Sizes the scratch canvas for the face and draws its circle and name; returns its box. */
  function frame(spec: FaceSpec, fill: string): { width: number; height: number } {
    const { size, center } = spec;
    let width = size;
    let height = size;
    let textWidth = 0;
    if (spec.named) {
      ctx.font = nameFont(center);
      textWidth = Math.ceil(ctx.measureText(spec.name).width);
      width = Math.max(size, textWidth + 6);
      height = size + NAME_GAP + Math.ceil((center ? 14 : 12) * 1.35);
    }
    // Setting the size clears the canvas and its state.
    scratch.width = Math.round(width * ratio);
    scratch.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.beginPath();
    ctx.arc(width / 2, size / 2, size / 2 - 1.5, 0, Math.PI * 2);
    ctx.fillStyle = fill;
    ctx.fill();
    if (spec.named) {
      ctx.font = nameFont(center);
      ctx.fillStyle = palette.ink;
      ctx.textAlign = "center";
      ctx.textBaseline = "top";
      ctx.fillText(spec.name, width / 2, size + NAME_GAP);
    }
    return { width, height };
  }
  function ring(spec: FaceSpec, box: { width: number }) {
    if (!spec.center) return;
    ctx.beginPath();
    ctx.arc(box.width / 2, spec.size / 2, spec.size / 2 - 1.5, 0, Math.PI * 2);
    ctx.lineWidth = 3;
    ctx.strokeStyle = palette.center;
    ctx.stroke();
  }
  function paintInitials(spec: FaceSpec) {
    const box = frame(spec, palette.kinds[spec.kind] ?? palette.kinds.other ?? "#5b524c");
    ring(spec, box);
    ctx.fillStyle = palette.onKind;
    ctx.font = `600 ${Math.round(spec.size * 0.46)}px ${fontFamily}`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(initialsOf(spec.name), box.width / 2, spec.size / 2 + 1);
    return box;
  }
  function paintPortrait(spec: FaceSpec, img: HTMLImageElement) {
    const box = frame(spec, palette.paper);
    const left = (box.width - spec.size) / 2;
    ctx.save();
    ctx.beginPath();
    ctx.arc(box.width / 2, spec.size / 2, spec.size / 2 - 1.5, 0, Math.PI * 2);
    ctx.clip();
    ctx.drawImage(img, left, 0, spec.size, spec.size);
    ctx.restore();
    ring(spec, box);
    return box;
  }
  function encode(key: string, box: { width: number; height: number }): Promise<void> {
    return new Promise((resolve) => {
      scratch.toBlob((blob) => {
        const url = blob ? URL.createObjectURL(blob) : scratch.toDataURL();
        cache.set(key, { url, ...box });
        resolve();
      });
    });
  }
  const initialsKey = (s: FaceSpec) => `${s.name}|${s.kind}|${s.size}|${s.center}|${s.named}`;

  return {
    /** Makes the initials of every node not yet made; resolves when all are ready. */
    prepare(specs: readonly FaceSpec[]) {
      const waits: Promise<void>[] = [];
      for (const spec of specs) {
        const key = initialsKey(spec);
        if (cache.has(key)) continue;
        let made = making.get(key);
        if (!made) {
          made = encode(key, paintInitials(spec));
          making.set(key, made);
        }
        waits.push(made);
      }
      return Promise.all(waits).then(() => undefined);
    },
    initials(spec: FaceSpec): Face {
      const key = initialsKey(spec);
      const hit = cache.get(key);
      if (hit && typeof hit !== "string") return hit;
      // Not prepared (a face asked for out of turn): made here and now.
      const face = { url: "", ...paintInitials(spec) };
      face.url = scratch.toDataURL();
      cache.set(key, face);
      return face;
    },
    /** The portrait in a circle, or null until (and unless) it loads. */
    portrait(url: string, spec: FaceSpec, done: () => void): Face | null {
      const key = `img|${url}|${initialsKey(spec)}`;
      const hit = cache.get(key);
      if (hit) return typeof hit === "string" ? null : hit;
      cache.set(key, "pending");
      const img = new Image();
      img.onload = () => {
        try {
          encode(key, paintPortrait(spec, img)).then(done);
        } catch {
          cache.set(key, "failed");
        }
      };
      img.onerror = () => cache.set(key, "failed");
      img.src = url;
      return null;
    },
    dispose() {
      for (const face of cache.values())
        if (typeof face !== "string" && face.url.startsWith("blob:")) URL.revokeObjectURL(face.url);
      cache.clear();
    },
  };
}

function faceSpec(
  n: { name: string; kind: string; center: boolean; degree: number },
  big: boolean,
): FaceSpec {
  return {
    name: n.name,
    kind: n.kind,
    center: n.center,
    size: n.center ? CENTER_SIZE : big ? NODE_SIZE - 10 : NODE_SIZE,
    // Names are the dearest thing to draw: a large map names its hubs only (the list and a tap
    // name the rest).
    named: !big || n.center || n.degree >= 8,
  };
}

export function createRelationChart(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: { reducedMotion: boolean },
): RelationChart {
  // Phones of 3× and more paint more than twice the pixels of 2× for no difference a reader sees.
  const chart = echarts.init(el, null, {
    renderer: "canvas",
    devicePixelRatio: Math.min(2, window.devicePixelRatio || 1),
  });
  const palette = paletteOf(el);
  const fontFamily = getComputedStyle(el).fontFamily || "sans-serif";
  const faces = createFaces(palette, fontFamily);
  let current: MapModel | null = null;
  let portraitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The chart's own zoom (1 when a map is first drawn); a gesture's scale is relative to it. */
  let zoom = 1;
  const gestures = attachGestures(el, {
    range: () => rangeFrom(zoom, ZOOM_LIMITS),
    commit(move, painted) {
      chart.dispatchAction({
        type: "graphRoam",
        seriesId: SERIES_ID,
        ...moveToRoam(move),
        originX: 0,
        originY: 0,
      });
      zoom *= move.k;
      // The canvas is painted at the next frame, a task of its own (on a large map the roam and
      // the paint together, with the touch's own handling, passed 100 ms on a slow phone); the
      // CSS transform comes off in that same task, so the picture never jumps.
      const zr = chart.getZr();
      const done = () => {
        zr.off("rendered", done);
        painted();
      };
      zr.on("rendered", done);
      zr.refresh();
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

  /**
   * Portraits come in one by one and each needs the whole map drawn again: they are drawn
   * together once none has come for a moment, and never while a gesture is in hand (a large
   * map's redraw is a long task).
   */
  function portraitArrived() {
    clearTimeout(portraitTimer);
    portraitTimer = setTimeout(function redraw() {
      if (gestures.busy()) {
        portraitTimer = setTimeout(redraw, PORTRAIT_BATCH_MS);
        return;
      }
      portraitTimer = undefined;
      if (current && drawn === current) draw(current, false);
    }, PORTRAIT_BATCH_MS);
  }

  let layoutRun = { cancelled: false };
  /** The map on the canvas now (a large one is not drawn until its layout is done). */
  let drawn: MapModel | null = null;

  function draw(model: MapModel, recenter: boolean, fixed?: Map<string, [number, number]>) {
    const big = model.nodes.length >= BIG_GRAPH;
    const previous = fixed ?? layoutNow();
    const first = drawn === null;
    drawn = model;
    // A gesture still in hand is drawn first, so the new map starts from what the reader sees.
    gestures.settle();
    if (recenter) zoom = 1;
    const showAllLabels = model.edges.length <= ALL_EDGE_LABELS_MAX;
    const nodes = model.nodes.map((n) => {
      const spec = faceSpec(n, big);
      const face =
        (n.imageUrl && faces.portrait(n.imageUrl, spec, portraitArrived)) || faces.initials(spec);
      const at = previous.get(n.id);
      return {
        // A large map is drawn where its own layout put it; a small one moves by ECharts' force.
        id: n.id,
        name: n.name,
        symbol: `image://${face.url}`,
        // The picture's circle is on the node's point; its name hangs below.
        symbolSize: [face.width, face.height],
        symbolOffset: [0, (face.height - spec.size) / 2],
        ...(at ? { x: at[0], y: at[1] } : {}),
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
        // The first map appears at once, without even setting up its elements' animations (a
        // second of fading in redrew the canvas every frame while the page was still starting);
        // later ones move.
        animation: !first && !options.reducedMotion && !big,
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
      const [positions] = await Promise.all([
        runInSlices(
          createForceLayout(
            { ids: model.nodes.map((n) => n.id), edges: model.edges, start: layoutNow() },
            big ? {} : { iterations: 300, spacing: 95 },
          ),
          // A small map settles in a few milliseconds; a large one over several slices.
          big ? LAYOUT_SLICE_MS : LAYOUT_SLICE_MS * 2,
          signal,
        ),
        faces.prepare(model.nodes.map((n) => faceSpec(n, big))),
      ]);
      if (positions && current === model) draw(model, recenter, positions);
    },
    resize: () => chart.resize(),
    dispose: () => {
      layoutRun.cancelled = true;
      clearTimeout(portraitTimer);
      gestures.detach();
      chart.dispose();
      faces.dispose();
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
  /** Draws the map as the gesture left it (once, when it ends); `painted` once it is painted. */
  commit(move: Move, painted: () => void): void;
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
    busy: () => pointers.size > 0 || wheelTimer !== undefined,
    /** Where a point where the chart now puts it is seen (a gesture in hand moves it still). */
    show: (p: Point) => applyMove(move, p),
    detach() {
      clearTimeout(wheelTimer);
      for (const [type, fn, opts] of listeners) el.removeEventListener(type, fn, opts);
    },
  };
}
