/**
 * The relation map's drawing: ECharts' graph series on a canvas, the layout and the nodes'
 * pictures. One module for both places it runs: the chart's worker, on an OffscreenCanvas the page
 * handed over (relation-chart.worker.ts), and the page's own thread where a worker cannot draw
 * (relation-chart.client.ts). Only the graph series and the canvas renderer are taken from
 * ECharts, and nothing outside the relation pages loads this module.
 */
import { GraphChart } from "echarts/charts";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { createFaces, type FaceCanvas } from "./chart-faces.ts";
import {
  curvenessOf,
  faceSpec,
  isBig,
  NODE_SCALE_RATIO,
  type NodeBox,
  type ViewTransform,
  ZOOM_LIMITS,
} from "./chart-geometry.ts";
import type { Palette } from "./chart-palette.ts";
import { createForceLayout, runInSlices } from "./force-layout.ts";
import type { MapModel } from "./graph-model.ts";
import { type Move, moveToRoam } from "./map-gesture.ts";

echarts.use([GraphChart, CanvasRenderer]);

/** Above this many relations the edge labels show only on the centre's own edges… */
const ALL_EDGE_LABELS_MAX = 20;
/** Above this many the labels would only cover each other: the list and the sheet tell them. */
const CENTER_EDGE_LABELS_MAX = 40;
/** Work per slice of the large layout: well under the 50 ms of a long task on a slow phone. */
const LAYOUT_SLICE_MS = 8;
const SERIES_ID = "relation-map";
/** Portraits arriving within this of each other are drawn in one redraw. */
const PORTRAIT_BATCH_MS = 200;

export interface SceneOptions {
  /** The chart's box on the page, or the OffscreenCanvas it draws on (then `size` is needed). */
  target: HTMLElement | OffscreenCanvas;
  size?: { width: number; height: number };
  devicePixelRatio: number;
  palette: Palette;
  fontFamily: string;
  reducedMotion: boolean;
  faceCanvas: FaceCanvas;
  /** True while a finger is down or the wheel has not rested: portraits wait for it. */
  busy(): boolean;
  /** Called just before a map is set on the chart. */
  beforeDraw?(): void;
}

export type ChartScene = ReturnType<typeof createScene>;

export function createScene(options: SceneOptions) {
  const chart = echarts.init(options.target as HTMLElement, null, {
    renderer: "canvas",
    devicePixelRatio: options.devicePixelRatio,
    ...options.size,
  });
  let palette = options.palette;
  let faces = createFaces(options.faceCanvas, palette, options.fontFamily);
  /** Pictures in colours no longer used: let go of once a map without them is set. */
  let retired: ReturnType<typeof createFaces>[] = [];
  let current: MapModel | null = null;
  let portraitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The chart's own zoom (1 when a map is first drawn); a gesture's scale is relative to it. */
  let zoom = 1;
  /** Where the nodes stand now, so a new map keeps the ones it shares with the old. */
  let positions = new Map<string, [number, number]>();
  /** The pictures' boxes of the map drawn, for the page's hit test. */
  let boxes: NodeBox[] = [];
  let layoutRun = { cancelled: false };
  /** The map on the canvas now (a large one is not drawn until its layout is done). */
  let drawn: MapModel | null = null;

  /**
   * Portraits come in one by one and each needs the whole map drawn again: they are drawn
   * together once none has come for a moment, and never while a gesture is in hand (a large
   * map's redraw is a long task).
   */
  function portraitArrived() {
    clearTimeout(portraitTimer);
    portraitTimer = setTimeout(function redraw() {
      if (options.busy()) {
        portraitTimer = setTimeout(redraw, PORTRAIT_BATCH_MS);
        return;
      }
      portraitTimer = undefined;
      if (current && drawn === current) draw(current, false);
    }, PORTRAIT_BATCH_MS);
  }

  function draw(model: MapModel, recenter: boolean) {
    const big = isBig(model);
    const first = drawn === null;
    drawn = model;
    options.beforeDraw?.();
    if (recenter) zoom = 1;
    const showAllLabels = model.edges.length <= ALL_EDGE_LABELS_MAX;
    const laidOut: NodeBox[] = [];
    const nodes = model.nodes.map((n) => {
      const spec = faceSpec(n, big);
      const face =
        (n.imageUrl && faces.portrait(n.imageUrl, spec, portraitArrived)) || faces.initials(spec);
      const at = positions.get(n.id);
      if (at)
        laidOut.push({
          id: n.id,
          x: at[0],
          y: at[1],
          w: face.width,
          h: face.height,
          size: spec.size,
        });
      return {
        id: n.id,
        name: n.name,
        symbol: `image://${face.url}`,
        // The picture's circle is on the node's point; its name hangs below.
        symbolSize: [face.width, face.height],
        symbolOffset: [0, (face.height - spec.size) / 2],
        ...(at ? { x: at[0], y: at[1] } : {}),
      };
    });
    boxes = laidOut;
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
            // Pan and zoom are the page's own (chart-gestures.ts): ECharts' roam redraws every
            // node and edge at each step of a finger, which on a slow phone is a long task a
            // frame.
            roam: false,
            scaleLimit: ZOOM_LIMITS,
            nodeScaleRatio: NODE_SCALE_RATIO,
            ...(recenter ? { center: null, zoom: 1 } : {}),
            draggable: false,
            data: nodes,
            links,
            lineStyle: { color: palette.line, width: big ? 1 : 1.5, curveness: curvenessOf(big) },
            edgeLabel: { fontSize: 11, color: palette.muted },
            emphasis: { disabled: true },
            cursor: "pointer",
          },
        ],
      },
      // Data items are matched by id, so shared nodes move rather than being drawn anew.
      { replaceMerge: [] },
    );
    for (const old of retired) old.dispose();
    retired = [];
  }

  return {
    chart,
    /**
     * Lays a map out and sets it on the chart (painted at the next frame); resolves true then,
     * false when a later map took its place first.
     */
    async update(model: MapModel, recenter: boolean): Promise<boolean> {
      current = model;
      layoutRun.cancelled = true;
      const big = isBig(model);
      const signal = { cancelled: false };
      layoutRun = signal;
      const [laid] = await Promise.all([
        runInSlices(
          createForceLayout(
            { ids: model.nodes.map((n) => n.id), edges: model.edges, start: positions },
            big ? {} : { iterations: 300, spacing: 95 },
          ),
          // A small map settles in a few milliseconds; a large one over several slices.
          big ? LAYOUT_SLICE_MS : LAYOUT_SLICE_MS * 2,
          signal,
        ),
        faces.prepare(model.nodes.map((n) => faceSpec(n, big))),
      ]);
      if (!laid || current !== model) return false;
      positions = laid;
      draw(model, recenter);
      return true;
    },
    /** Moves the drawn map as a gesture left it: ECharts' roam, painted at the next frame. */
    roam(move: Move) {
      chart.dispatchAction({
        type: "graphRoam",
        seriesId: SERIES_ID,
        ...moveToRoam(move),
        originX: 0,
        originY: 0,
      });
      zoom = Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, zoom * move.k));
      chart.getZr().refresh();
    },
    /** Calls `fn` after every paint of the canvas; returns the function that stops it. */
    onPainted(fn: () => void): () => void {
      const zr = chart.getZr();
      zr.on("rendered", fn);
      return () => zr.off("rendered", fn);
    },
    /** The reader's zoom (1 when a map is first drawn). */
    zoom: () => zoom,
    /** Where the chart draws the layout now (before a map is drawn, the identity). */
    view(): ViewTransform {
      if (!drawn) return { ox: 0, oy: 0, sx: 1, sy: 1, zoom };
      const o = chart.convertToPixel({ seriesIndex: 0 }, [0, 0]) as number[] | undefined;
      const e = chart.convertToPixel({ seriesIndex: 0 }, [1, 1]) as number[] | undefined;
      const [ox = 0, oy = 0] = o ?? [];
      const [ex = 1, ey = 1] = e ?? [];
      return { ox, oy, sx: ex - ox, sy: ey - oy, zoom };
    },
    /** The nodes of the map drawn, where they stand in the layout, with their pictures' boxes. */
    boxes: (): readonly NodeBox[] => boxes,
    position: (id: string) => positions.get(id),
    /** Draws the map again in new colours. */
    setPalette(next: Palette) {
      palette = next;
      retired.push(faces);
      faces = createFaces(options.faceCanvas, palette, options.fontFamily);
      const model = drawn;
      if (!model) return;
      faces.prepare(model.nodes.map((n) => faceSpec(n, isBig(model)))).then(() => {
        if (drawn === model && current === model) draw(model, false);
      });
    },
    resize(size?: { width: number; height: number }) {
      chart.resize(size);
    },
    dispose() {
      layoutRun.cancelled = true;
      clearTimeout(portraitTimer);
      chart.dispose();
      faces.dispose();
    },
  };
}
