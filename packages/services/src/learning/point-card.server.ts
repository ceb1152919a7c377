import type { PointDetail } from "@tongjian/contracts/learning";
import sharp from "sharp";

// The share card of a knowledge point: its title, era and theme, the start of its lesson and a
// QR code of its page, as a 750×1000 PNG (chat apps show PNG, not SVG). The QR code comes
// drawn (an SVG), and is laid on the card as it is.

const WIDTH = 750;
const HEIGHT = 1000;
const QR_SIZE = 240;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** Cuts text into lines of at most `width` characters, at most `lines` lines (the last with …). */
export function wrapLines(text: string, width: number, lines: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length && out.length < lines; i += width)
    out.push(chars.slice(i, i + width).join(""));
  if (chars.length > width * lines && out.length) {
    const last = [...(out.at(-1) as string)];
    out[out.length - 1] = `${last.slice(0, -1).join("")}…`;
  }
  return out;
}

export function pointCardSvg(point: PointDetail): string {
  const title = wrapLines(point.title, 12, 2);
  const lesson = wrapLines(point.lesson.join(""), 20, 9);
  const titleY = 170;
  const lessonY = titleY + title.length * 68 + 60;
  const text = (x: number, y: number, size: number, s: string, extra = "") =>
    `<text x="${x}" y="${y}" font-size="${size}" ${extra}>${escapeXml(s)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><rect width="${WIDTH}" height="${HEIGHT}" fill="#f6efe2"/><rect x="24" y="24" width="${WIDTH - 48}" height="${HEIGHT - 48}" fill="none" stroke="#8a3b24" stroke-opacity=".45" stroke-width="3"/>${text(60, 96, 28, `知识点 · ${point.eraLabel} · ${point.themeLabel}`, 'fill="#8a3b24"')}${title
    .map((line, i) => text(60, titleY + i * 68, 56, line, 'font-weight="700" fill="#2b1d14"'))
    .join("")}${lesson
    .map((line, i) => text(60, lessonY + i * 44, 30, line, 'fill="#3d3028"'))
    .join(
      "",
    )}${text(60, HEIGHT - 150, 24, "长按或扫码，读完整讲解并练一练", 'fill="#3d3028"')}${text(60, HEIGHT - 100, 26, "通鉴 · 知识点", 'fill="#8a3b24"')}</svg>`;
}

/**
 * The card as a PNG, the QR code (an SVG) at its lower right; with a size, cut down to it (a
 * share thumbnail asks for 50×50: the top of the card, where the title is).
 */
export async function pointCardPng(
  point: PointDetail,
  qrSvg: string,
  size?: { w: number; h: number },
): Promise<Buffer> {
  const qr = await sharp(Buffer.from(qrSvg)).resize(QR_SIZE, QR_SIZE).png().toBuffer();
  const card = await sharp(Buffer.from(pointCardSvg(point)))
    .composite([{ input: qr, left: WIDTH - QR_SIZE - 56, top: HEIGHT - QR_SIZE - 56 }])
    .png()
    .toBuffer();
  const out = sharp(card);
  if (size) out.resize(size.w, size.h, { fit: "cover", position: "top" });
  return out.png({ compressionLevel: 8 }).toBuffer();
}
