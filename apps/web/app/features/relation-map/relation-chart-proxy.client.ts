/**
 * The relation map as the page sees it. Where the browser can, the chart draws in a worker
 * (relation-chart.worker.ts): the page's thread sends it each map and each gesture's move, shows
 * the pictures it paints (ImageBitmaps, on a `bitmaprenderer` canvas), and finds what a tap
 * touched itself, from the nodes' boxes and the view the worker sends back. Elsewhere (no
 * OffscreenCanvas, as iOS Safari before 16.4), or when the worker cannot start, the chart draws
 * on the page's thread (relation-chart.client.ts).
 */
import {
  curvenessOf,
  type Hit,
  hitTest,
  isBig,
  type NodeBox,
  pixelOf,
  START_TRACK,
  trackedView,
  trackMoveSent,
  trackViewTold,
  type ViewTransform,
  ZOOM_LIMITS,
} from "./chart-geometry.ts";
import { attachGestures } from "./chart-gestures.ts";
import { paletteOf, watchPalette } from "./chart-palette.ts";
import type { FromWorker, ToWorker } from "./chart-protocol.ts";
import type { MapModel } from "./graph-model.ts";
import { type Point, rangeFrom } from "./map-gesture.ts";
import type {
  RelationChart,
  RelationChartHandlers,
  RelationChartOptions,
} from "./relation-chart.client.ts";

export type { RelationChart } from "./relation-chart.client.ts";

/** Whether this browser can draw the chart in a worker and show what it draws. */
export function canDrawInWorker(): boolean {
  try {
    return (
      typeof Worker === "function" &&
      typeof OffscreenCanvas === "function" &&
      typeof OffscreenCanvas.prototype.transferToImageBitmap === "function" &&
      typeof ImageBitmapRenderingContext === "function" &&
      new OffscreenCanvas(1, 1).getContext("2d") !== null
    );
  } catch {
    return false;
  }
}

function onPageThread(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: RelationChartOptions,
): Promise<RelationChart> {
  return import("./relation-chart.client.ts").then((m) =>
    m.createRelationChart(el, handlers, options),
  );
}

/** The chart in `el`: drawn in a worker where it can be, on the page's thread otherwise. */
export function loadRelationChart(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: RelationChartOptions,
): Promise<RelationChart> {
  if (!canDrawInWorker()) return onPageThread(el, handlers, options);
  return Promise.resolve(createWorkerChart(el, handlers, options));
}

/** A map sent to the worker and not yet drawn. */
interface Pending {
  model: MapModel;
  recenter: boolean;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** The page's side of the chart's worker; `RelationChart` like the page-thread chart. */
export function createWorkerChart(
  el: HTMLElement,
  handlers: RelationChartHandlers,
  options: RelationChartOptions,
): RelationChart {
  const canvas = document.createElement("canvas");
  canvas.style.cssText = "display:block;user-select:none;-webkit-tap-highlight-color:transparent";
  const screen = canvas.getContext("bitmaprenderer") as ImageBitmapRenderingContext;
  el.style.userSelect = "none";
  el.style.setProperty("-webkit-tap-highlight-color", "transparent");
  el.append(canvas);
  const worker = new Worker(new URL("./relation-chart.worker.ts", import.meta.url), {
    type: "module",
  });
  const send = (message: ToWorker) => worker.postMessage(message);
  /**
   * The chart's size in whole CSS pixels, as ECharts takes it from its box; the canvas is shown
   * at the same, so its pixels meet the screen's one to one (a box of 503.4 px would stretch it).
   */
  const size = () => {
    const width = el.clientWidth;
    const height = el.clientHeight;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    return { width, height };
  };
  send({
    type: "init",
    ...size(),
    // Phones of 3× and more paint more than twice the pixels of 2× for no difference a reader
    // sees.
    devicePixelRatio: Math.min(2, window.devicePixelRatio || 1),
    palette: paletteOf(el),
    fontFamily: getComputedStyle(el).fontFamily || "sans-serif",
    lang: el.closest("[lang]")?.getAttribute("lang") || "zh-CN",
    reducedMotion: options.reducedMotion,
  });

  let updates = 0;
  const pending = new Map<number, Pending>();
  /** The map drawn: its nodes' boxes and edges, for taps and nodePosition. */
  let drawn: { boxes: NodeBox[]; byId: Map<string, NodeBox>; model: MapModel } | null = null;
  let track = START_TRACK;
  let moves = 0;
  let painting: { seq: number; painted: () => void }[] = [];
  /** Once the worker has drawn, a failure is the map's; before, the page draws instead. */
  let started = false;
  let replaced: Promise<RelationChart> | null = null;
  let replacement: RelationChart | null = null;

  const viewNow = () => trackedView(track);
  const tell = (view: ViewTransform, seq: number) => {
    track = trackViewTold(track, view, seq);
  };

  const gestures = attachGestures(el, canvas, {
    range: () => rangeFrom(viewNow().zoom, ZOOM_LIMITS),
    commit(move, painted) {
      const seq = ++moves;
      track = trackMoveSent(track, seq, move);
      painting.push({ seq, painted });
      send({ type: "roam", seq, move });
    },
    busyChanged: (busy) => send({ type: "busy", busy }),
  });
  const unwatch = watchPalette(el, (palette) => send({ type: "palette", palette }));

  function hitAt(p: Point): Hit {
    if (!drawn) return null;
    return hitTest(
      {
        nodes: drawn.boxes,
        edges: drawn.model.edges,
        view: viewNow(),
        curveness: curvenessOf(isBig(drawn.model)),
      },
      p,
      gestures.inHand(),
    );
  }
  const local = (e: MouseEvent): Point => {
    const box = el.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const onClick = (e: MouseEvent) => {
    // A drag that ends on a node is not a tap on it.
    if (gestures.justMoved()) return;
    const hit = hitAt(local(e));
    if (hit && "node" in hit) handlers.onNode(hit.node);
    else if (hit && "edge" in hit) handlers.onEdge(hit.edge);
  };
  /** A mouse over a node or an edge shows the pointer, at most once a frame. */
  let hover: number | undefined;
  const onHover = (e: PointerEvent) => {
    if (e.pointerType !== "mouse" || e.buttons !== 0 || hover !== undefined) return;
    const p = local(e);
    hover = requestAnimationFrame(() => {
      hover = undefined;
      el.style.cursor = hitAt(p) ? "pointer" : "";
    });
  };
  el.addEventListener("click", onClick);
  el.addEventListener("pointermove", onHover);

  function stop() {
    worker.terminate();
    gestures.detach();
    unwatch();
    el.removeEventListener("click", onClick);
    el.removeEventListener("pointermove", onHover);
    if (hover !== undefined) cancelAnimationFrame(hover);
    canvas.remove();
    el.style.cursor = "";
  }

  /** The worker could not start: the page's thread draws, from the latest map sent. */
  function fallBack(reason: unknown) {
    if (replaced) return;
    console.warn("relation chart: drawing on the page's thread", reason);
    stop();
    const waiting = [...pending.values()];
    pending.clear();
    replaced = onPageThread(el, handlers, options).then((chart) => {
      replacement = chart;
      return chart;
    });
    const latest = waiting.at(-1);
    if (!latest) return;
    replaced
      .then((chart) => chart.update(latest.model, { recenter: latest.recenter }))
      .then(
        () => {
          for (const p of waiting) p.resolve();
        },
        (error: Error) => {
          for (const p of waiting) p.reject(error);
        },
      );
  }

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case "drawn": {
        const p = pending.get(message.id);
        pending.delete(message.id);
        started = true;
        if (p)
          drawn = {
            boxes: message.boxes,
            byId: new Map(message.boxes.map((b) => [b.id, b])),
            model: p.model,
          };
        tell(message.view, message.roamSeq);
        p?.resolve();
        return;
      }
      case "skipped":
        pending.get(message.id)?.resolve();
        pending.delete(message.id);
        return;
      case "painted": {
        // The picture and the gestures' CSS transforms change in one task, so in one frame.
        const { picture } = message;
        if (canvas.width !== picture.width || canvas.height !== picture.height) {
          canvas.width = picture.width;
          canvas.height = picture.height;
        }
        screen.transferFromImageBitmap(picture);
        tell(message.view, message.roamSeq);
        const done = painting.filter((p) => p.seq <= message.roamSeq);
        painting = painting.filter((p) => p.seq > message.roamSeq);
        for (const p of done) p.painted();
        return;
      }
      case "failed": {
        if (!started) {
          fallBack(message.message);
          return;
        }
        const error = new Error(message.message);
        if (message.id === null) for (const p of pending.values()) p.reject(error);
        else pending.get(message.id)?.reject(error);
        if (message.id === null) pending.clear();
        else pending.delete(message.id);
        return;
      }
    }
  };
  // The worker's script did not load or run (a browser without module workers, say), or it
  // failed later: the maps waiting for it fail (the view offers 重试).
  worker.onerror = (event) => {
    event.preventDefault();
    if (!started) {
      fallBack(event.message);
      return;
    }
    const error = new Error(event.message || "relation chart worker failed");
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  return {
    update(model, { recenter = true } = {}) {
      if (replaced) return replaced.then((chart) => chart.update(model, { recenter }));
      const id = ++updates;
      // The worker's base URL is its script's: portraits go with the page's own.
      const absolute: MapModel = {
        ...model,
        nodes: model.nodes.map((n) =>
          n.imageUrl ? { ...n, imageUrl: new URL(n.imageUrl, document.baseURI).href } : n,
        ),
      };
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { model, recenter, resolve, reject });
        send({ type: "update", id, model: absolute, recenter });
      });
    },
    resize() {
      if (replaced) replaced.then((chart) => chart.resize());
      else send({ type: "resize", ...size() });
    },
    dispose() {
      if (replaced) {
        replaced.then((chart) => chart.dispose());
        return;
      }
      stop();
      for (const p of pending.values()) p.resolve();
      pending.clear();
    },
    nodePosition(id) {
      if (replaced) return replacement?.nodePosition(id) ?? null;
      const box = drawn?.byId.get(id);
      if (!box) return null;
      const shown = gestures.show(pixelOf(viewNow(), box.x, box.y));
      return [shown.x, shown.y];
    },
  };
}
