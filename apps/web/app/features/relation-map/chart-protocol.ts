/**
 * The messages between the relation map on the page (relation-chart-proxy.client.ts) and the
 * worker that draws it (relation-chart.worker.ts): plain data, and each painted picture as an
 * ImageBitmap, transferred (not copied).
 */
import type { NodeBox, ViewTransform } from "./chart-geometry.ts";
import type { Palette } from "./chart-palette.ts";
import type { MapModel } from "./graph-model.ts";
import type { Move } from "./map-gesture.ts";

export type ToWorker =
  | {
      type: "init";
      width: number;
      height: number;
      devicePixelRatio: number;
      palette: Palette;
      fontFamily: string;
      /**
       * The page's language: a worker's canvas has no element to take it from, and without it
       * Chinese text in a generic font may be drawn in another region's glyphs.
       */
      lang: string;
      reducedMotion: boolean;
    }
  /** Lay out and draw a map (portraits' URLs absolute: the worker's base is its script). */
  | { type: "update"; id: number; model: MapModel; recenter: boolean }
  /** A gesture's move, to be drawn; `seq` counts the moves sent. */
  | { type: "roam"; seq: number; move: Move }
  | { type: "resize"; width: number; height: number }
  | { type: "palette"; palette: Palette }
  /** A finger is down or the wheel turns: portraits wait. */
  | { type: "busy"; busy: boolean };

export type FromWorker =
  /** The map `id` is set on the chart (painted next), with the moves up to `roamSeq` in it. */
  | { type: "drawn"; id: number; roamSeq: number; view: ViewTransform; boxes: NodeBox[] }
  /** The map `id` was not drawn: a later one took its place. */
  | { type: "skipped"; id: number }
  /** A picture of the map, with the moves up to `roamSeq` in it. */
  | { type: "painted"; roamSeq: number; view: ViewTransform; picture: ImageBitmap }
  /** Something failed: a map's drawing (`id`), or the worker's start (`id` null). */
  | { type: "failed"; id: number | null; message: string };
