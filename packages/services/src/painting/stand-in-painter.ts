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

/** A ridge line across [x0, x1] at base y, made of summed waves. */
function ridge(
  rand: () => number,
  x0: number,
  x1: number,
  base: number,
  amp: number,
  step: number,
) {
  const waves = [0, 1, 2].map(() => ({ k: 0.5 + rand() * 3, p: rand() * 6.28, a: 0.3 + rand() }));
  const pts: string[] = [];
  for (let x = x0; x <= x1 + step; x += step) {
    const t = (x - x0) / Math.max(1, x1 - x0);
    let y = 0;
    for (const w of waves) y += Math.sin(t * 6.28 * w.k * ((x1 - x0) / (amp * 12)) + w.p) * w.a;
    pts.push(`${f(Math.min(x, x1))},${f(base - Math.abs(y) * amp)}`);
  }
  return pts;
}

function landscape(spec: StandInSpec, rand: () => number, p: Palette, shapes: Shape[]) {
  const { width: W, height: H } = spec.size;
  const layers = 4;
  // Mountains are laid out in segments, so a long scroll is a sequence of views.
  const segment = Math.max(H * 1.6, 800);
  for (let layer = 0; layer < layers; layer++) {
    const base = H * (0.55 + layer * 0.12);
    const amp = H * (0.42 - layer * 0.07);
    const colour = layer === 0 ? p.wash : layer % 2 ? p.accent : p.ink;
    const opacity = 0.18 + layer * 0.14;
    for (let x = 0; x < W; x += segment) {
      const x1 = Math.min(W, x + segment + 2);
      const pts = ridge(rand, x, x1, base, amp, Math.max(6, segment / 60));
      const top = Math.min(...pts.map((s) => Number(s.split(",")[1])));
      shapes.push({
        x0: x,
        x1,
        y0: top,
        y1: H,
        svg: `<path d="M${f(x)},${f(H)} L${pts.join(" L")} L${f(x1)},${f(H)} Z" fill="${colour}" fill-opacity="${f(opacity)}"/>`,
      });
      // Texture strokes (皴) on the ridge.
      for (let i = 0; i < 10; i++) {
        const sx = x + rand() * segment;
        if (sx > W) break;
        const sy = base - rand() * amp * 0.9;
        const len = 10 + rand() * H * 0.08;
        shapes.push({
          x0: sx - len,
          x1: sx + len,
          y0: sy - len,
          y1: sy + len,
          svg: `<path d="M${f(sx)},${f(sy)} q${f(len * 0.4)},${f(len * 0.6)} ${f(len * 0.2)},${f(len)}" stroke="${p.ink}" stroke-opacity="0.35" stroke-width="${f(1.5 + rand() * 3)}" fill="none"/>`,
        });
      }
    }
  }
  // Water and a few boats.
  for (let x = rand() * 400; x < W; x += 300 + rand() * 900) {
    const y = H * (0.8 + rand() * 0.12);
    shapes.push({
      x0: x - 40,
      x1: x + 40,
      y0: y - 10,
      y1: y + 10,
      svg: `<path d="M${f(x - 30)},${f(y)} q30,12 60,0 z" fill="${p.ink}" fill-opacity="0.6"/>`,
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
    for (const s of shapes)
      s.svg = s.svg.replace(
        /fill-opacity="([\d.]+)"/,
        (_m, v) => `fill-opacity="${f(Number(v) * 0.4)}"`,
      );
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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${out.width}" height="${out.height}" viewBox="${f(x)} ${f(y)} ${f(w)} ${f(h)}" preserveAspectRatio="none"><rect x="${f(x - 1)}" y="${f(y - 1)}" width="${f(w + 2)}" height="${f(h + 2)}" fill="${p.ground}"/>${body}<rect x="${f(x - 1)}" y="${f(y - 1)}" width="${f(w + 2)}" height="${f(h + 2)}" fill="none" stroke="${p.groundEdge}" stroke-width="${f((w / out.width) * 2)}" stroke-opacity="0.4"/></svg>`;
}
