import sharp from "sharp";

// The share card of a test report: a 750×1000 PNG (chat apps show PNG, not SVG) drawn from an
// SVG with the CJK fonts installed on the server. It carries the kind, grade, score, level,
// percentile, strengths and gaps, never the reader's name.

const WIDTH = 750;
const HEIGHT = 1000;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export interface CardFacts {
  tagLabel: string;
  gradeLabel: string;
  score: number;
  level: string;
  percentile: number | null;
  strengths: string[];
  gaps: string[];
  answered: number;
  correct: number;
}

export function depthTestCardSvg(f: CardFacts): string {
  const line = (y: number, label: string, list: string[]) =>
    `<text x="80" y="${y}" font-size="30" fill="#f3e3c3">${escapeXml(label)}</text><text x="80" y="${y + 48}" font-size="34" fill="#fff">${escapeXml(list.length > 0 ? list.join("、") : "—")}</text>`;
  const beat =
    f.percentile === null
      ? `首位完成${f.gradeLabel}${f.tagLabel}的读者`
      : `超过 ${f.percentile}% 的${f.gradeLabel}读者`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="'Noto Serif CJK SC','Noto Sans CJK SC',serif"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6b2a1c"/><stop offset="1" stop-color="#b5654a"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/><rect x="28" y="28" width="${WIDTH - 56}" height="${HEIGHT - 56}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3"/><text x="${WIDTH / 2}" y="130" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(`${f.gradeLabel} · ${f.tagLabel}`)}</text><text x="${WIDTH / 2}" y="330" font-size="180" font-weight="700" fill="#fff" text-anchor="middle">${f.score}</text><text x="${WIDTH / 2}" y="390" font-size="30" fill="#f3e3c3" text-anchor="middle">得分（满分 100）</text><text x="${WIDTH / 2}" y="480" font-size="52" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(f.level)}</text><text x="${WIDTH / 2}" y="545" font-size="32" fill="#fff" opacity=".9" text-anchor="middle">${escapeXml(beat)}</text><text x="${WIDTH / 2}" y="595" font-size="26" fill="#fff" opacity=".75" text-anchor="middle">答对 ${f.correct} / ${f.answered} 题</text>${line(680, "擅长", f.strengths)}${line(800, "待加强", f.gaps)}<text x="${WIDTH / 2}" y="${HEIGHT - 60}" font-size="26" fill="#fff" opacity=".65" text-anchor="middle">通鉴 · 历史测评</text></svg>`;
}

export async function depthTestCardPng(f: CardFacts): Promise<Buffer> {
  return sharp(Buffer.from(depthTestCardSvg(f)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
