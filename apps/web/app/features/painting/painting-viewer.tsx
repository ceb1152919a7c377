import type { PaintingPicture } from "@tongjian/contracts/painting";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  centreOn,
  initialView,
  levelFor,
  panBy,
  type View,
  type Viewport,
  viewFraction,
  visibleTiles,
  zoomAt,
} from "./viewer-math.ts";

const MAX_TILES = 240;
const MAX_LOADING = 6;

/**
 * The pinch-zoom and pan viewer of a painting: its tile pyramid drawn on one canvas (only the
 * tiles in view, of the level the zoom needs, over the whole picture's small preview), moved by
 * fingers, mouse wheel, keys and buttons, with a minimap of the whole picture below it whose
 * frame shows the view and which moves the view where it is touched.
 */
export function PaintingViewer({
  picture,
  preview,
  title,
}: {
  picture: PaintingPicture;
  preview: string;
  title: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View | null>(null);
  const sizeRef = useRef<Viewport>({ width: 0, height: 0 });
  const drawRef = useRef<() => void>(() => {});
  const zoomRef = useRef<HTMLOutputElement>(null);
  const [failed, setFailed] = useState(0);

  const schedule = useCallback(() => drawRef.current(), []);

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    const tiles = new Map<string, HTMLImageElement | "loading" | "failed">();
    let loading = 0;
    let frame = 0;
    let disposed = false;
    const base = new Image();
    base.src = preview;
    base.decode().then(schedule, () => setFailed((n) => n + 1));

    const want = (url: string) => {
      const hit = tiles.get(url);
      if (hit !== undefined) {
        // Most recently used last, so the oldest are dropped first.
        tiles.delete(url);
        tiles.set(url, hit);
        return hit;
      }
      if (loading >= MAX_LOADING) return undefined;
      loading += 1;
      tiles.set(url, "loading");
      const img = new Image();
      img.src = url;
      img.decode().then(
        () => {
          loading -= 1;
          if (disposed) return;
          tiles.set(url, img);
          while (tiles.size > MAX_TILES) tiles.delete(tiles.keys().next().value as string);
          schedule();
        },
        () => {
          loading -= 1;
          tiles.set(url, "failed");
          if (!disposed) setFailed((n) => n + 1);
        },
      );
      return undefined;
    };

    const paint = () => {
      frame = 0;
      const v = viewRef.current;
      const vp = sizeRef.current;
      if (!v || vp.width === 0) return;
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, vp.width, vp.height);
      const sx = (x: number) => (x - v.x) * v.scale;
      const sy = (y: number) => (y - v.y) * v.scale;
      if (base.complete && base.naturalWidth > 0) {
        ctx.drawImage(base, sx(0), sy(0), picture.width * v.scale, picture.height * v.scale);
      }
      const level = levelFor(picture, v, dpr);
      let pendingTiles = false;
      for (const t of visibleTiles(picture, vp, v, level)) {
        const url = `${picture.base}/${t.level}/${t.col}_${t.row}.jpg`;
        const img = want(url);
        if (img instanceof HTMLImageElement) {
          // Half a pixel of overlap hides the seams between tiles.
          ctx.drawImage(img, sx(t.x), sy(t.y), t.w * v.scale + 0.5, t.h * v.scale + 0.5);
        } else if (img !== "failed") pendingTiles = true;
      }
      if (pendingTiles && loading < MAX_LOADING) schedule();
      const f = viewFraction(picture, vp, v);
      const el = frameRef.current;
      if (el) {
        el.style.left = `${f.x * 100}%`;
        el.style.width = `${f.w * 100}%`;
        el.style.top = `${f.y * 100}%`;
        el.style.height = `${f.h * 100}%`;
      }
      const zoom = zoomRef.current;
      if (zoom) zoom.textContent = `${Math.round(v.scale * 1000) / 10}%`;
    };
    drawRef.current = () => {
      if (!frame && !disposed) frame = requestAnimationFrame(paint);
    };

    const resize = () => {
      const rect = box.getBoundingClientRect();
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      sizeRef.current = { width: rect.width, height: rect.height };
      canvas.width = Math.round(rect.width * dpr);
      canvas.height = Math.round(rect.height * dpr);
      viewRef.current = viewRef.current
        ? panBy(picture, sizeRef.current, viewRef.current, 0, 0)
        : initialView(picture, sizeRef.current);
      schedule();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(box);
    resize();
    return () => {
      disposed = true;
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      tiles.clear();
    };
  }, [picture, preview, schedule]);

  const update = useCallback(
    (next: (v: View, vp: Viewport) => View) => {
      const v = viewRef.current;
      if (!v) return;
      viewRef.current = next(v, sizeRef.current);
      schedule();
    },
    [schedule],
  );

  // Pointers: one drags, two pinch; a wheel zooms at the cursor.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let lastTap = 0;
    const local = (e: PointerEvent | WheelEvent) => {
      const r = box.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const down = (e: PointerEvent) => {
      box.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      const now = e.timeStamp;
      if (pointers.size === 1 && now - lastTap < 300) {
        const p = local(e);
        update((v, vp) => zoomAt(picture, vp, v, 2, p.x, p.y));
      }
      lastTap = now;
    };
    const move = (e: PointerEvent) => {
      const prev = pointers.get(e.pointerId);
      if (!prev) return;
      const p = local(e);
      if (pointers.size === 1) {
        update((v, vp) => panBy(picture, vp, v, p.x - prev.x, p.y - prev.y));
      } else if (pointers.size === 2) {
        const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)?.[1];
        if (other) {
          const before = Math.hypot(prev.x - other.x, prev.y - other.y);
          const after = Math.hypot(p.x - other.x, p.y - other.y);
          const mx = (p.x + other.x) / 2;
          const my = (p.y + other.y) / 2;
          const dx = (p.x - prev.x) / 2;
          const dy = (p.y - prev.y) / 2;
          if (before > 0) {
            update((v, vp) =>
              panBy(picture, vp, zoomAt(picture, vp, v, after / before, mx, my), dx, dy),
            );
          }
        }
      }
      pointers.set(e.pointerId, p);
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      update((v, vp) => zoomAt(picture, vp, v, Math.exp(-e.deltaY * 0.002), p.x, p.y));
    };
    box.addEventListener("pointerdown", down);
    box.addEventListener("pointermove", move);
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    box.addEventListener("wheel", wheel, { passive: false });
    return () => {
      box.removeEventListener("pointerdown", down);
      box.removeEventListener("pointermove", move);
      box.removeEventListener("pointerup", up);
      box.removeEventListener("pointercancel", up);
      box.removeEventListener("wheel", wheel);
    };
  }, [picture, update]);

  const onKey = (e: React.KeyboardEvent) => {
    const step = 80;
    const keys: Record<string, (v: View, vp: Viewport) => View> = {
      ArrowLeft: (v, vp) => panBy(picture, vp, v, step, 0),
      ArrowRight: (v, vp) => panBy(picture, vp, v, -step, 0),
      ArrowUp: (v, vp) => panBy(picture, vp, v, 0, step),
      ArrowDown: (v, vp) => panBy(picture, vp, v, 0, -step),
      "+": (v, vp) => zoomAt(picture, vp, v, 1.5, vp.width / 2, vp.height / 2),
      "=": (v, vp) => zoomAt(picture, vp, v, 1.5, vp.width / 2, vp.height / 2),
      "-": (v, vp) => zoomAt(picture, vp, v, 1 / 1.5, vp.width / 2, vp.height / 2),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      update(action);
    }
  };

  const zoomButton = (factor: number) =>
    update((v, vp) => zoomAt(picture, vp, v, factor, vp.width / 2, vp.height / 2));

  // The minimap: touching or dragging on it centres the view there.
  const miniRef = useRef<HTMLDivElement>(null);
  const onMini = (e: React.PointerEvent) => {
    if (e.type === "pointermove" && e.buttons === 0) return;
    const r = miniRef.current?.getBoundingClientRect();
    if (!r) return;
    if (e.type === "pointerdown") miniRef.current?.setPointerCapture(e.pointerId);
    const fx = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
    const fy = Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
    update((v, vp) => centreOn(picture, vp, v, fx, fy));
  };

  const long = picture.width / picture.height > 3;
  return (
    <section className="tj-viewer" aria-label={`${title}的图像`}>
      <div
        ref={boxRef}
        className={`tj-viewer__stage${long ? " tj-viewer__stage--long" : ""}`}
        role="application"
        aria-label={`${title}：双指缩放、拖动查看，方向键移动，加减号缩放`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewer is moved with arrow keys.
        tabIndex={0}
        onKeyDown={onKey}
        data-testid="painting-stage"
        style={{ backgroundImage: `url(${preview})` }}
      >
        <canvas ref={canvasRef} className="tj-viewer__canvas" />
        {picture.source === "stand-in" ? (
          <span className="tj-viewer__badge">示意图 · 程序绘制，非原作</span>
        ) : (
          <span className="tj-viewer__badge tj-viewer__badge--scan">
            {picture.credit ? `${picture.credit} · ` : ""}
            {picture.licence}
          </span>
        )}
      </div>
      <div className="tj-viewer__bar">
        <button type="button" className="tj-viewer__button" onClick={() => zoomButton(1 / 1.6)}>
          缩小
        </button>
        <output ref={zoomRef} className="tj-viewer__zoom" aria-live="off" />
        <button type="button" className="tj-viewer__button" onClick={() => zoomButton(1.6)}>
          放大
        </button>
        <button
          type="button"
          className="tj-viewer__button"
          onClick={() => update((_v, vp) => initialView(picture, vp))}
        >
          复位
        </button>
      </div>
      {failed > 0 && (
        <p className="tj-viewer__error" role="status">
          部分图像没有加载出来，
          <button type="button" className="tj-link-button" onClick={() => window.location.reload()}>
            重新加载
          </button>
        </p>
      )}
      <div
        ref={miniRef}
        className="tj-viewer__mini"
        aria-hidden="true"
        title="小地图：点按或拖动到要看的位置"
        data-testid="painting-minimap"
        onPointerDown={onMini}
        onPointerMove={onMini}
        style={{
          aspectRatio: `${picture.width} / ${Math.max(picture.height, picture.width / 12)}`,
        }}
      >
        <img className="tj-viewer__mini-img" src={preview} alt="" />
        <div ref={frameRef} className="tj-viewer__mini-frame" />
      </div>
    </section>
  );
}
