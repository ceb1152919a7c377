/**
 * The relation map drawn on the page's own thread: for browsers whose canvas cannot be handed to
 * a worker (no OffscreenCanvas, as iOS Safari before 16.4), or whose worker failed to start.
 * Elsewhere the chart draws in relation-chart.worker.ts (relation-chart-proxy.client.ts). The
 * drawing is the same module in both (chart-scene.ts); here ECharts finds what a tap touched.
 */
import type { FaceCanvas } from "./chart-faces.ts";
import { ZOOM_LIMITS } from "./chart-geometry.ts";
import { attachGestures } from "./chart-gestures.ts";
import { paletteOf, watchPalette } from "./chart-palette.ts";
import { createScene } from "./chart-scene.ts";
import type { MapModel } from "./graph-model.ts";
import { rangeFrom } from "./map-gesture.ts";

export interface RelationChartHandlers {
  onNode: (id: string) => void;
  onEdge: (id: string) => void;
}

export interface RelationChartOptions {
  reducedMotion: boolean;
}

export interface RelationChart {
  /** Draws a map; resolves once it is on the canvas (a large one after its layout). */
  update(model: MapModel, options?: { recenter?: boolean }): Promise<void>;
  resize(): void;
  dispose(): void;
  /** Where a node is drawn, in CSS pixels of the chart's box (tests and the benchmark use it). */
  nodePosition(id: string): [number, number] | null;
}

/**
 * Pictures on a canvas element, encoded by `toBlob` (the pixels copied at once, the PNG made off
 * the main thread; `toDataURL` made it on the main thread, a few milliseconds a node on a slow
 * phone, all in one task) into object URLs, revoked with the chart.
 */
function pageFaceCanvas(ratio: number): FaceCanvas {
  const canvas = document.createElement("canvas");
  return {
    canvas,
    ratio,
    encode: () =>
      new Promise((resolve) => {
        canvas.toBlob((blob) => resolve(blob ? URL.createObjectURL(blob) : canvas.toDataURL()));
      }),
    encodeNow: () => canvas.toDataURL(),
    load: (url) =>
      new Promise((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = reject;
        img.src = url;
      }),
    release(url) {
      if (url.startsWith("blob:")) URL.revokeObjectURL(url);
    },
  };
}

export function createRelationChart(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: RelationChartOptions,
): RelationChart {
  // Phones of 3× and more paint more than twice the pixels of 2× for no difference a reader sees.
  const ratio = Math.min(2, window.devicePixelRatio || 1);
  const scene = createScene({
    target: el,
    devicePixelRatio: ratio,
    palette: paletteOf(el),
    fontFamily: getComputedStyle(el).fontFamily || "sans-serif",
    reducedMotion: options.reducedMotion,
    faceCanvas: pageFaceCanvas(ratio),
    busy: () => gestures.busy(),
    // A gesture still in hand is drawn first, so the new map starts from what the reader sees.
    beforeDraw: () => gestures.settle(),
  });
  const { chart } = scene;
  const gestures = attachGestures(el, el.firstElementChild as HTMLElement, {
    range: () => rangeFrom(scene.zoom(), ZOOM_LIMITS),
    commit(move, painted) {
      scene.roam(move);
      // The canvas is painted at the next frame, a task of its own (on a large map the roam and
      // the paint together, with the touch's own handling, passed 100 ms on a slow phone); the
      // CSS transform comes off in that same task, so the picture never jumps.
      const stop = scene.onPainted(() => {
        stop();
        painted();
      });
    },
  });
  const unwatch = watchPalette(el, (palette) => scene.setPalette(palette));

  chart.on("click", (params) => {
    // A drag that ends on a node is not a tap on it.
    if (gestures.justMoved()) return;
    const data = params.data as { id?: string; edgeId?: string } | undefined;
    if (params.dataType === "node" && data?.id) handlers.onNode(data.id);
    else if (params.dataType === "edge" && data?.edgeId) handlers.onEdge(data.edgeId);
  });

  return {
    async update(model, { recenter = true } = {}) {
      await scene.update(model, recenter);
    },
    resize: () => scene.resize(),
    dispose: () => {
      unwatch();
      gestures.detach();
      scene.dispose();
    },
    nodePosition(id) {
      const at = scene.position(id);
      if (!at) return null;
      const pixel = chart.convertToPixel({ seriesIndex: 0 }, at) as number[] | undefined;
      if (!pixel || !Number.isFinite(pixel[0])) return null;
      const shown = gestures.show({ x: pixel[0] as number, y: pixel[1] as number });
      return [shown.x, shown.y];
    },
  };
}
