/**
 * Chapters fetched ahead of a page turn (翻页, on a chapter's last pages), kept in this page
 * until the turn opens the chapter. The reader route's `clientLoader` answers from here and
 * otherwise asks the server as usual.
 *
 * The reader asks for the chapter through the book API (`GET /api/book/n/book/:key/chapter/:n`)
 * and keeps the page data the turn will show, built from it and the page being read. Not
 * `<link rel="prefetch">` (React Router's `PrefetchPageLinks`): Chromium fetched the page data
 * again for the navigation (it is per reader and carries no freshness), so the turn still waited
 * on the network. Not a fetcher (`useFetcher`) either: the router's fetcher code would then go
 * out with every page's first load, not only the reader's.
 */

/** Data fetched ahead is used within this time, once; after it the chapter is fetched afresh. */
export const FETCHED_AHEAD_MS = 5 * 60_000;

interface Kept {
  data: Promise<unknown>;
  at: number;
}

const kept = new Map<string, Kept>();

/** The key of a page: its path and query, as a link and the loader's request both give them. */
export function pageKey(url: string): string {
  const parsed = new URL(url, "http://localhost");
  return parsed.pathname + parsed.search;
}

/**
 * Keeps the page data of `path`, on its way, for the turn that opens it. A failure shows
 * nothing here: the turn then asks the server as usual.
 */
export function keepAhead(path: string, data: Promise<unknown>, now = Date.now()) {
  data.catch(() => undefined);
  kept.set(pageKey(path), { data, at: now });
}

/** Drops what was fetched ahead: it is out of date (a bookmark was added or removed). */
export function forgetFetchedAhead() {
  kept.clear();
}

/**
 * Loads a page's data: what was fetched ahead for it (once, while fresh, falling back to the
 * server if that fetch failed), else from the server.
 */
export function loadAhead<T>(
  url: string,
  fromServer: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const key = pageKey(url);
  const found = kept.get(key);
  kept.delete(key);
  if (found && now - found.at < FETCHED_AHEAD_MS)
    return (found.data as Promise<T>).catch(() => fromServer());
  return fromServer();
}
