import { DOWNLOAD_PAGE, toAppSchemeUrl } from "@tongjian/domain/app-scheme";
import { downloadPageUrl, shouldFallBackToDownload } from "./open-app-wake.ts";
import { WAKE_APP_CHECK_DELAY_MS } from "./timing.ts";

export interface WakeDeps {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  isVisible: () => boolean;
  navigate: (url: string) => void;
}

const browserDeps = (): WakeDeps => ({
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  isVisible: () => document.visibilityState === "visible",
  navigate: (url) => {
    window.location.href = url;
  },
});

/**
 * Spec §4 "Open-app wake": open the scheme link; after 1000 ms, if the page is still visible
 * and under 1200 ms have passed, the app did not open, so go to the download page with the wake
 * link as the return target — or, on the download page itself, call `onFail` instead.
 */
export function wakeApp(
  webUrl: string,
  deps: WakeDeps = browserDeps(),
  onFail?: (scheme: string) => void,
): string {
  const scheme = toAppSchemeUrl(webUrl);
  const started = deps.now();
  deps.navigate(scheme);
  deps.setTimeout(() => {
    if (!shouldFallBackToDownload(deps.isVisible(), deps.now() - started)) return;
    if (onFail) onFail(scheme);
    else deps.navigate(downloadPageUrl(DOWNLOAD_PAGE, scheme));
  }, WAKE_APP_CHECK_DELAY_MS);
  return scheme;
}
