/**
 * Whether an attempt to wake the native app failed (spec §4 "Open-app wake": after 1000 ms, if
 * the page is still visible and under 1200 ms have elapsed, go to the download page).
 *
 * When the app opens, the browser hides the page and suspends its timers, so the check either
 * sees a hidden page or fires late; both mean the app opened and the page must stay put.
 */
import { WAKE_APP_MAX_ELAPSED_MS } from "./timing.ts";

export function shouldFallBackToDownload(pageVisible: boolean, elapsedMs: number): boolean {
  return pageVisible && Number.isFinite(elapsedMs) && elapsedMs < WAKE_APP_MAX_ELAPSED_MS;
}

/** Download page URL with the wake link as the return target (spec §4). */
export function downloadPageUrl(downloadPath: string, wakeUrl: string): string {
  const separator = downloadPath.includes("?") ? "&" : "?";
  return `${downloadPath}${separator}redirect=${encodeURIComponent(wakeUrl)}`;
}
