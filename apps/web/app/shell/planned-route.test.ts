import { ROUTE_MANIFEST, routeId, sampleUrl } from "@tongjian/domain/route-manifest";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { plannedRouteFor } from "./planned-route.ts";

/** The whole manifest as one route table, as the app had it: the answer to hold the split to. */
const fullTable: RouteObject[] = [
  ...ROUTE_MANIFEST.map((spec) => ({ id: routeId(spec.path), path: spec.path })),
  { id: "unmatched", path: "*" },
];
/** What the app's table holds now: the built screens and the catch-all. */
const builtTable: RouteObject[] = [
  ...ROUTE_MANIFEST.filter((spec) => spec.module).map((spec) => ({
    id: routeId(spec.path),
    path: spec.path,
  })),
  { id: "unmatched", path: "*" },
];

const leafId = (routes: RouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.at(-1)?.route.id;

/** The route a path reaches: a built screen, else the planned route the catch-all finds. */
function resolved(pathname: string): string | undefined {
  const id = leafId(builtTable, pathname);
  if (id !== "unmatched") return id;
  return plannedRouteFor(pathname)?.routeId ?? "unmatched";
}

function pathsToTry(): string[] {
  const paths = new Set<string>(["/", "/sample", "/x/y/z", "/%E6%9D%8E%E7%99%BD", "/detail/"]);
  for (const spec of ROUTE_MANIFEST) {
    const url = sampleUrl(spec.path);
    paths.add(url);
    paths.add(url.toUpperCase());
    paths.add(`${url}/`);
    paths.add(`${url}/extra`);
    paths.add(url.replace(/^\/([^/]+)/, "/$1-not"));
  }
  return [...paths];
}

describe("planned routes behind the catch-all", () => {
  it("reach the same route as the whole manifest table, for every spec route and near misses", () => {
    const paths = pathsToTry();
    expect(paths.length).toBeGreaterThan(ROUTE_MANIFEST.length * 3);
    for (const pathname of paths) {
      expect([pathname, resolved(pathname)]).toEqual([pathname, leafId(fullTable, pathname)]);
    }
    // About 1,500 paths matched against the whole table as well: seconds on a busy machine.
  }, 60_000);

  it("names the planned route with its title and area", () => {
    expect(plannedRouteFor("/law")).toEqual({
      routeId: "law",
      path: "/law",
      area: "agreements",
      title: "法律声明",
    });
    expect(plannedRouteFor("/LAW")?.routeId).toBe("law");
    // A built screen has its own route module, not the catch-all.
    expect(plannedRouteFor("/abpath")).toBeNull();
    expect(plannedRouteFor("/no-such-area/1")).toBeNull();
    expect(plannedRouteFor("/")).toBeNull();
  });
});
