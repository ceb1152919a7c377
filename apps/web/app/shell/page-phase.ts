/**
 * Spec §2 "The page transition mode is out-in": the page being left fades out first, and only
 * then does the next one fade in; the two never show at once. The spec gives no durations;
 * these are short enough not to slow reading down.
 */
export const PAGE_OUT_MS = 150;
export const PAGE_IN_MS = 200;

/**
 * `idle`: no transition (also the first page, which never animates, so the first load has no
 * layout shift). `out`: the old page fades out while the next one loads. `wait`: the next page
 * is in place but hidden until the old one has had its full fade. `in`: the next page fades in.
 */
export type PagePhase = "idle" | "out" | "wait" | "in";

/**
 * How long the new page stays hidden once it is in place: the rest of the old page's fade, or
 * nothing when the fade is over or never started (navigations without loaders).
 */
export function pageInDelay(outStartedAt: number | null, now: number): number {
  if (outStartedAt === null) return 0;
  return Math.max(0, PAGE_OUT_MS - (now - outStartedAt));
}
