/**
 * Member entries (会员词条, VIP right "member-entries"): a reader without the right reads only an
 * entry's opening; the rest of its text is never sent to them.
 */

/** How long the opening of a member entry may be, in characters. */
export const MEMBER_OPENING_LIMIT = 120;

/** The prompt under a member entry's opening. */
export const MEMBER_PROMPT = "开通会员阅读全文";

/**
 * The opening of a member entry's text: its first paragraph, at most `limit` characters, cut
 * after the last full sentence (。！？) within the limit when there is one, else at the limit with
 * an ellipsis. Always shorter than a text longer than one paragraph or `limit`.
 */
export function memberOpening(text: string, limit = MEMBER_OPENING_LIMIT): string {
  const trimmed = text.trim();
  const first = trimmed.split(/\n\s*\n|\n/)[0]?.trim() ?? "";
  const chars = Array.from(first);
  if (chars.length <= limit) {
    // A one-paragraph text within the limit: keep its first sentences, at most half of it.
    if (first !== trimmed) return first;
    return (
      cutAtSentence(chars, Math.floor(chars.length / 2)) ??
      `${chars.slice(0, Math.max(1, Math.floor(chars.length / 2))).join("")}…`
    );
  }
  return cutAtSentence(chars, limit) ?? `${chars.slice(0, limit).join("")}…`;
}

function cutAtSentence(chars: string[], limit: number): string | null {
  let end = -1;
  for (let i = 0; i < Math.min(limit, chars.length); i++) {
    if ("。！？".includes(chars[i] as string)) end = i;
  }
  // A sentence end too near the start would show almost nothing: cut at the limit instead.
  if (end < limit / 3) return null;
  return chars.slice(0, end + 1).join("");
}
