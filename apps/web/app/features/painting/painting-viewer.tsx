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
  const miniRef = useRef<HTMLDivElement>(null);
  const miniSizeRef = useRef<Viewport>({ width: 0, height: 0 });
  const drawRef = useRef<() => void>(() => {});
  const zoomRef = useRef<HTMLOutputElement>(null);
  const [failed, setFailed] = useState(0);

  const schedule = useCallback(() => drawRef.current(), []);

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    // Opaque and desynchronised: the canvas is not blended with the page nor waits for a commit.
    const ctx = canvas.getContext("2d", { alpha: false, desynchronized: true });
    if (!ctx) return;
    const ground = getComputedStyle(box).backgroundColor;
    let shownZoom = "";
    // Tiles are fetched and decoded off the main thread (createImageBitmap), so drawing one is
    // only a copy; the least recently drawn are dropped past MAX_TILES.
    const tiles = new Map<string, ImageBitmap | "loading" | "failed">();
    let loading = 0;
    let frame = 0;
    let disposed = false;
    let base: ImageBitmap | null = null;
    const bitmap = (url: string) =>
      fetch(url)
        .then((res) => {
          if (!res.ok) throw new Error(String(res.status));
          return res.blob();
        })
        .then((blob) => createImageBitmap(blob));
    bitmap(preview).then(
      (b) => {
        base = b;
        // The canvas now shows the picture: the stage's own background is not painted again.
        box.style.backgroundImage = "none";
        schedule();
      },
      () => setFailed((n) => n + 1),
    );

    const want = (url: string) => {
      const hit = tiles.get(url);
      if (hit !== undefined) {
        tiles.delete(url);
        tiles.set(url, hit);
        return hit;
      }
      if (loading >= MAX_LOADING) return undefined;
      loading += 1;
      tiles.set(url, "loading");
      bitmap(url).then(
        (b) => {
          loading -= 1;
          if (disposed) return b.close();
          tiles.set(url, b);
          while (tiles.size > MAX_TILES) {
            const oldest = tiles.keys().next().value as string;
            const old = tiles.get(oldest);
            if (old instanceof ImageBitmap) old.close();
            tiles.delete(oldest);
          }
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
      ctx.fillStyle = ground;
      ctx.fillRect(0, 0, vp.width, vp.height);
      const sx = (x: number) => (x - v.x) * v.scale;
      const sy = (y: number) => (y - v.y) * v.scale;
      if (base) {
        // Only the part of the preview in view is drawn.
        const k = base.width / picture.width;
        const w = Math.min(picture.width - Math.max(0, v.x), vp.width / v.scale);
        const h = Math.min(picture.height - Math.max(0, v.y), vp.height / v.scale);
        const x0 = Math.max(0, v.x);
        const y0 = Math.max(0, v.y);
        ctx.drawImage(base, x0 * k, y0 * k, w * k, h * k, sx(x0), sy(y0), w * v.scale, h * v.scale);
      }
      const level = levelFor(picture, v, dpr);
      let pendingTiles = false;
      for (const t of visibleTiles(picture, vp, v, level)) {
        const url = `${picture.base}/${t.level}/${t.col}_${t.row}.jpg`;
        const img = want(url);
        if (img instanceof ImageBitmap) {
          // Half a pixel of overlap hides the seams between tiles.
          ctx.drawImage(img, sx(t.x), sy(t.y), t.w * v.scale + 0.5, t.h * v.scale + 0.5);
        } else if (img !== "failed") pendingTiles = true;
      }
      if (pendingTiles && loading < MAX_LOADING) schedule();
      const f = viewFraction(picture, vp, v);
      const el = frameRef.current;
      const mini = miniSizeRef.current;
      if (el && mini.width > 0) {
        // Moved by a transform: no layout while panning. The frame stays inside the minimap.
        const x = Math.min(mini.width - 4, f.x * mini.width);
        const y = Math.min(mini.height - 4, f.y * mini.height);
        el.style.transform = `translate(${x}px, ${y}px)`;
        const w = `${Math.min(mini.width - x, Math.max(4, f.w * mini.width))}px`;
        const h = `${Math.min(mini.height - y, Math.max(4, f.h * mini.height))}px`;
        if (el.style.width !== w) el.style.width = w;
        if (el.style.height !== h) el.style.height = h;
      }
      const zoom = zoomRef.current;
      const text = `${Math.round(v.scale * 1000) / 10}%`;
      if (zoom && text !== shownZoom) {
        shownZoom = text;
        zoom.textContent = text;
      }
    };
    drawRef.current = () => {
      if (!frame && !disposed) frame = requestAnimationFrame(paint);
    };

    const resize = () => {
      const rect = box.getBoundingClientRect();
      // The frame is placed inside the minimap's border.
      const mini = miniRef.current;
      if (mini) miniSizeRef.current = { width: mini.clientWidth, height: mini.clientHeight };
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
      for (const t of tiles.values()) if (t instanceof ImageBitmap) t.close();
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
    // The stage's place, read when a gesture starts rather than on every move.
    let rect = box.getBoundingClientRect();
    const local = (e: PointerEvent | WheelEvent) => ({
      x: e.clientX - rect.left,
      y: e.clientY - rect.top,
    });
    const down = (e: PointerEvent) => {
      if (pointers.size === 0) rect = box.getBoundingClientRect();
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
      rect = box.getBoundingClientRect();
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
  const onMini = (e: React.PointerEvent) => {
    if (e.type === "pointermove" && e.buttons === 0) return;
    const r = miniRef.current?.getBoundingClientRect();
    if (!r) return;
    if (e.type === "pointerdown") miniRef.current?.setPointerCapture(e.pointerId);
    const fx = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
    const fy = Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
    update((v, vp) => centreOn(picture, vp, v, fx, fy));
  };

  const ratio = picture.width / picture.height;
  const long = ratio > 3;
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
        className={`tj-viewer__mini${ratio < 1 ? " tj-viewer__mini--tall" : ""}`}
        aria-hidden="true"
        title="小地图：点按或拖动到要看的位置"
        data-testid="painting-minimap"
        onPointerDown={onMini}
        onPointerMove={onMini}
        style={
          ratio >= 1
            ? { aspectRatio: `${Math.min(ratio, 10)}` }
            : { width: `${Math.round(120 * ratio)}px`, height: "120px" }
        }
      >
        <img className="tj-viewer__mini-img" src={preview} alt="" />
        <div ref={frameRef} className="tj-viewer__mini-frame" />
      </div>
    </section>
  );
}
