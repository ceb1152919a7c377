/**
 * Rules of books and the reader (issue 19 §3) that the server, the pages and the tests share:
 * keys, font sizes, the reading challenge's note and address, and donation pledges.
 */

/** Book and list keys: lower-case letters and digits (content/books.yaml). */
export const BOOK_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isBookKey = (value: string) => value.length <= 40 && BOOK_KEY.test(value);

/** A reading note: up to this many characters of text and this many images. */
export const NOTE_TEXT_MIN = 10;
export const NOTE_TEXT_MAX = 2000;
export const NOTE_IMAGES_MAX = 9;
/** Bookmarks one reader may keep in one book. */
export const BOOKMARKS_PER_BOOK_MAX = 100;
/** A pledge of reading time: whole minutes, at most this many at once. */
export const PLEDGE_MINUTES_MAX = 600;

/** Mainland mobile numbers: 11 digits, 1 then 3–9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** 邮政编码: six digits, optional. */
export const POSTCODE_PATTERN = /^\d{6}$/;

export interface PostalAddress {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  postcode?: string | undefined;
}

/** What is wrong with an address, field by field, in the words a reader is shown; empty when valid. */
export function addressProblems(a: Partial<Record<keyof PostalAddress, unknown>>) {
  const problems: Partial<Record<keyof PostalAddress, string>> = {};
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const name = text(a.name);
  if (name.length < 2 || name.length > 20) problems.name = "收件人姓名应为 2 到 20 个字";
  if (!MOBILE_PATTERN.test(text(a.mobile))) problems.mobile = "请填写 11 位手机号码，以 1 开头";
  if (text(a.province) === "") problems.province = "请选择或填写省份";
  if (text(a.city) === "") problems.city = "请填写城市";
  if (text(a.district) === "") problems.district = "请填写区县";
  for (const field of ["province", "city", "district"] as const)
    if (text(a[field]).length > 20) problems[field] = "地区名称不超过 20 个字";
  const detail = text(a.detail);
  if (detail.length < 5 || detail.length > 120) problems.detail = "详细地址应为 5 到 120 个字";
  const postcode = text(a.postcode);
  if (postcode !== "" && !POSTCODE_PATTERN.test(postcode)) problems.postcode = "邮编应为 6 位数字";
  return problems;
}

/**
 * How finely a place in a chapter is kept: five decimals, a character or less in the longest
 * chapter, so that a page of the paged reader reopens on that page and not the one before.
 */
export const OFFSET_STEPS = 100_000;

/** A reading position: chapter (1-based) and how far into it, clamped to 0…1. */
export function clampOffset(offset: number): number {
  if (!Number.isFinite(offset)) return 0;
  return Math.min(1, Math.max(0, Math.round(offset * OFFSET_STEPS) / OFFSET_STEPS));
}

/** Chinese numerals for section titles (一 … 九十九). */
export function chineseNumber(n: number): string {
  const digits = "零一二三四五六七八九";
  if (n < 10) return digits[n] ?? String(n);
  if (n < 20) return `十${n % 10 ? digits[n % 10] : ""}`;
  if (n < 100) return `${digits[Math.floor(n / 10)]}十${n % 10 ? digits[n % 10] : ""}`;
  return String(n);
}

/** The reader's paths. */
export const readerPath = (book: string, chapter?: number) =>
  `/reader?book=${encodeURIComponent(book)}${chapter ? `&chapter=${chapter}` : ""}`;
export const bookPath = (book: string) => `/book/${encodeURIComponent(book)}`;
export const bookListPath = (list?: string) =>
  list ? `/book/list/${encodeURIComponent(list)}` : "/book/list";
