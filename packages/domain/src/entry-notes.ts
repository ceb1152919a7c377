import { splitCharacters } from "./text-length.ts";

/**
 * Readers' short notes on entries (/words, 字词; issue 16 Social §3). A note is plain text of
 * at most NOTE_MAX_CHARS characters (user-perceived characters: 汉 and 😀 count one each, as a
 * reader counts them), stored as typed and as link-only HTML (entry-note-html.ts). These rules
 * are shared by the server and the pages, so nothing here loads the sanitiser.
 */
export const NOTE_MAX_CHARS = 200;
/** Line breaks kept in a note; more in a row collapse to this many. */
const MAX_BLANK_LINES = 1;

export const NOTE_SORTS = ["new", "liked"] as const;
export type NoteSort = (typeof NOTE_SORTS)[number];
export const NOTE_SORT_LABELS: Record<NoteSort, string> = { new: "最新", liked: "最多赞" };
export function readNoteSort(value: string | null): NoteSort {
  return value === "liked" ? "liked" : "new";
}

/** Why a reader reports a note. */
export const NOTE_REPORT_REASONS = {
  spam: "广告或刷屏",
  abuse: "辱骂或人身攻击",
  wrong: "史实错误",
  other: "其他",
} as const;
export type NoteReportReason = keyof typeof NOTE_REPORT_REASONS;
/** Reports by this many different readers hide a note until an admin looks at it. */
export const NOTE_HIDE_AT_REPORTS = 3;

/** Writing limits per reader: a burst, and a day. */
export const NOTE_LIMITS = {
  burst: { name: "notes:burst", max: 5, windowSeconds: 10 * 60 },
  daily: { name: "notes:daily", max: 30, windowSeconds: 24 * 60 * 60 },
} as const;

/**
 * Control characters other than the line feed, and the bidi overrides that can make text read
 * differently from how it is stored.
 */
function isUnwanted(character: string): boolean {
  const code = character.charCodeAt(0);
  return (
    (code < 0x20 && code !== 0x0a) ||
    code === 0x7f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The text as stored: line endings unified, unwanted characters gone, blank runs collapsed. */
export function normalizeNoteText(raw: string): string {
  const blank = "\n".repeat(MAX_BLANK_LINES + 1);
  return raw
    .replace(/\r\n?/g, "\n")
    .split("")
    .filter((character) => !isUnwanted(character))
    .join("")
    .replace(/\n{3,}/g, blank)
    .trim();
}

/** What is wrong with a note's text, in Chinese; null when it can be posted. */
export function noteTextProblem(text: string): string | null {
  if (text.length === 0) return "写点什么再发布吧";
  const length = splitCharacters(text).length;
  if (length > NOTE_MAX_CHARS) return `短评至多 ${NOTE_MAX_CHARS} 字，当前 ${length} 字`;
  return null;
}

/** The characters of a note as a reader counts them (the form's counter). */
export function noteLength(text: string): number {
  return splitCharacters(text).length;
}
