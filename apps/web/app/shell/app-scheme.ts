/**
 * Deep links into the native app (spec §9 "Deep-link scheme rewriting maps web links to a native
 * scheme"). `tongjian://open?url=<web path>` asks the app to open the same page natively.
 */
export const APP_SCHEME = "tongjian";
export const DOWNLOAD_PAGE = "/redirectpage";

export function toAppSchemeUrl(webUrl: string): string {
  let path = webUrl;
  try {
    const u = new URL(webUrl, "http://localhost");
    path = `${u.pathname}${u.search}`;
  } catch {
    // Keep what was given.
  }
  return `${APP_SCHEME}://open?url=${encodeURIComponent(path)}`;
}
