/**
 * The arithmetic of the painting viewer, kept apart from the canvas so it can be tested: the
 * view is the picture's scale (screen pixels per full-size picture pixel) and the picture point
 * at the viewport's top-left corner.
 */

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Picture {
  width: number;
  height: number;
  tileSize: number;
  levels: number;
}

/** The smallest scale: the whole picture's height (a scroll) or whole picture (others) in view. */
export function minScale(p: Picture, vp: Viewport): number {
  return Math.min(vp.width / p.width, vp.height / p.height);
}

/** The largest scale: two screen pixels to a picture pixel. */
export const MAX_SCALE = 2;

/** The first view: a long scroll at full height from its right end (it is read right to left). */
export function initialView(p: Picture, vp: Viewport): View {
  const fitHeight = vp.height / p.height;
  if (p.width * fitHeight > vp.width * 1.5) {
    return clampView(p, vp, { scale: fitHeight, x: p.width - vp.width / fitHeight, y: 0 });
  }
  const s = minScale(p, vp);
  return clampView(p, vp, { scale: s, x: 0, y: 0 });
}

/** Keeps the scale in range and the picture over the viewport (centred when smaller). */
export function clampView(p: Picture, vp: Viewport, v: View): View {
  const scale = Math.min(MAX_SCALE, Math.max(minScale(p, vp), v.scale));
  const w = vp.width / scale;
  const h = vp.height / scale;
  const x = w >= p.width ? (p.width - w) / 2 : Math.min(p.width - w, Math.max(0, v.x));
  const y = h >= p.height ? (p.height - h) / 2 : Math.min(p.height - h, Math.max(0, v.y));
  return { scale, x, y };
}

/** Zoom by `factor` keeping the picture point under screen point (sx, sy) in place. */
export function zoomAt(p: Picture, vp: Viewport, v: View, factor: number, sx: number, sy: number) {
  const px = v.x + sx / v.scale;
  const py = v.y + sy / v.scale;
  const scale = Math.min(MAX_SCALE, Math.max(minScale(p, vp), v.scale * factor));
  return clampView(p, vp, { scale, x: px - sx / scale, y: py - sy / scale });
}

/** Move by a screen distance. */
export function panBy(p: Picture, vp: Viewport, v: View, dx: number, dy: number): View {
  return clampView(p, vp, { ...v, x: v.x - dx / v.scale, y: v.y - dy / v.scale });
}

/** Centre the view on a picture point given as fractions (0–1) of its width and height. */
export function centreOn(p: Picture, vp: Viewport, v: View, fx: number, fy: number): View {
  const w = vp.width / v.scale;
  const h = vp.height / v.scale;
  return clampView(p, vp, { ...v, x: fx * p.width - w / 2, y: fy * p.height - h / 2 });
}

/** The pyramid level to draw: the smallest whose pixels are not coarser than the screen's. */
export function levelFor(p: Picture, v: View, dpr: number): number {
  const ideal = Math.floor(Math.log2(1 / Math.max(1e-9, v.scale * dpr)));
  return Math.min(p.levels - 1, Math.max(0, ideal));
}

export interface TileRef {
  level: number;
  col: number;
  row: number;
  /** The tile's rectangle in full-size picture pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The tiles of `level` that cross the view. */
export function visibleTiles(p: Picture, vp: Viewport, v: View, level: number): TileRef[] {
  const k = 2 ** level;
  const span = p.tileSize * k;
  const levelW = Math.ceil(p.width / k);
  const levelH = Math.ceil(p.height / k);
  const cols = Math.ceil(levelW / p.tileSize);
  const rows = Math.ceil(levelH / p.tileSize);
  const c0 = Math.max(0, Math.floor(v.x / span));
  const c1 = Math.min(cols - 1, Math.floor((v.x + vp.width / v.scale) / span));
  const r0 = Math.max(0, Math.floor(v.y / span));
  const r1 = Math.min(rows - 1, Math.floor((v.y + vp.height / v.scale) / span));
  const list: TileRef[] = [];
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const x = col * span;
      const y = row * span;
      list.push({
        level,
        col,
        row,
        x,
        y,
        w: Math.min(span, p.width - x),
        h: Math.min(span, p.height - y),
      });
    }
  }
  return list;
}

/** The view's rectangle as fractions of the picture (the minimap's frame). */
export function viewFraction(p: Picture, vp: Viewport, v: View) {
  const x = Math.max(0, v.x / p.width);
  const y = Math.max(0, v.y / p.height);
  return {
    x,
    y,
    w: Math.min(1 - x, vp.width / v.scale / p.width),
    h: Math.min(1 - y, vp.height / v.scale / p.height),
  };
}
