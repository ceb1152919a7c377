import type { PaintingSubject, PictureSize } from "@tongjian/domain/painting";

/**
 * The stand-in picture of a painting (no scan of the work can be had here): an abstract ink
 * rendering of the painting's proportions, subject and colouring, drawn from a seed so the same
 * painting always looks the same, and labelled 示意 along its whole length so that no part of
 * it can be taken for the work. It is described as shapes in the full picture's pixels; a tile
 * is the SVG of the shapes that cross it, which keeps a 50,000-pixel scroll cheap to draw.
 */

export interface StandInSpec {
  key: string;
  title: string;
  subject: PaintingSubject;
  medium: string;
  size: PictureSize;
}

interface Shape {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  svg: string;
}

interface Palette {
  ground: string;
  groundEdge: string;
  ink: string;
  wash: string;
  accent: string;
  accent2: string;
}

function seeded(key: string): () => number {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let s = h >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0;
    return ((s ^ (s >>> 16)) >>> 0) / 4294967296;
  };
}

function paletteOf(medium: string): Palette {
  const silk = medium.startsWith("绢");
  const ground = silk ? "#cbb487" : "#e6dcc4";
  const groundEdge = silk ? "#b39a6c" : "#d3c5a6";
  if (medium.includes("青绿")) {
    return {
      ground,
      groundEdge,
      ink: "#2f2a22",
      wash: "#6f7f6a",
      accent: "#2f7d78",
      accent2: "#3d6a9a",
    };
  }
  if (medium.includes("设色")) {
    return {
      ground,
      groundEdge,
      ink: "#2f2a22",
      wash: "#7a6f5c",
      accent: "#a5472f",
      accent2: "#4f7a5c",
    };
  }
  return {
    ground,
    groundEdge,
    ink: "#23201b",
    wash: "#6d675c",
    accent: "#4a453d",
    accent2: "#8a8275",
  };
}

const f = (n: number) => Math.round(n * 10) / 10;

/** A ridge line across [x0, x1]: peaks above `base`, at most `amp` high. */
function ridge(
  rand: () => number,
  x0: number,
  x1: number,
  base: number,
  amp: number,
  step: number,
) {
  const waves = [0, 1, 2].map((i) => ({
    k: (1 + rand() * 1.6) * (i + 1),
    p: rand() * 6.28,
    a: 1 / (i + 1) ** 1.2,
  }));
  const total = waves.reduce((n, w) => n + w.a, 0);
  const pts: { x: number; y: number }[] = [];
  for (let x = x0; x <= x1 + step; x += step) {
    const t = (Math.min(x, x1) - x0) / Math.max(1, x1 - x0);
    let y = 0;
    for (const w of waves) y += Math.sin(t * 6.28 * w.k + w.p) * w.a;
    const h = Math.max(0, (y / total + 0.35) / 1.35) ** 1.6;
    pts.push({ x: Math.min(x, x1), y: base - h * amp });
  }
  return pts;
}

function landscape(spec: StandInSpec, rand: () => number, p: Palette, shapes: Shape[]) {
  const { width: W, height: H } = spec.size;
  const tall = H > W;
  const layers = 4;
  // A long scroll is a sequence of views, each a group of peaks.
  const segment = tall ? W : Math.max(H * 1.8, 800);
  for (let layer = 0; layer < layers; layer++) {
    const base = H * (tall ? 0.5 + layer * 0.15 : 0.62 + layer * 0.11);
    const amp = H * (tall ? 0.45 - layer * 0.08 : 0.5 - layer * 0.09);
    for (let x = 0; x < W; x += segment) {
      const x1 = Math.min(W, x + segment + 2);
      const pts = ridge(rand, x, x1, base, amp, Math.max(4, (x1 - x) / 80));
      const top = Math.min(...pts.map((q) => q.y));
      const line = pts.map((q) => `${f(q.x)},${f(q.y)}`).join(" L");
      shapes.push({
        x0: x,
        x1,
        y0: top,
        y1: H,
        svg: `<path d="M${f(x)},${f(H)} L${line} L${f(x1)},${f(H)} Z" fill="url(#wash${layer})"/><path d="M${line}" fill="none" stroke="${p.ink}" stroke-opacity="${f(0.25 + layer * 0.12)}" stroke-width="${f(Math.max(1.5, H * 0.0025))}"/>`,
      });
      // Texture strokes (皴) below the ridge, and moss dots (苔点) on it.
      const strokes = Math.round((x1 - x) / Math.max(20, H * 0.02));
      for (let i = 0; i < strokes; i++) {
        const q = pts[Math.floor(rand() * pts.length)] as { x: number; y: number };
        const sy = q.y + rand() * amp * 0.5;
        const len = H * (0.01 + rand() * 0.03);
        const dot = rand() < 0.35;
        shapes.push({
          x0: q.x - len,
          x1: q.x + len,
          y0: sy - len,
          y1: sy + len * 1.2,
          svg: dot
            ? `<circle cx="${f(q.x)}" cy="${f(q.y + len * 0.2)}" r="${f(Math.max(1.5, len * 0.12))}" fill="${p.ink}" fill-opacity="0.55"/>`
            : `<path d="M${f(q.x)},${f(sy)} q${f(len * 0.3)},${f(len * 0.5)} ${f(len * 0.1)},${f(len)}" stroke="${p.ink}" stroke-opacity="0.3" stroke-width="${f(Math.max(1, len * 0.08))}" fill="none" stroke-linecap="round"/>`,
        });
      }
    }
    // Mist between the layers.
    for (let x = rand() * segment; x < W; x += segment * (0.6 + rand() * 0.8)) {
      const rx = segment * (0.3 + rand() * 0.4);
      const cy = base + amp * 0.05;
      shapes.push({
        x0: x - rx,
        x1: x + rx,
        y0: cy - H * 0.06,
        y1: cy + H * 0.06,
        svg: `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(H * 0.05)}" fill="${p.ground}" fill-opacity="0.55"/>`,
      });
    }
  }
  // Water and a few boats.
  for (let x = rand() * 400; x < W; x += 300 + rand() * 900) {
    const y = H * (0.86 + rand() * 0.08);
    const b = Math.max(20, H * 0.03);
    shapes.push({
      x0: x - b,
      x1: x + b,
      y0: y - b,
      y1: y + b,
      svg: `<path d="M${f(x - b)},${f(y)} q${f(b)},${f(b * 0.4)} ${f(b * 2)},0 z" fill="${p.ink}" fill-opacity="0.6"/>`,
    });
  }
}

function figures(
  spec: StandInSpec,
  rand: () => number,
  p: Palette,
  shapes: Shape[],
  dense: boolean,
) {
  const { width: W, height: H } = spec.size;
  // Ground, buildings and people along the picture.
  shapes.push({
    x0: 0,
    x1: W,
    y0: H * 0.72,
    y1: H,
    svg: `<rect x="0" y="${f(H * 0.72)}" width="${W}" height="${f(H * 0.28)}" fill="${p.wash}" fill-opacity="0.18"/>`,
  });
  const step = dense ? 90 : 160;
  for (let x = rand() * step; x < W; x += step * (0.5 + rand())) {
    const s = H * (0.06 + rand() * 0.05);
    const y = H * (0.55 + rand() * 0.35);
    const c = rand() < 0.5 ? p.accent : rand() < 0.5 ? p.accent2 : p.ink;
    shapes.push({
      x0: x - s,
      x1: x + s,
      y0: y - s * 2,
      y1: y + s,
      svg: `<g fill-opacity="0.75"><circle cx="${f(x)}" cy="${f(y - s * 1.5)}" r="${f(s * 0.3)}" fill="${p.ink}"/><path d="M${f(x - s * 0.45)},${f(y + s * 0.6)} L${f(x)},${f(y - s * 1.2)} L${f(x + s * 0.45)},${f(y + s * 0.6)} Z" fill="${c}"/></g>`,
    });
    if (rand() < 0.18) {
      const bw = H * (0.15 + rand() * 0.2);
      const by = H * (0.35 + rand() * 0.2);
      shapes.push({
        x0: x,
        x1: x + bw,
        y0: by - bw * 0.3,
        y1: by + bw * 0.6,
        svg: `<g><path d="M${f(x - bw * 0.1)},${f(by)} L${f(x + bw * 0.5)},${f(by - bw * 0.3)} L${f(x + bw * 1.1)},${f(by)} Z" fill="${p.ink}" fill-opacity="0.7"/><rect x="${f(x)}" y="${f(by)}" width="${f(bw)}" height="${f(bw * 0.55)}" fill="${p.wash}" fill-opacity="0.45" stroke="${p.ink}" stroke-opacity="0.5"/></g>`,
      });
    }
  }
}

function flowers(spec: StandInSpec, rand: () => number, p: Palette, shapes: Shape[]) {
  const { width: W, height: H } = spec.size;
  const span = Math.min(W, H) * 1.2;
  for (let x0 = 0; x0 < W; x0 += span) {
    const sx = x0 + rand() * span * 0.3;
    const sy = H * (0.7 + rand() * 0.3);
    let x = sx;
    let y = sy;
    const pts = [`${f(x)},${f(y)}`];
    for (let i = 0; i < 8; i++) {
      x += span * 0.1 * (0.5 + rand());
      y -= H * 0.08 * (rand() - 0.2);
      pts.push(`${f(x)},${f(y)}`);
      shapes.push({
        x0: x - 40,
        x1: x + 40,
        y0: y - 40,
        y1: y + 40,
        svg: `<circle cx="${f(x + (rand() - 0.5) * 30)}" cy="${f(y - 12)}" r="${f(6 + rand() * Math.min(W, H) * 0.02)}" fill="${rand() < 0.5 ? p.accent : p.ink}" fill-opacity="0.55"/>`,
      });
    }
    shapes.push({
      x0: sx,
      x1: x + 10,
      y0: Math.min(sy, y) - H * 0.2,
      y1: Math.max(sy, y) + H * 0.2,
      svg: `<polyline points="${pts.join(" ")}" stroke="${p.ink}" stroke-opacity="0.75" stroke-width="${f(Math.max(3, H * 0.008))}" fill="none" stroke-linecap="round"/>`,
    });
  }
}

/** The label repeated along the picture: a seal-red 示意 and what the picture is. */
function labels(spec: StandInSpec, shapes: Shape[]) {
  const { width: W, height: H } = spec.size;
  const s = Math.max(48, Math.min(H * 0.16, 220));
  const every = Math.max(s * 6, Math.min(W, 2400));
  for (let x = s * 0.4; x < W; x += every) {
    const y = s * 0.3;
    shapes.push({
      x0: x,
      x1: x + s * 6,
      y0: y,
      y1: y + s * 1.4,
      svg: `<g><rect x="${f(x)}" y="${f(y)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.08)}" fill="#b3261e"/><text x="${f(x + s / 2)}" y="${f(y + s * 0.68)}" font-size="${f(s * 0.42)}" text-anchor="middle" fill="#fff6e6" font-family="Noto Serif CJK SC, serif" font-weight="700">示意</text><text x="${f(x + s * 1.2)}" y="${f(y + s * 0.62)}" font-size="${f(s * 0.34)}" fill="#3a2e22" fill-opacity="0.85" font-family="Noto Serif CJK SC, serif">${escapeXml(spec.title)} · 程序绘制，非原作</text></g>`,
    });
  }
}

function escapeXml(text: string) {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every shape of a painting's stand-in, in full-size pixels. */
export function standInShapes(spec: StandInSpec): { palette: Palette; shapes: Shape[] } {
  const rand = seeded(spec.key);
  const palette = paletteOf(spec.medium);
  const shapes: Shape[] = [];
  if (spec.subject === "山水") landscape(spec, rand, palette, shapes);
  else if (spec.subject === "花鸟") flowers(spec, rand, palette, shapes);
  else {
    landscape(spec, rand, { ...palette, accent: palette.wash }, shapes);
    // Keep the hills faint behind people and animals.
    for (const s of shapes) s.svg = `<g opacity="0.45">${s.svg}</g>`;
    figures(spec, rand, palette, shapes, spec.subject === "风俗" || spec.subject === "宗教");
  }
  labels(spec, shapes);
  return { palette, shapes };
}

/**
 * The SVG of one region of the picture (x, y, w, h in full-size pixels) drawn at outW × outH.
 * Only the shapes that cross the region are written out.
 */
export function standInRegionSvg(
  drawing: { palette: Palette; shapes: Shape[] },
  region: { x: number; y: number; w: number; h: number },
  out: { width: number; height: number },
): string {
  const { x, y, w, h } = region;
  const body = drawing.shapes
    .filter((s) => s.x1 >= x && s.x0 <= x + w && s.y1 >= y && s.y0 <= y + h)
    .map((s) => s.svg)
    .join("");
  const p = drawing.palette;
  const washes = [p.wash, p.accent, p.accent2, p.ink]
    .map(
      (c, i) =>
        `<linearGradient id="wash${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}" stop-opacity="${f(0.35 + i * 0.15)}"/><stop offset="0.7" stop-color="${c}" stop-opacity="${f(0.08 + i * 0.04)}"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></linearGradient>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${out.width}" height="${out.height}" viewBox="${f(x)} ${f(y)} ${f(w)} ${f(h)}" preserveAspectRatio="none"><defs>${washes}</defs><rect x="${f(x - 1)}" y="${f(y - 1)}" width="${f(w + 2)}" height="${f(h + 2)}" fill="${p.ground}"/>${body}<rect x="${f(x - 1)}" y="${f(y - 1)}" width="${f(w + 2)}" height="${f(h + 2)}" fill="none" stroke="${p.groundEdge}" stroke-width="${f((w / out.width) * 2)}" stroke-opacity="0.4"/></svg>`;
}
