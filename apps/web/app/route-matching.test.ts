import { ROUTE_MANIFEST, routeId, sampleUrl } from "@tongjian/domain/route-manifest";
import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * React Router is patched (patches/react-router+*.patch) to index its ranked route branches by
 * the first path segment: with a few hundred routes, the server matched every request against
 * all of them, twice. The index only narrows the candidates; these tests hold it to the same
 * answers as React Router's own linear scan, over the app's real route table.
 */
function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTE_MANIFEST.map((spec) => ({
    id: routeId(spec.path),
    path: spec.path,
    loader: () => null,
  }));
  children.push({ id: "unmatched", path: "*", loader: () => null });
  // As in the app: one pathless root layout around every page.
  return [{ id: "root", loader: () => null, children }];
}

/** What the indexed matcher (the static handler's precomputed branches) picks. */
async function indexedMatch(
  handler: ReturnType<typeof createStaticHandler>,
  pathname: string,
): Promise<string[]> {
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${pathname}`);
  return context.matches.map((m) => m.route.id);
}

/** What React Router's linear scan (no precomputed branches) picks. */
function linearMatch(routes: RouteObject[], pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).map((m) => m.route.id ?? "");
}

function pathsToTry(): string[] {
  const paths = new Set<string>(["/", "/sample", "/x/y/z", "/%E6%9D%8E%E7%99%BD", "/detail/"]);
  for (const spec of ROUTE_MANIFEST) {
    const url = sampleUrl(spec.path);
    paths.add(url);
    paths.add(url.toUpperCase().replace(/%[0-9A-F]{2}/g, (m) => m));
    paths.add(`${url}/`);
    paths.add(`${url}/extra`);
    paths.add(url.replace(/^\/([^/]+)/, "/$1-not"));
  }
  return [...paths];
}

describe("route matching with the first-segment index", () => {
  const routes = appRoutes();
  const handler = createStaticHandler(routes);

  it("picks the same routes as the linear scan for every spec route and its near misses", async () => {
    const paths = pathsToTry();
    expect(paths.length).toBeGreaterThan(ROUTE_MANIFEST.length * 3);
    for (const pathname of paths) {
      expect([pathname, await indexedMatch(handler, pathname)]).toEqual([
        pathname,
        linearMatch(routes, pathname),
      ]);
    }
    // About 1,400 paths, each matched twice against the whole table: seconds on a busy machine.
  }, 60_000);

  it("matches case-insensitively, like the route patterns", async () => {
    const ids = await indexedMatch(handler, "/DETAIL/000000000000000000000000");
    expect(ids).toEqual(["root", routeId("/detail/:id?")]);
  });

  it("sends unknown first segments and the home page to the right routes", async () => {
    expect(await indexedMatch(handler, "/")).toEqual(linearMatch(routes, "/"));
    expect(await indexedMatch(handler, "/no-such-area/1")).toEqual(["root", "unmatched"]);
  });
});
