import type { MuseumExhibit } from "@tongjian/contracts/museum";

/**
 * The pictures of the museum's exhibits. No image of the real paintings ships with the product,
 * so each is an honest stand-in drawn on a canvas: the shape of its mount (a long handscroll, a
 * tall hanging scroll, an album leaf, a framed panel), a muted motif generated from its 画科 (ink
 * mountains, figures, a river town, columns of brushwork for calligraphy), its title in brush-like
 * type, a seal, and a clear 示意 mark so that no one takes it for the work.
 */

/** Pixels per texture, whatever its shape: about 400 × 400 (the long side at most 1024). */
const PIXEL_BUDGET = 400 * 400;
const MAX_SIDE = 1024;
export const LABEL_PX = { width: 256, height: 168 };

const BRUSH_FONT =
  '"STKaiti", "KaiTi", "Kaiti SC", "AR PL UKai CN", "Noto Serif CJK SC", "Source Han Serif SC", serif';
const PLAIN_FONT = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

/** Muted palettes: silk, ink, the mounting's brocade, a colour for 设色 and 青绿. */
const PALETTES = [
  { silk: "#dccfb4", ink: "#3b352d", brocade: "#5f6f6a", tint: "#9a6b4f" },
  { silk: "#e3d7bd", ink: "#2f2b26", brocade: "#6b5a43", tint: "#7d8a6a" },
  { silk: "#d6c6a5", ink: "#403529", brocade: "#4f5d6b", tint: "#a0744d" },
  { silk: "#e0d2b2", ink: "#352f28", brocade: "#6a4f4a", tint: "#6f8479" },
];

/** A small deterministic hash of a string (FNV-1a), so an exhibit is always drawn alike. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded pseudo-random sequence in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Canvas pixels for a picture of the given proportions (width / height). */
export function texturePixels(ratio: number): { width: number; height: number } {
  let width = Math.sqrt(PIXEL_BUDGET * ratio);
  let height = width / ratio;
  if (width > MAX_SIDE) {
    width = MAX_SIDE;
    height = width / ratio;
  }
  if (height > MAX_SIDE) {
    height = MAX_SIDE;
    width = height * ratio;
  }
  return { width: Math.max(32, Math.round(width)), height: Math.max(32, Math.round(height)) };
}

export type Motif = "landscape" | "blue-green" | "figures" | "river-town" | "script" | "portrait";

/** What the stand-in shows, from the work's category, 画科 and mount. */
export function motifOf(exhibit: Pick<MuseumExhibit, "category" | "form" | "mount">): Motif {
  if (exhibit.category === "书法") return "script";
  const form = exhibit.form ?? "";
  if (exhibit.mount === "画板" || form.includes("肖像")) return "portrait";
  if (form.includes("青绿")) return "blue-green";
  if (form.includes("山水")) return "landscape";
  if (form.includes("风俗")) return "river-town";
  return "figures";
}

type Ctx = CanvasRenderingContext2D;
type Palette = (typeof PALETTES)[number];
interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

function mountains(ctx: Ctx, a: Area, rand: () => number, colours: string[]) {
  const layers = colours.length;
  for (let layer = 0; layer < layers; layer += 1) {
    const base = a.y + a.h * (0.45 + (layer / layers) * 0.5);
    const peak = a.h * (0.5 - layer * 0.08);
    ctx.fillStyle = colours[layer] ?? "#000";
    ctx.globalAlpha = 0.3 + layer * 0.15;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y + a.h);
    const steps = 6 + Math.floor(rand() * 6);
    for (let i = 0; i <= steps; i += 1) {
      const px = a.x + (a.w * i) / steps;
      const py = base - peak * (0.25 + rand() * 0.75);
      ctx.quadraticCurveTo(px - a.w / steps / 2, py - peak * 0.2 * rand(), px, py);
    }
    ctx.lineTo(a.x + a.w, a.y + a.h);
    ctx.closePath();
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function figures(ctx: Ctx, a: Area, rand: () => number, p: Palette) {
  const count = Math.max(2, Math.min(9, Math.round(a.w / (a.h * 0.45))));
  for (let i = 0; i < count; i += 1) {
    const cx = a.x + (a.w * (i + 0.5)) / count + (rand() - 0.5) * a.w * 0.04;
    const h = a.h * (0.42 + rand() * 0.2);
    const foot = a.y + a.h * 0.86;
    ctx.globalAlpha = 0.75;
    ctx.fillStyle = i % 3 === 1 ? p.tint : p.ink;
    // A robe: a soft trapezoid; a head: a circle.
    ctx.beginPath();
    ctx.moveTo(cx - h * 0.12, foot - h * 0.72);
    ctx.quadraticCurveTo(cx - h * 0.3, foot - h * 0.2, cx - h * 0.22, foot);
    ctx.lineTo(cx + h * 0.22, foot);
    ctx.quadraticCurveTo(cx + h * 0.3, foot - h * 0.2, cx + h * 0.12, foot - h * 0.72);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.arc(cx, foot - h * 0.82, h * 0.09, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function riverTown(ctx: Ctx, a: Area, rand: () => number, p: Palette) {
  ctx.globalAlpha = 0.35;
  ctx.fillStyle = "#7f8f8c";
  ctx.fillRect(a.x, a.y + a.h * 0.55, a.w, a.h * 0.18);
  ctx.globalAlpha = 0.8;
  ctx.strokeStyle = p.ink;
  ctx.lineWidth = Math.max(1, a.h * 0.02);
  // A rainbow bridge over the river.
  const bx = a.x + a.w * (0.35 + rand() * 0.3);
  ctx.beginPath();
  ctx.arc(bx, a.y + a.h * 0.75, a.h * 0.22, Math.PI * 1.1, Math.PI * 1.9);
  ctx.stroke();
  const houses = Math.max(4, Math.round(a.w / (a.h * 0.3)));
  for (let i = 0; i < houses; i += 1) {
    const hx = a.x + (a.w * i) / houses + rand() * a.h * 0.1;
    const top = rand() > 0.5;
    const hy = top ? a.y + a.h * 0.25 : a.y + a.h * 0.78;
    const w = a.h * (0.12 + rand() * 0.08);
    ctx.fillStyle = p.ink;
    ctx.globalAlpha = 0.55;
    ctx.fillRect(hx, hy, w, a.h * 0.1);
    ctx.beginPath();
    ctx.moveTo(hx - w * 0.2, hy);
    ctx.lineTo(hx + w / 2, hy - a.h * 0.07);
    ctx.lineTo(hx + w * 1.2, hy);
    ctx.closePath();
    ctx.fill();
  }
  ctx.globalAlpha = 1;
}

/** Columns of brush marks, right to left, that read as writing without being any text. */
function script(ctx: Ctx, a: Area, rand: () => number, p: Palette) {
  const cell = Math.max(8, Math.min(a.h / 8, a.w / 6));
  const columns = Math.floor(a.w / (cell * 1.25));
  const rows = Math.floor(a.h / cell);
  ctx.fillStyle = p.ink;
  for (let c = 0; c < columns; c += 1) {
    const x = a.x + a.w - (c + 0.6) * cell * 1.25;
    const rowsHere = rows - (rand() < 0.25 ? Math.floor(rand() * rows * 0.6) : 0);
    for (let r = 0; r < rowsHere; r += 1) {
      const y = a.y + (r + 0.5) * cell;
      ctx.globalAlpha = 0.55 + rand() * 0.35;
      const strokes = 2 + Math.floor(rand() * 3);
      for (let s = 0; s < strokes; s += 1) {
        ctx.beginPath();
        const angle = rand() * Math.PI;
        ctx.ellipse(
          x + (rand() - 0.5) * cell * 0.4,
          y + (rand() - 0.5) * cell * 0.4,
          cell * (0.2 + rand() * 0.2),
          cell * 0.06,
          angle,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
    }
  }
  ctx.globalAlpha = 1;
}

function portrait(ctx: Ctx, a: Area, p: Palette) {
  const gradient = ctx.createLinearGradient(a.x, a.y, a.x, a.y + a.h);
  gradient.addColorStop(0, "#6d6a4f");
  gradient.addColorStop(1, "#3d3427");
  ctx.fillStyle = gradient;
  ctx.fillRect(a.x, a.y, a.w, a.h);
  ctx.fillStyle = "#2a2119";
  ctx.beginPath();
  ctx.ellipse(a.x + a.w / 2, a.y + a.h * 0.95, a.w * 0.42, a.h * 0.42, 0, Math.PI, 0);
  ctx.fill();
  ctx.fillStyle = p.tint;
  ctx.globalAlpha = 0.8;
  ctx.beginPath();
  ctx.ellipse(a.x + a.w / 2, a.y + a.h * 0.36, a.w * 0.16, a.h * 0.15, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalAlpha = 1;
}

/** Text set one character under another (the title on a hanging scroll's label strip). */
function verticalText(ctx: Ctx, text: string, x: number, y: number, size: number) {
  [...text].forEach((ch, i) => {
    ctx.fillText(ch, x, y + i * size * 1.05);
  });
}

function seal(ctx: Ctx, x: number, y: number, size: number, ch: string) {
  ctx.fillStyle = "#a23b2a";
  ctx.globalAlpha = 0.85;
  ctx.fillRect(x, y, size, size);
  ctx.globalAlpha = 1;
  ctx.fillStyle = "#f2e6d0";
  ctx.font = `${Math.round(size * 0.7)}px ${BRUSH_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(ch, x + size / 2, y + size / 2 + size * 0.04);
}

/** The 示意 mark: a dark badge with light text, in a corner, on every picture. */
function standInMark(ctx: Ctx, width: number, height: number) {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.09));
  const text = "示意图 · 非原作";
  ctx.font = `bold ${size}px ${PLAIN_FONT}`;
  const w = ctx.measureText(text).width + size;
  const h = size * 1.5;
  const x = size * 0.4;
  const y = height - h - size * 0.4;
  ctx.fillStyle = "rgba(20, 16, 12, 0.78)";
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = "#f6efe2";
  ctx.textAlign = "left";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + size / 2, y + h / 2);
}

/**
 * Draws the stand-in of an exhibit on `canvas`, sized for a picture of `ratio` (width / height)
 * on the wall.
 */
export function drawExhibitPicture(
  canvas: HTMLCanvasElement,
  exhibit: Pick<MuseumExhibit, "id" | "name" | "category" | "form" | "mount" | "artist">,
  ratio: number,
): void {
  const { width, height } = texturePixels(ratio);
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const seed = hashOf(exhibit.id);
  const rand = seeded(seed);
  const palette = PALETTES[seed % PALETTES.length] as Palette;
  const motif = motifOf(exhibit);

  // The mounting (装裱) around the picture: brocade for scrolls, a narrow margin for a panel.
  const scroll = exhibit.mount === "卷" || exhibit.mount === "轴";
  ctx.fillStyle = exhibit.mount === "画板" ? "#2b2520" : palette.brocade;
  ctx.fillRect(0, 0, width, height);
  const short = Math.min(width, height);
  const border = Math.round(short * (scroll ? 0.07 : 0.04));
  // A handscroll keeps its title strip (引首) at its right end, a hanging scroll at its top.
  const strip =
    exhibit.mount === "卷"
      ? Math.round(height * 0.42)
      : exhibit.mount === "轴"
        ? Math.round(height * 0.22)
        : 0;
  const area: Area =
    exhibit.mount === "卷"
      ? { x: border, y: border, w: width - 2 * border - strip, h: height - 2 * border }
      : exhibit.mount === "轴"
        ? { x: border, y: border + strip, w: width - 2 * border, h: height - 2 * border - strip }
        : { x: border, y: border, w: width - 2 * border, h: height - 2 * border };
  ctx.fillStyle = palette.silk;
  ctx.fillRect(area.x, area.y, area.w, area.h);

  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.w, area.h);
  ctx.clip();
  switch (motif) {
    case "landscape":
      mountains(ctx, area, rand, ["#9c9686", "#6f695d", palette.ink]);
      break;
    case "blue-green":
      mountains(ctx, area, rand, ["#8fa8a0", "#4f7f78", "#3d6270"]);
      break;
    case "river-town":
      riverTown(ctx, area, rand, palette);
      break;
    case "script":
      script(ctx, area, rand, palette);
      break;
    case "portrait":
      portrait(ctx, area, palette);
      break;
    default:
      figures(ctx, area, rand, palette);
  }
  ctx.restore();

  // The title: on its strip for scrolls, in the picture's upper right otherwise.
  const title = exhibit.name;
  ctx.fillStyle = "#f1e7d2";
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  if (exhibit.mount === "卷") {
    const stripX = width - border - strip;
    ctx.fillStyle = "#e9dcc0";
    ctx.fillRect(stripX, border, strip, height - 2 * border);
    const size = Math.min(strip * 0.7, (height - 2 * border) / (title.length + 0.6));
    ctx.fillStyle = palette.ink;
    ctx.font = `${Math.round(size)}px ${BRUSH_FONT}`;
    verticalText(ctx, title, stripX + strip / 2, border + size * 0.3, size);
  } else if (exhibit.mount === "轴") {
    const size = Math.min(width * 0.1, (strip - border) / (title.length * 1.1 + 0.4));
    ctx.fillStyle = "#e9dcc0";
    ctx.fillRect(
      width - border - size * 1.4,
      border,
      size * 1.3,
      size * (title.length * 1.05 + 0.4),
    );
    ctx.fillStyle = palette.ink;
    ctx.font = `${Math.round(size)}px ${BRUSH_FONT}`;
    verticalText(ctx, title, width - border - size * 0.75, border + size * 0.2, size);
  } else {
    const size = Math.max(12, Math.min(area.w / (title.length + 1), area.h * 0.1));
    ctx.fillStyle = exhibit.mount === "画板" ? "#eadfca" : palette.ink;
    ctx.font = `${Math.round(size)}px ${BRUSH_FONT}`;
    ctx.fillText(title, area.x + area.w / 2, area.y + size * 0.4);
  }

  const sealSize = Math.max(10, Math.round(Math.min(area.w, area.h) * 0.1));
  seal(
    ctx,
    area.x + area.w - sealSize * 1.4,
    area.y + area.h - sealSize * 1.4,
    sealSize,
    [...(exhibit.artist ?? exhibit.name)][0] ?? "印",
  );
  standInMark(ctx, width, height);
}

/** Wraps text to lines of at most `max` pixels. */
function wrap(ctx: Ctx, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const ch of text) {
    if (ctx.measureText(line + ch).width > max && line) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/** The label plaque beside a picture: its name, who made it, its dynasty and form. */
export function drawExhibitLabel(
  canvas: HTMLCanvasElement,
  exhibit: Pick<MuseumExhibit, "name" | "artist" | "dynasty" | "form" | "category">,
): void {
  canvas.width = LABEL_PX.width;
  canvas.height = LABEL_PX.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const { width, height } = LABEL_PX;
  ctx.fillStyle = "#f4ecdc";
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = "#b9a888";
  ctx.lineWidth = 3;
  ctx.strokeRect(1.5, 1.5, width - 3, height - 3);
  ctx.fillStyle = "#231d17";
  ctx.textAlign = "left";
  ctx.textBaseline = "top";
  ctx.font = `bold 30px ${BRUSH_FONT}`;
  const [first = exhibit.name] = wrap(ctx, `《${exhibit.name}》`, width - 28);
  ctx.fillText(first, 12, 14);
  ctx.font = `20px ${PLAIN_FONT}`;
  ctx.fillStyle = "#4a4037";
  const lines = [
    ...wrap(ctx, exhibit.artist ?? "作者不详", width - 28).slice(0, 2),
    [exhibit.dynasty, exhibit.form ?? exhibit.category].filter(Boolean).join(" · "),
  ];
  lines.slice(0, 3).forEach((line, i) => {
    ctx.fillText(line, 14, 58 + i * 28);
  });
  ctx.font = `16px ${PLAIN_FONT}`;
  ctx.fillStyle = "#7a6c5c";
  ctx.fillText("画面为示意图", 14, height - 26);
}

/** A room sign over a doorway: the name of the room it leads to. */
export function drawRoomSign(canvas: HTMLCanvasElement, text: string): void {
  canvas.width = 512;
  canvas.height = 128;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.fillStyle = "#3a2e25";
  ctx.fillRect(0, 0, 512, 128);
  ctx.fillStyle = "#efe3cc";
  ctx.font = `56px ${BRUSH_FONT}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, 256, 68);
}
