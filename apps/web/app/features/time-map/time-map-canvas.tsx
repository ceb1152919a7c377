import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { MapLayers, MapPick, TimeMapCanvas } from "./map-canvas.client.ts";
import { fetchOutlines } from "./time-map-api.ts";

type CanvasState = "loading" | "ready" | "error";

export interface CentreRequest {
  lng: number;
  lat: number;
  zoom?: number;
  /** A new object for each request, so the same point can be asked for again. */
  key: string;
}

/**
 * The drawn map: the drawing module (with d3-geo) and the base map's outlines load once the
 * page is in the browser, so the first view (the year, the controls, the lists) never waits for
 * them. The canvas is one picture to assistive technology, named by `label`; the lists beside
 * it carry the content.
 */
export function TimeMapCanvasView({
  layers,
  label,
  onPick,
  centre,
  fit,
  api,
}: {
  layers: MapLayers | null;
  label: string;
  onPick: (pick: MapPick) => void;
  centre: CentreRequest | null;
  /** Points the view should take in (the world events), or null. */
  fit: [number, number][] | null;
  /** Given the drawn map once it exists, so a new year can be drawn before React re-renders. */
  api?: RefObject<TimeMapCanvas | null>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const map = useRef<TimeMapCanvas | null>(null);
  const [state, setState] = useState<CanvasState>("loading");
  const [attempt, setAttempt] = useState(0);
  const pick = useRef(onPick);
  pick.current = onPick;
  const layersRef = useRef(layers);
  layersRef.current = layers;

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) loads the map again
  useEffect(() => {
    let cancelled = false;
    const el = canvasRef.current;
    if (!el) return;
    setState("loading");
    Promise.all([import("./map-canvas.client.ts"), fetchOutlines()])
      .then(([{ createTimeMapCanvas }, outlines]) => {
        if (cancelled) return;
        const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        const created = createTimeMapCanvas(
          el,
          { onPick: (p) => pick.current(p) },
          { reducedMotion },
        );
        created.setBase(outlines);
        if (layersRef.current) created.setLayers(layersRef.current);
        map.current = created;
        if (api) api.current = created;
        (el as HTMLCanvasElement & { timeMap?: TimeMapCanvas }).timeMap = created;
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("time map", error);
        if (!cancelled) setState("error");
      });
    const onResize = () => map.current?.resize();
    window.addEventListener("resize", onResize);
    // A theme switch (the reader's, or the system's) repaints in the new colours.
    const scheme = window.matchMedia("(prefers-color-scheme: dark)");
    const onTheme = () => map.current?.repaint();
    scheme.addEventListener("change", onTheme);
    const observer = new MutationObserver(onTheme);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["data-theme"],
    });
    return () => {
      cancelled = true;
      window.removeEventListener("resize", onResize);
      scheme.removeEventListener("change", onTheme);
      observer.disconnect();
      map.current?.dispose();
      map.current = null;
      if (api) api.current = null;
    };
  }, [attempt]);

  useEffect(() => {
    if (layers) map.current?.setLayers(layers);
  }, [layers]);

  useEffect(() => {
    if (centre && state === "ready") map.current?.centreOn(centre.lng, centre.lat, centre.zoom);
  }, [centre, state]);

  useEffect(() => {
    if (state !== "ready") return;
    if (fit && fit.length > 0) map.current?.fitPoints(fit);
  }, [fit, state]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div className="tj-timemap__canvas-wrap" data-state={state}>
      <canvas
        ref={canvasRef}
        className="tj-timemap__canvas"
        role="img"
        aria-label={label}
        data-testid="timemap-canvas"
      />
      {state === "ready" && (
        <div className="tj-timemap__zoom">
          <button type="button" aria-label="放大地图" onClick={() => map.current?.zoomBy(1.6)}>
            ＋
          </button>
          <button type="button" aria-label="缩小地图" onClick={() => map.current?.zoomBy(1 / 1.6)}>
            －
          </button>
          <button type="button" aria-label="地图复位" onClick={() => map.current?.reset()}>
            ⟲
          </button>
        </div>
      )}
      {state === "loading" && (
        <p className="tj-timemap__canvas-note" role="status">
          地图加载中…
        </p>
      )}
      {state === "error" && (
        <div className="tj-timemap__canvas-note" role="alert">
          <p>地图没有加载出来，下面的列表仍可查看。</p>
          <button type="button" className="tj-button" onClick={retry}>
            重新加载地图
          </button>
        </div>
      )}
    </div>
  );
}
