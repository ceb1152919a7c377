import type { ReadingPageKind } from "./offline-pages.ts";

/**
 * The list of pages kept for offline reading (decision 16). The service worker stores each
 * page's document and loader data in one cache and this index beside them, in the same cache;
 * the offline page reads the index to list what can be opened. One page is one entry here,
 * however many of its forms are stored, so the limit counts pages, not responses.
 */
export const MAX_SAVED_PAGES = 50;
export const READING_INDEX_FORMAT = 1;
/**
 * The cache of saved pages keeps its name across deployments (decision 16); its suffix follows
 * the format of what it holds, so a change of format starts a new, empty cache.
 */
export const READING_CACHE = `tj-reading-v${READING_INDEX_FORMAT}`;
/** Where the index itself is stored in that cache. */
export const READING_INDEX_KEY = "/__offline/reading-index.json";

export interface StoredDocument {
  /** Cache key of the document: the page's path and query. */
  url: string;
  savedAt: number;
  /** The build's files the document loads, kept with it (offline-response.ts). */
  assets: string[];
}

export interface StoredData {
  /** Cache key of the loader data: the `.data` request's path and query. */
  url: string;
  savedAt: number;
}

export interface SavedPage {
  key: string;
  kind: ReadingPageKind;
  title: string | null;
  /** When the reader last opened the page (ms since the epoch). */
  openedAt: number;
  document: StoredDocument | null;
  data: StoredData | null;
}

export interface ReadingIndex {
  format: typeof READING_INDEX_FORMAT;
  pages: SavedPage[];
}

export function emptyReadingIndex(): ReadingIndex {
  return { format: READING_INDEX_FORMAT, pages: [] };
}

const KINDS: readonly ReadingPageKind[] = ["article", "entry", "home"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function parseStored(value: unknown): { url: string; savedAt: number } | null {
  if (!isRecord(value) || typeof value.url !== "string" || typeof value.savedAt !== "number")
    return null;
  return { url: value.url, savedAt: value.savedAt };
}

function parsePage(value: unknown): SavedPage | null {
  if (!isRecord(value)) return null;
  const { key, kind, title, openedAt } = value;
  if (typeof key !== "string" || typeof openedAt !== "number") return null;
  if (!KINDS.includes(kind as ReadingPageKind)) return null;
  const stored = parseStored(value.document);
  const assets = isRecord(value.document) ? value.document.assets : undefined;
  return {
    key,
    kind: kind as ReadingPageKind,
    title: typeof title === "string" ? title : null,
    openedAt,
    document: stored
      ? {
          ...stored,
          assets: Array.isArray(assets) ? assets.filter((a) => typeof a === "string") : [],
        }
      : null,
    data: parseStored(value.data),
  };
}

/** Reads a stored index; anything unreadable or of another format counts as empty. */
export function parseReadingIndex(value: unknown): ReadingIndex {
  if (!isRecord(value) || value.format !== READING_INDEX_FORMAT || !Array.isArray(value.pages))
    return emptyReadingIndex();
  const pages = value.pages.map(parsePage).filter((p): p is SavedPage => p !== null);
  return { format: READING_INDEX_FORMAT, pages: sortNewestFirst(pages) };
}

function sortNewestFirst(pages: SavedPage[]): SavedPage[] {
  return [...pages].sort((a, b) => b.openedAt - a.openedAt);
}

function storedUrls(page: SavedPage): string[] {
  return [page.document?.url, page.data?.url].filter((u): u is string => Boolean(u));
}

export interface PageUpdate {
  key: string;
  kind: ReadingPageKind;
  /** When it happened; the page becomes the newest. */
  at: number;
  title?: string | null;
  document?: StoredDocument;
  data?: StoredData;
}

export interface IndexChange {
  index: ReadingIndex;
  /** Cache keys no longer listed, to delete from the cache. */
  removed: string[];
}

/**
 * Records that a page was opened or one of its forms stored, and keeps the newest `max` articles
 * and entries (the home page is kept apart and never counted). Returns the cache keys to delete:
 * those of pages beyond the limit and any form of this page that a new key replaced.
 */
export function recordPage(
  index: ReadingIndex,
  update: PageUpdate,
  max = MAX_SAVED_PAGES,
): IndexChange {
  const removed: string[] = [];
  const previous = index.pages.find((p) => p.key === update.key);
  const page: SavedPage = {
    key: update.key,
    kind: update.kind,
    title: update.title ?? previous?.title ?? null,
    openedAt: Math.max(update.at, previous?.openedAt ?? 0),
    document: update.document ?? previous?.document ?? null,
    data: update.data ?? previous?.data ?? null,
  };
  if (previous?.document && update.document && previous.document.url !== update.document.url)
    removed.push(previous.document.url);
  if (previous?.data && update.data && previous.data.url !== update.data.url)
    removed.push(previous.data.url);
  const others = index.pages.filter((p) => p.key !== update.key);
  const pages = sortNewestFirst([page, ...others]);
  const kept: SavedPage[] = [];
  let counted = 0;
  for (const p of pages) {
    if (p.kind !== "home" && ++counted > max) removed.push(...storedUrls(p));
    else kept.push(p);
  }
  return { index: { format: READING_INDEX_FORMAT, pages: kept }, removed };
}

/**
 * Forgets every page's loader data: after a new deployment the data of the old build may not
 * fit the new build's screens, while a saved document still opens with the files it names.
 * Pages left with nothing stored are dropped.
 */
export function dropLoaderData(index: ReadingIndex): IndexChange {
  const removed: string[] = [];
  const pages: SavedPage[] = [];
  for (const page of index.pages) {
    if (page.data) removed.push(page.data.url);
    if (page.document) pages.push({ ...page, data: null });
  }
  return { index: { format: READING_INDEX_FORMAT, pages }, removed };
}

/** Forgets the stored forms whose responses are gone from the cache (the browser evicted them). */
export function keepStored(index: ReadingIndex, present: ReadonlySet<string>): ReadingIndex {
  const pages: SavedPage[] = [];
  for (const page of index.pages) {
    const document = page.document && present.has(page.document.url) ? page.document : null;
    const data = page.data && present.has(page.data.url) ? page.data : null;
    if (document || data) pages.push({ ...page, document, data });
  }
  return { format: READING_INDEX_FORMAT, pages };
}

/** The articles and entries that open offline (a document is stored), newest first. */
export function savedPages(index: ReadingIndex): SavedPage[] {
  return sortNewestFirst(index.pages.filter((p) => p.kind !== "home" && p.document !== null));
}

export function findSavedPage(index: ReadingIndex, key: string): SavedPage | undefined {
  return index.pages.find((p) => p.key === key);
}

/** Every build file some saved document needs. */
export function assetsOfSavedPages(index: ReadingIndex): Set<string> {
  const assets = new Set<string>();
  for (const page of index.pages) for (const a of page.document?.assets ?? []) assets.add(a);
  return assets;
}
