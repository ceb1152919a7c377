import {
  OFFLINE_SAVE_HEADER,
  type ReadingPage,
  readingPageOf,
} from "@tongjian/domain/offline-pages";
import {
  assetUrlsInHtml,
  isStorableResponse,
  titleFromHtml,
} from "@tongjian/domain/offline-response";
import {
  assetsOfSavedPages,
  dropLoaderData,
  findSavedPage,
  type IndexChange,
  keepStored,
  type PageUpdate,
  parseReadingIndex,
  READING_CACHE,
  READING_INDEX_KEY,
  type ReadingIndex,
  recordPage,
} from "@tongjian/domain/reading-index";

/**
 * A page's document stored less than this long ago, or being loaded by a navigation that
 * started this recently, is not fetched again when the page reports that it is shown.
 */
const RECENT_MS = 30_000;
/** Loader data waits in memory this long for its page to be shown (then it is stored). */
const DATA_WAIT_MS = 60_000;
const DATA_WAITING_MAX = 6;

interface WaitingData {
  url: string;
  response: Response;
  at: number;
}

export interface ReadingStoreOptions {
  /** This version's cache of build files, where a saved document's files are kept. */
  assetsCache: string;
}

function pathAndQuery(url: URL): string {
  return url.pathname + url.search;
}

async function readIndex(cache: Cache): Promise<ReadingIndex> {
  const stored = await cache.match(READING_INDEX_KEY);
  try {
    return parseReadingIndex(stored ? await stored.json() : null);
  } catch {
    return parseReadingIndex(null);
  }
}

/**
 * The pages kept for offline reading: their documents and loader data in one cache with the
 * index that lists them (packages/domain/src/reading-index.ts).
 */
export function createReadingStore({ assetsCache }: ReadingStoreOptions) {
  let queue: Promise<unknown> = Promise.resolve();
  const waitingData = new Map<string, WaitingData>();
  const navigations = new Map<string, number>();

  /**
   * Index changes run one at a time (a document and its data may be stored at the same moment):
   * each reads the stored index, changes it, deletes what it dropped and writes it back.
   */
  function change(
    update: (index: ReadingIndex, cache: Cache) => IndexChange | null | Promise<IndexChange | null>,
  ): Promise<void> {
    const run = queue.then(async () => {
      const cache = await caches.open(READING_CACHE);
      const result = await update(await readIndex(cache), cache);
      if (!result) return;
      await Promise.all(result.removed.map((url) => cache.delete(url)));
      await cache.put(
        READING_INDEX_KEY,
        new Response(JSON.stringify(result.index), {
          headers: { "content-type": "application/json" },
        }),
      );
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const record = (update: PageUpdate) => change((index) => recordPage(index, update));

  /** Keeps the build files a saved document loads, unless some cache already holds them. */
  async function keepAssets(urls: string[]) {
    const cache = await caches.open(assetsCache);
    await Promise.all(
      urls.map(async (url) => {
        if (await caches.match(url)) return;
        try {
          const response = await fetch(url);
          if (isStorableResponse(response, "asset")) await cache.put(url, response);
        } catch {
          // Offline: the document was served from the cache and its files are there already.
        }
      }),
    );
  }

  /** Records a document just stored under its page's key (by a navigation or a save). */
  async function documentStored(page: ReadingPage, response: Response, fallbackTitle?: string) {
    const html = await response.text();
    const assets = assetUrlsInHtml(html);
    await keepAssets(assets);
    const now = Date.now();
    await record({
      key: page.key,
      kind: page.kind,
      at: now,
      title: titleFromHtml(html) ?? fallbackTitle ?? null,
      document: { url: page.key, savedAt: now, assets },
    });
  }

  /**
   * Fetches and stores the document of a page the reader opened by client-side navigation: the
   * navigation loaded only its data, and a document is what opens offline by itself.
   */
  async function saveDocument(page: ReadingPage, title: string | undefined) {
    let response: Response;
    try {
      response = await fetch(page.key, {
        headers: { [OFFLINE_SAVE_HEADER]: "1" },
        credentials: "same-origin",
      });
    } catch {
      return;
    }
    if (response.redirected || !isStorableResponse(response, "document")) return;
    const cache = await caches.open(READING_CACHE);
    await cache.put(page.key, response.clone());
    await documentStored(page, response, title);
  }

  return {
    documentStored,

    /** A navigation to this page started: its document is on its way into the cache. */
    navigationStarted(page: ReadingPage) {
      const now = Date.now();
      for (const [key, at] of navigations) if (now - at >= RECENT_MS) navigations.delete(key);
      navigations.set(page.key, now);
    },

    /**
     * Loader data fetched for a page waits here until the page reports that it is shown, so
     * that data fetched ahead (link prefetch on touch) of a page never opened is not kept.
     */
    dataFetched(page: ReadingPage, url: URL, response: Response) {
      waitingData.delete(page.key);
      waitingData.set(page.key, { url: pathAndQuery(url), response, at: Date.now() });
      for (const key of waitingData.keys()) {
        if (waitingData.size <= DATA_WAITING_MAX) break;
        waitingData.delete(key);
      }
    },

    /** The page a reader is looking at (posted by the page after each navigation). */
    async pageShown(url: URL, title: string | undefined) {
      const page = readingPageOf(url);
      if (!page) return;
      const now = Date.now();
      const data = waitingData.get(page.key);
      waitingData.delete(page.key);
      if (data && now - data.at < DATA_WAIT_MS) {
        const cache = await caches.open(READING_CACHE);
        await cache.put(data.url, data.response);
        await record({
          key: page.key,
          kind: page.kind,
          at: now,
          data: { url: data.url, savedAt: now },
        });
      }
      const cache = await caches.open(READING_CACHE);
      const saved = findSavedPage(await readIndex(cache), page.key);
      const fresh = saved?.document && now - saved.document.savedAt < RECENT_MS;
      const loading = now - (navigations.get(page.key) ?? 0) < RECENT_MS;
      if (fresh || loading) {
        // Opened again: it moves to the front of the list.
        if (saved) await record({ key: page.key, kind: page.kind, at: now });
        return;
      }
      await saveDocument(page, title);
    },

    async matchDocument(page: ReadingPage): Promise<Response | undefined> {
      return (await caches.open(READING_CACHE)).match(page.key);
    },

    async matchData(url: URL): Promise<Response | undefined> {
      return (await caches.open(READING_CACHE)).match(pathAndQuery(url));
    },

    /**
     * Copies the build files that saved documents load from the caches of older versions into
     * this version's cache, before those caches are deleted: a page saved under an old build
     * still opens offline with the files it names. `isCurrent` tells the files this version
     * holds already.
     */
    async carryAssets(isCurrent: (url: string) => Promise<boolean>) {
      const index = await readIndex(await caches.open(READING_CACHE));
      const target = await caches.open(assetsCache);
      for (const url of assetsOfSavedPages(index)) {
        if (await isCurrent(url)) continue;
        const old = await caches.match(url);
        if (old) await target.put(url, old);
      }
    },

    /**
     * After a new version took over: the loader data of the old build is dropped (the new
     * build's screens may read it differently; a saved document still opens with its own
     * files), and forms the browser evicted from the cache are forgotten.
     */
    forgetOldData() {
      return change(async (index, cache) => {
        const present = new Set(
          (await cache.keys()).map((request) => pathAndQuery(new URL(request.url))),
        );
        return dropLoaderData(keepStored(index, present));
      });
    },
  };
}

export type ReadingStore = ReturnType<typeof createReadingStore>;
