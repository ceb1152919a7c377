/**
 * Spec §4 "Long articles are collapsed to a 200px height until the reader expands them" and §2
 * "When query isH5 is set, the body can show an open-app prompt with a mask and an unlock tap".
 *
 * "Long" is decided from the body's text length on the server, so the first HTML is already in
 * its final shape (no layout shift) and still carries the full text for search engines. At the
 * 17 px small size a 375 px phone fits about 20 characters a line and 6 lines in 200 px; a body
 * under 300 characters is barely taller than that, so hiding it would hide next to nothing.
 */
export const COLLAPSE_MIN_TEXT_LENGTH = 300;

export type ArticleBodyMode = "full" | "collapsed" | "masked";

export interface ArticleBodyInput {
  /** Characters of body text (tags removed). */
  textLength: number;
  /** The link was shared from the app (`?isH5=1`). */
  isH5: boolean;
  /** Inside our app's webview there is no app to open. */
  isNativeApp: boolean;
  /** The reader tapped 查看更多 or the unlock tap. */
  expanded: boolean;
}

export function articleBodyMode(input: ArticleBodyInput): ArticleBodyMode {
  if (input.expanded || input.textLength < COLLAPSE_MIN_TEXT_LENGTH) return "full";
  if (input.isH5 && !input.isNativeApp) return "masked";
  return "collapsed";
}

/** The query flag: present and not an explicit "0"/"false". */
export function isH5Flag(value: string | null | undefined): boolean {
  if (value == null) return false;
  const v = value.trim().toLowerCase();
  return v !== "0" && v !== "false";
}
