import { articleRouteFor } from "./article-sections.ts";
import { isEntityId } from "./entity-id.ts";

/**
 * Which pages the service worker keeps for offline reading (issue 15 §5, decision 16): articles
 * and entries a reader opened, and the home page. A page is reached two ways — its document
 * (a full load) and its loader data (`<path>.data`, fetched by React Router on a client-side
 * navigation) — and both forms of one page share one key, so that the reading list counts the
 * page once.
 */
export type ReadingPageKind = "article" | "entry" | "home";

export interface ReadingPage {
  kind: ReadingPageKind;
  /** Path and query of the page's document, without React Router's own parameters. */
  key: string;
}

/** React Router's single-fetch data requests: `/x.data`, and `/_root.data` for `/`. */
const DATA_SUFFIX = ".data";
const ROOT_DATA_PATH = "/_root.data";
/** Parameters React Router adds to a data request; the page is the same without them. */
const ROUTER_PARAMS = ["_routes", "index"];
const ENTRY_PAGE = /^\/(?:detail|minidetail)\/([0-9a-f]{24})$/;

export function isDataRequestPath(pathname: string): boolean {
  return pathname.endsWith(DATA_SUFFIX);
}

/**
 * The document path and query a URL stands for: a `.data` request is turned back into the
 * page it loads (the inverse of React Router's `singleFetchUrl` without trailing-slash-aware
 * data requests), React Router's parameters are dropped, and a trailing slash is ignored.
 */
export function pagePathOf(url: URL): { pathname: string; search: string } {
  let pathname = url.pathname;
  if (pathname === ROOT_DATA_PATH) pathname = "/";
  else if (isDataRequestPath(pathname)) pathname = pathname.slice(0, -DATA_SUFFIX.length) || "/";
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, "") || "/";
  const params = new URLSearchParams(url.search);
  for (const name of ROUTER_PARAMS) params.delete(name);
  const query = params.toString();
  return { pathname, search: query ? `?${query}` : "" };
}

/** The reading page a document or data URL belongs to; null for every other page. */
export function readingPageOf(url: URL): ReadingPage | null {
  const { pathname, search } = pagePathOf(url);
  const key = pathname + search;
  if (pathname === "/") return { kind: "home", key };
  if (ENTRY_PAGE.test(pathname)) return { kind: "entry", key };
  const route = articleRouteFor(pathname);
  if (!route) return null;
  // A section route is one article only with `?id=`; without an id it is a list, not kept.
  const id = route.id ?? new URLSearchParams(search).get("id");
  return isEntityId(id) ? { kind: "article", key } : null;
}

/**
 * Content reads that may be answered from a copy while the network is down (an entry's works
 * on 加载更多, the in-text pop-up's summary). An allow-list: sign-in (`/api/auth…`), sessions,
 * likes, search and tracking always go to the network and are never stored.
 */
const CONTENT_READS = /^\/api\/(?:item|m\/article|m\/homepage|m\/homeservice|recommend)\//;

export function isStorableApiPath(pathname: string): boolean {
  return CONTENT_READS.test(pathname);
}

/**
 * Marks the service worker's own fetch of a page a reader opened by client-side navigation
 * (decision 16): the reader's view was counted when the page's data loaded, so the copy fetched
 * for offline reading must not count a second one.
 */
export const OFFLINE_SAVE_HEADER = "x-tongjian-offline-save";

export function isOfflineSaveRequest(headers: { get(name: string): string | null }): boolean {
  return headers.get(OFFLINE_SAVE_HEADER) === "1";
}
