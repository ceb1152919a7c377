import { type RouteConfig, route } from "@react-router/dev/routes";
import { builtRoutes, routeId } from "@tongjian/domain/route-manifest";

// Every route of the manifest has its own route module; anything else falls to the catch-all
// (the spec's unmatched-route rules).
export default [
  ...builtRoutes().map((spec) =>
    route(spec.path, `routes/${spec.module}`, { id: routeId(spec.path) }),
  ),
  route("*", "routes/unmatched.tsx", { id: "unmatched" }),
] satisfies RouteConfig;
