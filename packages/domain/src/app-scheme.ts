/**
 * Deep links into the native app (spec §2 "Open-app wake", §9 "Deep-link scheme rewriting maps
 * web links to a native scheme"). `tongjian://open?url=<web path>` asks the app to open the same
 * page natively.
 */
export const APP_SCHEME = "tongjian";
/** Spec §2: the download page the wake falls back to. */
export const DOWNLOAD_PAGE = "/redirectpage";
const MAX_TARGET_LENGTH = 2000;

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

/** A path on this site ("/a?b"), never "//host" or "/\host", which browsers read as a host. */
function sitePath(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and whitespace have no place in a link we hand back.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  const url = new URL(value, "http://site.invalid");
  if (url.host !== "site.invalid") return null;
  return `${url.pathname}${url.search}`;
}

/**
 * The download page's return target (spec §4: the wake falls back to the download page "with the
 * wake link as a return target"), as the web path the app should open. Accepted: our own scheme
 * link (`tongjian://open?url=/path`), a path on this site, or an http(s) link to one of our own
 * hosts. Anything else — other schemes, other hosts, `javascript:` — gives null, so the page can
 * never send a reader somewhere else (no open redirect).
 */
export function returnTargetPath(raw: string, ownHosts: readonly string[]): string | null {
  const value = raw.trim();
  if (value === "" || value.length > MAX_TARGET_LENGTH) return null;
  if (value.startsWith("/")) return sitePath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol === `${APP_SCHEME}:`) {
    if (url.host !== "open" || (url.pathname !== "" && url.pathname !== "/")) return null;
    const path = url.searchParams.get("url");
    return path === null ? null : sitePath(path);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (!ownHosts.some((host) => host.toLowerCase() === url.host.toLowerCase())) return null;
  return sitePath(`${url.pathname}${url.search}`);
}
