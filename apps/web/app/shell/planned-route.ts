import { ROUTE_MANIFEST, type RouteSpec, routeId } from "@tongjian/domain/route-manifest";
import { matchRoutes, type RouteObject } from "react-router";

/**
 * The spec routes whose screens are still planned (建设中) are not in React Router's route table:
 * the catch-all route answers them (routes/unmatched.tsx). React Router matches a request against
 * every route of its table, and builds its server routes from the whole table, on every request;
 * with ~400 planned routes beside a dozen built ones that was most of the router's share of a
 * render (docs/decisions/0013-react-19.md). Here a planned route is found among the few whose
 * pattern starts with the same segment, with React Router's own matcher and ranking.
 */
export interface PlannedRoute {
  /** The id the route would have in the route table (page tracking reads it). */
  routeId: string;
  path: string;
  area: RouteSpec["area"];
  title: string;
}

let index: Map<string, RouteObject[]> | undefined;
const specs = new Map<string, RouteSpec>();

/** Route patterns and paths are matched case-insensitively, as React Router does. */
function firstSegment(path: string): string {
  return (path.split("/")[1] ?? "").toLowerCase();
}

function plannedIndex(): Map<string, RouteObject[]> {
  if (index) return index;
  index = new Map();
  for (const spec of ROUTE_MANIFEST) {
    if (spec.module) continue;
    const id = routeId(spec.path);
    specs.set(id, spec);
    const key = firstSegment(spec.path);
    const routes = index.get(key) ?? [];
    routes.push({ id, path: spec.path });
    index.set(key, routes);
  }
  return index;
}

/** The planned spec route a path belongs to, or null when the path is no spec route. */
export function plannedRouteFor(pathname: string): PlannedRoute | null {
  const routes = plannedIndex().get(firstSegment(pathname));
  if (!routes) return null;
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
  const spec = id === undefined ? undefined : specs.get(id);
  if (!id || !spec) return null;
  return { routeId: id, path: spec.path, area: spec.area, title: spec.title };
}
