import { createRequestHandler, type ServerBuild } from "react-router";

type RequestHandler = ReturnType<typeof createRequestHandler>;
type Mode = Parameters<typeof createRequestHandler>[1];

const ROOT_DATA = "_root";
const DATA_SUFFIX = ".data";

/**
 * The partition a top-level route belongs to: the first segment of its path, lower-cased as React
 * Router compares it; `null` for a route that can answer any address (no path, a parameter, a
 * splat or an optional first segment), which goes into every partition.
 */
export function routeSegment(path: string | undefined): string | null {
  if (path === undefined) return null;
  const first = path.replace(/^\/+/, "").split("/")[0] ?? "";
  if (first.startsWith(":") || first.includes("*") || first.endsWith("?")) return null;
  return first.toLowerCase();
}

/**
 * The partition of a request's address, or `null` when only the handler over every route may
 * answer it (the manifest requests of lazy route discovery, an address that does not decode).
 * A data request of a page (`/abpath.data`, `/_root.data` for the home page) goes where its page
 * goes.
 */
export function requestSegment(pathname: string, manifestPath: string): string | null {
  if (pathname === manifestPath) return null;
  if (pathname === "/") return "";
  const slash = pathname.indexOf("/", 1);
  let first = slash === -1 ? pathname.slice(1) : pathname.slice(1, slash);
  if (slash === -1 && first.endsWith(DATA_SUFFIX)) {
    first = first.slice(0, -DATA_SUFFIX.length);
    if (first === ROOT_DATA) return "";
  }
  if (first === "") return null;
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return null;
  }
}

/** `build` with only the routes named, in both its server routes and its client manifest. */
function buildWith(build: ServerBuild, ids: readonly string[]): ServerBuild {
  const pick = <T>(all: Record<string, T | undefined>) =>
    Object.fromEntries(ids.flatMap((id) => (all[id] === undefined ? [] : [[id, all[id]]])));
  return {
    ...build,
    routes: pick(build.routes) as ServerBuild["routes"],
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}

/**
 * React Router's request handler for a build, split by the first segment of the address.
 *
 * For every page React Router walks its whole route list several times (the server's match, the
 * data query, the routes the page renders with, which it builds afresh on each render, and the
 * match of each ancestor path for the first manifest the browser gets). Over the product's
 * 279 routes that walk was most of a page's server CPU (decision 54). Every route's path starts
 * with a fixed segment, so the routes a request can match are those sharing its first segment
 * plus those that can answer anything (the root, the catch-all): each first segment gets a
 * handler over a build holding only those. The page and its data are the same; the browser's
 * first manifest names only the routes of that segment, and the rest are found by lazy route
 * discovery as before, through the handler over every route.
 */
export function createPartitionedRequestHandler(build: ServerBuild, mode?: Mode): RequestHandler {
  const full = createRequestHandler(build, mode);
  if ((build.basename ?? "/") !== "/" || build.routeDiscovery.mode !== "lazy") return full;
  const manifestPath = build.routeDiscovery.manifestPath;

  // Each route goes with its top-level ancestor (the child of the root it descends from).
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const topLevel = (id: string) => {
    let route = byId.get(id);
    while (route?.parentId !== undefined && byId.get(route.parentId)?.parentId !== undefined)
      route = byId.get(route.parentId);
    return route;
  };
  const everywhere: string[] = [];
  const bySegment = new Map<string, string[]>();
  for (const route of routes) {
    const top = route.parentId === undefined ? undefined : topLevel(route.id);
    const segment = top === undefined ? null : routeSegment(top.path);
    if (segment === null) everywhere.push(route.id);
    else bySegment.set(segment, [...(bySegment.get(segment) ?? []), route.id]);
  }
  const handlers = new Map<string, RequestHandler>();
  for (const [segment, ids] of bySegment)
    handlers.set(segment, createRequestHandler(buildWith(build, [...everywhere, ...ids]), mode));
  // Addresses whose first segment no route starts with: the root and the catch-all.
  const other = createRequestHandler(buildWith(build, everywhere), mode);

  return (request, loadContext) => {
    const segment = requestSegment(new URL(request.url).pathname, manifestPath);
    const handler = segment === null ? full : (handlers.get(segment) ?? other);
    return handler(request, loadContext);
  };
}
