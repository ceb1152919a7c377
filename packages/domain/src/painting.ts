/**
 * Paintings (名画, issue 19): a painting is a work of category 绘画 with a mount, a size, a
 * medium and a subject (docs/content-format.md "Painting"). These are the rules that the content
 * check, the server and the screens share: the subjects and formats a reader can sort by, the
 * dynasty a painting is filed under, and the geometry of its picture and of its tile pyramid.
 */

export const PAINTING_SUBJECTS = ["山水", "人物", "花鸟", "走兽", "风俗", "宗教"] as const;
export type PaintingSubject = (typeof PAINTING_SUBJECTS)[number];

/** The formats a reader sorts by: a handscroll, a hanging scroll, an album leaf. */
export const PAINTING_FORMATS = ["卷", "轴", "册页"] as const;
export type PaintingFormat = (typeof PAINTING_FORMATS)[number];

export interface PaintingDynasty {
  slug: string;
  name: string;
}

/** The dynasties paintings are filed under, oldest first. */
export const PAINTING_DYNASTIES: PaintingDynasty[] = [
  { slug: "jin", name: "魏晋南北朝" },
  { slug: "sui-tang", name: "隋唐" },
  { slug: "wudai", name: "五代" },
  { slug: "song", name: "宋辽金" },
  { slug: "yuan", name: "元" },
  { slug: "ming", name: "明" },
  { slug: "qing", name: "清" },
  { slug: "modern", name: "近现代" },
];

const DYNASTY_OF_REGIME: Record<string, string> = {
  jin: "jin",
  "xi-jin": "jin",
  "dong-jin": "jin",
  "nan-bei-chao": "jin",
  "liu-song": "jin",
  "nan-qi": "jin",
  "liang-nanchao": "jin",
  "chen-nanchao": "jin",
  "bei-wei": "jin",
  "dong-wei": "jin",
  "xi-wei": "jin",
  "bei-qi": "jin",
  "bei-zhou": "jin",
  "cao-wei": "jin",
  sui: "sui-tang",
  tang: "sui-tang",
  "wu-zhou": "sui-tang",
  "wu-dai-shi-guo": "wudai",
  "hou-liang-wudai": "wudai",
  "hou-tang": "wudai",
  "hou-jin-wudai": "wudai",
  "hou-han-wudai": "wudai",
  "hou-zhou": "wudai",
  "nan-tang": "wudai",
  "qian-shu": "wudai",
  "hou-shu": "wudai",
  "wu-yue": "wudai",
  liao: "wudai",
  song: "song",
  "bei-song": "song",
  "nan-song": "song",
  "jin-nuzhen": "song",
  "xi-xia": "song",
  yuan: "yuan",
  ming: "ming",
  "nan-ming": "ming",
  qing: "qing",
  "zhonghua-minguo": "modern",
  "zhonghua-renmin-gongheguo": "modern",
};

/** The dynasty a painting of this regime is filed under, or undefined for a regime not listed. */
export function paintingDynastyOf(regimeKey: string | undefined): PaintingDynasty | undefined {
  const slug = regimeKey ? DYNASTY_OF_REGIME[regimeKey] : undefined;
  return PAINTING_DYNASTIES.find((d) => d.slug === slug);
}

/** Latin slugs of the sort pages (/paintingsort/subject/shanshui). */
export const SUBJECT_SLUGS: Record<PaintingSubject, string> = {
  山水: "shanshui",
  人物: "renwu",
  花鸟: "huaniao",
  走兽: "zoushou",
  风俗: "fengsu",
  宗教: "zongjiao",
};
export const FORMAT_SLUGS: Record<PaintingFormat, string> = {
  卷: "juan",
  轴: "zhou",
  册页: "ceye",
};

export type PaintingSortFacet = "dynasty" | "subject" | "format";

/** A sort page's facet and value from its slugs, or null when either is unknown. */
export function parsePaintingSort(
  facet: string,
  slug: string,
): { facet: PaintingSortFacet; value: string; label: string } | null {
  if (facet === "dynasty") {
    const d = PAINTING_DYNASTIES.find((x) => x.slug === slug);
    return d ? { facet, value: d.slug, label: d.name } : null;
  }
  if (facet === "subject") {
    const s = PAINTING_SUBJECTS.find((x) => SUBJECT_SLUGS[x] === slug);
    return s ? { facet, value: s, label: s } : null;
  }
  if (facet === "format") {
    const f = PAINTING_FORMATS.find((x) => FORMAT_SLUGS[x] === slug);
    return f ? { facet, value: f, label: f } : null;
  }
  return null;
}

/** Pixels per centimetre of a drawn stand-in: a 5-metre scroll is over 20,000 pixels wide. */
export const STAND_IN_PX_PER_CM = 40;
/** The longest side a picture may have, drawn or imported. */
export const MAX_PICTURE_SIDE = 60000;
/** The side of a square tile of the pyramid. */
export const TILE_SIZE = 512;

export interface PictureSize {
  width: number;
  height: number;
}

/** The pixel size of the drawn stand-in of a painting of this size in centimetres. */
export function standInSize(cm: { width: number; height: number }): PictureSize {
  let width = Math.round(cm.width * STAND_IN_PX_PER_CM);
  let height = Math.round(cm.height * STAND_IN_PX_PER_CM);
  const longest = Math.max(width, height);
  if (longest > MAX_PICTURE_SIDE) {
    const k = MAX_PICTURE_SIDE / longest;
    width = Math.max(1, Math.round(width * k));
    height = Math.max(1, Math.round(height * k));
  }
  return { width, height };
}

/**
 * The levels of a picture's tile pyramid: level 0 is the full picture, each next level half the
 * size, down to the first level whose longest side fits in one tile.
 */
export function pyramidLevels(size: PictureSize): PictureSize[] {
  const levels: PictureSize[] = [];
  let level = 0;
  for (;;) {
    const k = 2 ** level;
    const width = Math.max(1, Math.ceil(size.width / k));
    const height = Math.max(1, Math.ceil(size.height / k));
    levels.push({ width, height });
    if (Math.max(width, height) <= TILE_SIZE) return levels;
    level += 1;
  }
}

/** The tile grid of one level: how many columns and rows of tiles. */
export function tileGrid(level: PictureSize): { cols: number; rows: number } {
  return { cols: Math.ceil(level.width / TILE_SIZE), rows: Math.ceil(level.height / TILE_SIZE) };
}

/** Whether (level, x, y) names a tile of this picture. */
export function isTileOf(size: PictureSize, level: number, x: number, y: number): boolean {
  const levels = pyramidLevels(size);
  if (!Number.isInteger(level) || level < 0 || level >= levels.length) return false;
  const { cols, rows } = tileGrid(levels[level] as PictureSize);
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < cols && y < rows;
}

/** "纵 24.8 厘米 × 横 528 厘米" */
export function formatPaintingSize(cm: { width: number; height: number }): string {
  const n = (v: number) => `${Math.round(v * 10) / 10}`;
  return `纵 ${n(cm.height)} 厘米 × 横 ${n(cm.width)} 厘米`;
}
