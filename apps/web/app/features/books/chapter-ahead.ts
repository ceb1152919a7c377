/**
 * Chapters' page data fetched ahead of a page turn (翻页, on a chapter's last pages), kept in
 * this page until the turn opens the chapter. The reader route's `clientLoader` answers from here
 * and otherwise asks the server as usual.
 *
 * Not `<link rel="prefetch">` (React Router's `PrefetchPageLinks`): Chromium fetched the page
 * data again for the navigation (it is per reader and carries no freshness), so the turn still
 * waited on the network.
 */

/** Data fetched ahead is used within this time, once; after it the chapter is fetched afresh. */
export const FETCHED_AHEAD_MS = 5 * 60_000;

interface Kept {
  data: Promise<unknown>;
  at: number;
}

const asked = new Set<string>();
const kept = new Map<string, Kept>();

/** The key of a page: its path and query, as a link and the loader's request both give them. */
export function pageKey(url: string): string {
  const parsed = new URL(url, "http://localhost");
  return parsed.pathname + parsed.search;
}

/** The next load of `path` is a fetch ahead: its data is kept for the turn that follows. */
export function askAhead(path: string) {
  asked.add(pageKey(path));
}

/** Drops what was fetched ahead: it is out of date (a bookmark was added or removed). */
export function forgetFetchedAhead() {
  asked.clear();
  kept.clear();
}

/**
 * Loads a page's data: what was fetched ahead for it (once, while fresh, falling back to the
 * server if that fetch failed), else from the server. A fetch ahead itself is kept, and never
 * fails: a chapter that could not be fetched in the background is fetched again on the turn,
 * and the page being read is left alone.
 */
export function loadAhead<T>(
  url: string,
  fromServer: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  const key = pageKey(url);
  const found = kept.get(key);
  kept.delete(key);
  if (asked.delete(key)) {
    const data = fromServer();
    kept.set(key, { data, at: now });
    // The fetcher that asked shows nothing of it: a failure is met again, if at all, on the turn.
    return data.catch(() => null) as Promise<T>;
  }
  if (found && now - found.at < FETCHED_AHEAD_MS)
    return (found.data as Promise<T>).catch(() => fromServer());
  return fromServer();
}
