/**
 * Each node's picture, drawn once: the portrait cut to a circle, or the name's first character
 * on the colour of the entry's kind, with the node's name under it. A name drawn into the
 * picture costs nothing more to paint; as a chart label it was laid out and drawn as text at
 * every paint, most of the first paint of a map. The pictures are painted on one scratch canvas
 * (an OffscreenCanvas in the chart's worker, a canvas element on the page's thread) and handed to
 * the chart as image URLs: how the scratch canvas becomes one is the caller's (`FaceCanvas`).
 */
import type { FaceSpec } from "./chart-geometry.ts";
import type { Palette } from "./chart-palette.ts";
import { initialsOf } from "./graph-model.ts";

/** A node's picture as an image: the circle's middle is at (width / 2, size / 2). */
export interface Face {
  url: string;
  width: number;
  height: number;
}

/** A 2D context, with the language its text is shaped for (where the browser has it). */
type Context2D = (CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D) & { lang?: string };

/** Where the pictures are painted and how a painted picture becomes an image URL. */
export interface FaceCanvas {
  canvas: HTMLCanvasElement | OffscreenCanvas;
  /** Device pixels per CSS pixel of the pictures. */
  ratio: number;
  /** The text's language, where the canvas cannot take it from the page (a worker's). */
  lang?: string;
  /** The scratch canvas's picture as an image URL; its pixels are taken before this returns. */
  encode(): Promise<string>;
  /** The same, finished at once (a picture asked for out of turn). */
  encodeNow(): string;
  /** A portrait's image, decoded. */
  load(url: string): Promise<CanvasImageSource>;
  /** Lets go of a URL made by `encode`. */
  release(url: string): void;
}

/** Space between a node's circle and its name. */
const NAME_GAP = 4;

export function createFaces(surface: FaceCanvas, palette: Palette, fontFamily: string) {
  /** Faces by key; a portrait's key holds "pending" or "failed" while it is not one. */
  const cache = new Map<string, Face | "pending" | "failed">();
  const making = new Map<string, Promise<void>>();
  const { ratio, canvas: scratch } = surface;
  const ctx = scratch.getContext("2d") as Context2D;

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
    if (surface.lang) ctx.lang = surface.lang;
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
  function paintPortrait(spec: FaceSpec, img: CanvasImageSource) {
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
    return surface.encode().then((url) => {
      cache.set(key, { url, ...box });
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
      face.url = surface.encodeNow();
      cache.set(key, face);
      return face;
    },
    /** The portrait in a circle, or null until (and unless) it loads. */
    portrait(url: string, spec: FaceSpec, done: () => void): Face | null {
      const key = `img|${url}|${initialsKey(spec)}`;
      const hit = cache.get(key);
      if (hit) return typeof hit === "string" ? null : hit;
      cache.set(key, "pending");
      surface
        .load(url)
        // A picture from another origin without CORS cannot be read back: the initials stay.
        .then((img) => encode(key, paintPortrait(spec, img)))
        .then(done, () => cache.set(key, "failed"));
      return null;
    },
    dispose() {
      for (const face of cache.values()) if (typeof face !== "string") surface.release(face.url);
      cache.clear();
      making.clear();
    },
  };
}

export type Faces = ReturnType<typeof createFaces>;
