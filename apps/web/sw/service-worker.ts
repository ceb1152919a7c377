/**
 * The service worker (decision 16, issue 15 §5): the shell is precached, the articles and entries
 * a reader opened are kept for offline reading (the last 50), and a navigation the network and
 * the saved pages cannot serve shows the offline page. Built by tools/build-sw.ts into /sw.js.
 */
import {
  isDataRequestPath,
  isStorableApiPath,
  readingPageOf,
} from "@tongjian/domain/offline-pages";
import { isStorableResponse, type StoredForm } from "@tongjian/domain/offline-response";
import { READING_CACHE } from "@tongjian/domain/reading-index";
import { cacheNames, clientsClaim, setCacheNameDetails } from "workbox-core";
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { BUILD } from "./build-info.ts";
import { reloadDocumentAnswer, routeManifestAnswer } from "./offline-answers.ts";
import { createReadingStore } from "./reading-store.ts";

declare const self: ServiceWorkerGlobalScope;

/** A slow network still shows the saved page after this long (issue 15 §5). */
const NETWORK_TIMEOUT_SECONDS = 3;
const DAY_SECONDS = 24 * 60 * 60;

// Caches that depend on the build carry its version; saved pages and covers do not (decision 16).
// The precache name keeps Workbox's scope suffix, so cleanupOutdatedCaches() recognises old ones.
setCacheNameDetails({ prefix: "tj", precache: `precache-${BUILD.version}` });
const ASSETS_CACHE = `tj-assets-${BUILD.version}`;
const API_CACHE = `tj-api-${BUILD.version}`;
const MEDIA_CACHE = "tj-media-v1";

const store = createReadingStore({ assetsCache: ASSETS_CACHE });

function storable(form: StoredForm): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) =>
      isStorableResponse(response, form) && !response.redirected ? response : null,
  };
}

async function offlinePage(): Promise<Response> {
  return (
    (await matchPrecache(BUILD.offlinePage)) ??
    new Response("网络不可用", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8" },
    })
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- The shell ---
precacheAndRoute(BUILD.precache);
cleanupOutdatedCaches();

// --- Documents: saved articles, entries and home, network first; anything else offline shows
// the offline page. ---
const readingDocuments = new NetworkFirst({
  cacheName: READING_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    storable("document"),
    {
      // One key per page, whatever React Router or the reader appended.
      cacheKeyWillBeUsed: async ({ request }) =>
        readingPageOf(new URL(request.url))?.key ?? request,
      cacheDidUpdate: async ({ request, newResponse }) => {
        const page = readingPageOf(new URL(request.url));
        // The reader already has the page; a failure here only leaves it out of the list.
        if (page) await store.documentStored(page, newResponse).catch(() => undefined);
      },
    },
  ],
});

registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
  async (options) => {
    const page = readingPageOf(options.url);
    try {
      if (!page) return await fetch(options.request);
      store.navigationStarted(page);
      return await readingDocuments.handle(options);
    } catch {
      return offlinePage();
    }
  },
);

// --- React Router's loader data of a client-side navigation. ---
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === "GET" && isDataRequestPath(url.pathname),
  async ({ request, url }) => {
    const page = readingPageOf(url);
    const network = fetch(request).then((response) => {
      if (page && isStorableResponse(response, "data"))
        store.dataFetched(page, url, response.clone());
      return response;
    });
    const saved = page ? await store.matchData(url) : undefined;
    if (!saved) return network.catch(() => reloadDocumentAnswer(url));
    return Promise.race([
      network.catch(() => saved),
      delay(NETWORK_TIMEOUT_SECONDS * 1000).then(() => saved),
    ]);
  },
);

// --- React Router's route discovery: offline, this build's routes. ---
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === "GET" && url.pathname === "/__manifest",
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      return routeManifestAnswer(url, BUILD.routerVersion, BUILD.routes);
    }
  },
);

// --- Build files: hashed names never change. ---
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: [storable("asset")] }),
);

// --- Covers drawn by the server (stale-while-revalidate: a cover changes only with its title),
// and content reads the pages make after loading: network first, since they carry counters (views,
// likes) that a stale copy would show wrong while online; the copy serves only offline. ---
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/media/cover/"),
  new StaleWhileRevalidate({
    cacheName: MEDIA_CACHE,
    plugins: [
      storable("media"),
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY_SECONDS }),
    ],
  }),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isStorableApiPath(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      storable("api"),
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY_SECONDS }),
    ],
  }),
  "GET",
);

// --- Pages report what the reader is looking at (shell/service-worker-client.ts). ---
interface PageShownMessage {
  type: "page-shown";
  url: string;
  title?: string;
}

function isPageShown(data: unknown): data is PageShownMessage {
  const message = data as Partial<PageShownMessage> | null;
  return message?.type === "page-shown" && typeof message.url === "string";
}

self.addEventListener("message", (event) => {
  if (!isPageShown(event.data)) return;
  const url = new URL(event.data.url, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const title = typeof event.data.title === "string" ? event.data.title : undefined;
  event.waitUntil(store.pageShown(url, title).catch(() => undefined));
});

// --- Updates: a new version takes over at once (decision 16). ---
async function isCurrentFile(url: string): Promise<boolean> {
  for (const name of [cacheNames.precache, ASSETS_CACHE]) {
    if (await (await caches.open(name)).match(url)) return true;
  }
  return false;
}

async function deleteOldCaches() {
  const current = new Set([
    cacheNames.precache,
    ASSETS_CACHE,
    API_CACHE,
    MEDIA_CACHE,
    READING_CACHE,
  ]);
  for (const name of await caches.keys()) {
    if (name.startsWith("tj-") && !current.has(name)) await caches.delete(name);
  }
}

self.addEventListener("install", (event) => {
  void self.skipWaiting();
  // While the old version's caches are all still there.
  event.waitUntil(store.carryAssets(isCurrentFile));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    store
      .carryAssets(isCurrentFile)
      .then(() => store.forgetOldData())
      .then(deleteOldCaches),
  );
});
clientsClaim();
