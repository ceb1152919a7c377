/**
 * A stable route id from its pattern, e.g. `/ah/article/:id?` → `ah-article-id`. Kept apart from
 * the route manifest so that code in every page (page tracking) does not pull the whole manifest
 * into the browser's first load.
 */
export function routeId(path: string): string {
  if (path === "/") return "index";
  return path.replace(/^\//, "").replace(/\*/g, "all").replace(/[:?]/g, "").replace(/\//g, "-");
}
