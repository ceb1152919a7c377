/**
 * 求签 (/divination, decision 42): a reader draws one lot a China day. Each lot quotes a line of
 * the classics and reads it against history and the reader's day; it is for fun and culture.
 */

/** From best to plainest; every grade still reads as advice, never as a prediction. */
export const LOT_GRADES = ["上上", "上吉", "中吉", "中平", "下平"] as const;
export type LotGrade = (typeof LOT_GRADES)[number];

export interface Lot {
  number: number;
  grade: LotGrade;
  /** The lot's four-character title (签题). */
  title: string;
  /** The quoted line, exactly as in the source. */
  verse: string;
  /** The source work (e.g. 论语·子罕, 早发白帝城). */
  work: string;
  author: string;
  /** Written for this product: the line, a moment of history, the reader's day. */
  reading: string;
}

/** The campaign's key (content/campaigns/divination/). */
export const DIVINATION_KEY = "divination";

/** A set needs at least this many lots (issue 22). */
export const MIN_LOTS = 60;

/** Shown with every lot. */
export const DIVINATION_NOTE = "签文仅供娱乐与传统文化欣赏，不作任何预测，请勿迷信。";

const DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"] as const;

/** 1 → 一, 12 → 十二, 20 → 二十, 64 → 六十四, 100 → 一百 (lot numbers up to 999). */
export function chineseNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) return String(n);
  if (n < 10) return DIGITS[n] as string;
  if (n < 20) return `十${n % 10 === 0 ? "" : DIGITS[n % 10]}`;
  if (n < 100) {
    const tens = DIGITS[Math.floor(n / 10)] as string;
    return `${tens}十${n % 10 === 0 ? "" : DIGITS[n % 10]}`;
  }
  const hundreds = `${DIGITS[Math.floor(n / 100)]}百`;
  const rest = n % 100;
  if (rest === 0) return hundreds;
  if (rest < 10) return `${hundreds}零${DIGITS[rest]}`;
  return `${hundreds}${rest < 20 ? "一" : ""}${chineseNumber(rest)}`;
}

/** 第十二签 */
export function lotLabel(n: number): string {
  return `第${chineseNumber(n)}签`;
}

/** The link any reader can open to see one lot. */
export function lotLink(n: number): string {
  return `/divination?lot=${n}`;
}

/** 《论语·子罕》 for a classic, 李白《早发白帝城》 for a poem. */
export function lotSource(lot: Pick<Lot, "work" | "author">): string {
  return lot.author.startsWith("佚名") || lot.author.startsWith("孔子弟子")
    ? `《${lot.work}》`
    : `${lot.author}《${lot.work}》`;
}

/** What is wrong with a set of lots, in Chinese; empty when it can be used. */
export function lotSetProblems(lots: readonly Lot[]): string[] {
  const problems: string[] = [];
  if (lots.length < MIN_LOTS) problems.push(`签文至少 ${MIN_LOTS} 支，现有 ${lots.length} 支`);
  const seen = new Set<number>();
  for (const lot of lots) {
    if (seen.has(lot.number)) problems.push(`签号重复：${lot.number}`);
    seen.add(lot.number);
    if (!Number.isInteger(lot.number) || lot.number < 1)
      problems.push(`签号须为正整数：${lot.number}`);
    if (!LOT_GRADES.includes(lot.grade)) problems.push(`第 ${lot.number} 签的等级不正确`);
    for (const field of ["title", "verse", "work", "author", "reading"] as const)
      if (lot[field].trim().length === 0) problems.push(`第 ${lot.number} 签缺少 ${field}`);
  }
  return problems;
}

/** The lot with this number, or null. */
export function findLot(lots: readonly Lot[], n: number): Lot | null {
  return lots.find((l) => l.number === n) ?? null;
}
