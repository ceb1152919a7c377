/**
 * Mainland China mobile numbers (the SMS login's only kind): 11 digits starting 13–19. Readers
 * type them with spaces, dashes or a +86 / 0086 prefix; the stored form is the bare 11 digits.
 */
const MOBILE = /^1[3-9]\d{9}$/;

export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "").replace(/^(\+86|0086)/, "");
  return MOBILE.test(digits) ? digits : null;
}

/** 138****5678: what lists and logs show of a number. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : "***";
}
