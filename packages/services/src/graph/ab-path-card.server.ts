import type { AbPathSaveDetail } from "@tongjian/contracts/graph-path";
import sharp from "sharp";

// The Open Graph card of a saved A-to-B path: the chain drawn left to right with each relation
// over its link, as a 1200×630 PNG (chat apps and social sites show PNG and JPEG previews, not
// SVG). Drawn from the saved snapshot, so it matches what the shared link shows.

const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

const cut = (s: string, n: number) => {
  const chars = [...s];
  return chars.length > n ? `${chars.slice(0, n - 1).join("")}…` : s;
};

export function abPathCardSvg(saved: AbPathSaveDetail): string {
  const { result } = saved;
  const path = result.paths[0];
  const ids = path?.nodeIds ?? [result.source.id, result.destination.id];
  const nodes = ids.map((id) => result.nodes[id] ?? result.source);
  const count = nodes.length;
  const gap = count > 1 ? Math.min(260, (WIDTH - 200) / (count - 1)) : 0;
  const left = (WIDTH - gap * (count - 1)) / 2;
  const y = 340;
  const radius = Math.min(62, gap / 2 - 10 || 62);
  const nameChars = gap >= 200 ? 5 : gap >= 140 ? 4 : 3;
  const labelChars = gap >= 200 ? 6 : 4;
  // Between close circles a label would run over them: it goes above the row instead.
  const labelY = gap >= 200 ? y - 18 : y - radius - 18;
  const parts: string[] = [];
  path?.steps.forEach((step, i) => {
    const x1 = left + i * gap + radius;
    const x2 = left + (i + 1) * gap - radius;
    parts.push(
      `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="#f3e3c3" stroke-width="4" stroke-opacity=".8"/>`,
      `<text x="${(x1 + x2) / 2}" y="${labelY}" font-size="26" fill="#f3e3c3" text-anchor="middle">${escapeXml(cut(step.stepLabel, labelChars))}</text>`,
    );
  });
  nodes.forEach((node, i) => {
    const x = left + i * gap;
    const end = i === 0 || i === count - 1;
    parts.push(
      `<circle cx="${x}" cy="${y}" r="${radius}" fill="${end ? "#f3e3c3" : "#fff"}" fill-opacity="${end ? 1 : 0.92}" stroke="#f3e3c3" stroke-width="4"/>`,
      `<text x="${x}" y="${y}" font-size="${Math.round(radius * 0.9)}" font-weight="700" fill="#7a2e1c" text-anchor="middle" dominant-baseline="central">${escapeXml(node.initials)}</text>`,
      `<text x="${x}" y="${y + radius + 44}" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(cut(node.name, nameChars))}</text>`,
    );
  });
  const title = `${cut(result.source.name, 8)} 与 ${cut(result.destination.name, 8)} 的关系链`;
  const steps = result.length ?? path?.length ?? 0;
  const subtitle = path ? `${steps} 步相连 · 共 ${result.paths.length} 条关系链` : result.message;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b2a1c"/><stop offset="1" stop-color="#b5654a"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/><rect x="28" y="28" width="${WIDTH - 56}" height="${HEIGHT - 56}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3"/><text x="${WIDTH / 2}" y="124" font-size="58" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text><text x="${WIDTH / 2}" y="182" font-size="30" fill="#fff" opacity=".8" text-anchor="middle">${escapeXml(subtitle)}</text>${parts.join("")}<text x="${WIDTH / 2}" y="${HEIGHT - 56}" font-size="26" fill="#fff" opacity=".65" text-anchor="middle">通鉴 · 人物关系路径</text></svg>`;
}

export async function abPathCardPng(saved: AbPathSaveDetail): Promise<Buffer> {
  return sharp(Buffer.from(abPathCardSvg(saved)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
