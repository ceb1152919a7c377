/**
 * The relation map's worker: ECharts, the layout and the nodes' pictures, on an OffscreenCanvas of
 * its own, so the page's thread neither evaluates ECharts nor sets a map or paints it
 * (docs/decisions/0051-relation-map-in-a-worker.md). Each paint goes to the page as an
 * ImageBitmap, with the view it was drawn in; the page keeps the gestures and finds what a tap
 * touched from the nodes' boxes and that view.
 */
import { setPlatformAPI } from "echarts/core";
import type { FaceCanvas } from "./chart-faces.ts";
import type { FromWorker, ToWorker } from "./chart-protocol.ts";
import { type ChartScene, createScene } from "./chart-scene.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const post = (message: FromWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

/** The pictures made here, by the URL the chart is given for them. */
const pictures = new Map<string, ImageBitmap>();
let pictureCount = 0;
/** A picture let go of is closed a little later: a frame being drawn may still use it. */
const CLOSE_AFTER_MS = 2000;

// ECharts without a document: canvases are OffscreenCanvases, text is measured on one, and images
// are the pictures made here or fetched and decoded (zrender draws whatever it is given that has
// a width and a height once loaded).
type Context2D = OffscreenCanvasRenderingContext2D & { lang?: string };
const measurer = new OffscreenCanvas(1, 1).getContext("2d") as Context2D;
let measuredFont = "";
setPlatformAPI({
  createCanvas: () => new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement,
  measureText(text, font = "12px sans-serif") {
    if (font !== measuredFont) measurer.font = measuredFont = font;
    return measurer.measureText(text);
  },
  loadImage(src, onload, onerror) {
    const made = pictures.get(src);
    if (made) return made as unknown as HTMLImageElement;
    const holder = new OffscreenCanvas(0, 0);
    fetch(src)
      .then((response) => (response.ok ? response.blob() : Promise.reject(response.status)))
      .then((blob) => createImageBitmap(blob))
      .then(
        (bitmap) => {
          holder.width = bitmap.width;
          holder.height = bitmap.height;
          holder.getContext("2d")?.drawImage(bitmap, 0, 0);
          bitmap.close();
          (onload as (this: unknown) => void).call(holder);
        },
        () => (onerror as (this: unknown) => void).call(holder),
      );
    return holder as unknown as HTMLImageElement;
  },
});

/** Pictures painted on an OffscreenCanvas and taken off it as ImageBitmaps: no encoding at all. */
function workerFaceCanvas(ratio: number, lang: string): FaceCanvas {
  const canvas = new OffscreenCanvas(1, 1);
  const take = () => {
    const url = `picture:${++pictureCount}`;
    pictures.set(url, canvas.transferToImageBitmap());
    return url;
  };
  return {
    canvas,
    ratio,
    lang,
    encode: () => Promise.resolve(take()),
    encodeNow: take,
    load: (url) =>
      fetch(url)
        .then((response) => (response.ok ? response.blob() : Promise.reject(response.status)))
        .then((blob) => createImageBitmap(blob)),
    release(url) {
      const bitmap = pictures.get(url);
      if (!bitmap) return;
      pictures.delete(url);
      setTimeout(() => bitmap.close(), CLOSE_AFTER_MS);
    },
  };
}

let scene: ChartScene | null = null;
/** The chart's own canvas's context: its language is set again whenever its size resets it. */
let speak = () => {};
let busy = false;
/** The last gesture's move drawn (the page counts them). */
let roamSeq = 0;

function start(message: Extract<ToWorker, { type: "init" }>) {
  // ECharts sizes it (its single canvas: zrender takes a canvas without a nodeName as one).
  const canvas = new OffscreenCanvas(1, 1);
  measurer.lang = message.lang;
  const created = createScene({
    target: canvas,
    size: { width: message.width, height: message.height },
    devicePixelRatio: message.devicePixelRatio,
    palette: message.palette,
    fontFamily: message.fontFamily,
    reducedMotion: message.reducedMotion,
    faceCanvas: workerFaceCanvas(message.devicePixelRatio, message.lang),
    busy: () => busy,
  });
  const context = canvas.getContext("2d") as Context2D;
  const { lang } = message;
  // zrender draws each element between save() and restore(), and Chromium forgets the language
  // for fonts set after a save() unless it is set again there (a generic font such as ECharts'
  // sans-serif then draws Chinese in Japanese glyphs).
  const save = context.save.bind(context);
  context.save = () => {
    save();
    context.lang = lang;
  };
  speak = () => {
    context.lang = lang;
  };
  speak();
  // Every paint is the whole map (zrender redraws its one layer in full), taken off the canvas
  // without a copy. The page shows it in the same task as it takes a gesture's CSS transform off:
  // a canvas handed over by transferControlToOffscreen() shows the worker's frames apart from the
  // page's, and the picture jumped for a frame at the end of each gesture.
  created.onPainted(() => {
    const picture = canvas.transferToImageBitmap();
    post({ type: "painted", roamSeq, view: created.view(), picture }, [picture]);
  });
  scene = created;
}

function handle(message: ToWorker) {
  if (message.type === "init") {
    start(message);
    return;
  }
  const s = scene;
  if (!s) return;
  switch (message.type) {
    case "update": {
      const { id } = message;
      s.update(message.model, message.recenter).then(
        (drawn) =>
          post(
            drawn
              ? { type: "drawn", id, roamSeq, view: s.view(), boxes: [...s.boxes()] }
              : { type: "skipped", id },
          ),
        (error: unknown) => post({ type: "failed", id, message: String(error) }),
      );
      return;
    }
    case "roam":
      roamSeq = message.seq;
      s.roam(message.move);
      return;
    case "resize":
      s.resize({ width: message.width, height: message.height });
      speak();
      return;
    case "palette":
      s.setPalette(message.palette);
      return;
    case "busy":
      busy = message.busy;
      return;
  }
}

scope.onmessage = (event) => {
  try {
    handle(event.data);
  } catch (error) {
    post({
      type: "failed",
      id: event.data.type === "update" ? event.data.id : null,
      message: String(error),
    });
  }
};
