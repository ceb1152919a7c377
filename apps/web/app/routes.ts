import { type RouteConfig, route } from "@react-router/dev/routes";
import { builtRoutes, routeId } from "@tongjian/domain/route-manifest";

// Every built screen of the manifest has its own route module. The planned (建设中) spec routes
// and anything else fall to the catch-all, which tells them apart (shell/planned-route.ts).
export default [
  ...builtRoutes().map((spec) =>
    route(spec.path, `routes/${spec.module}`, { id: routeId(spec.path) }),
  ),
  route("*", "routes/unmatched.tsx", { id: "unmatched" }),
] satisfies RouteConfig;
