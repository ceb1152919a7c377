import { pagePathOf } from "@tongjian/domain/offline-pages";
import type { RouteManifestEntry } from "./build-info.ts";

/**
 * Answers for requests the network could not serve and no saved copy can, in the forms React
 * Router (7.18, pinned) understands.
 */

/**
 * For a `.data` request: React Router's single-fetch "reload the document" redirect (what its
 * server sends for `redirectDocument`). The router then loads the page as a document, which the
 * service worker answers with the saved page or the offline page, instead of an error screen.
 */
export function reloadDocumentAnswer(dataUrl: URL): Response {
  const { pathname, search } = pagePathOf(dataUrl);
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": pathname + search, "X-Remix-Reload-Document": "true" },
  });
}

/**
 * For React Router's route discovery (`/__manifest?paths=…&version=…`) while offline: every
 * route of this build, so a client-side navigation from a saved page finds its route without
 * the server. A page of another build gets the server's own answer to a stale version: reload.
 */
export function routeManifestAnswer(
  url: URL,
  routerVersion: string,
  routes: Record<string, RouteManifestEntry>,
): Response {
  if (url.searchParams.get("version") !== routerVersion) {
    return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
  }
  return new Response(JSON.stringify(routes), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
