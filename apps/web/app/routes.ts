import { type RouteConfig, route } from "@react-router/dev/routes";
import { ROUTE_MANIFEST, routeId } from "@tongjian/domain/route-manifest";

// Every spec route comes from the manifest: a built screen has its own module, the rest render
// the planned (建设中) screen inside the shell. Anything else is "unmatched".
export default [
  ...ROUTE_MANIFEST.map((spec) =>
    route(spec.path, spec.module ? `routes/${spec.module}` : "routes/planned.tsx", {
      id: routeId(spec.path),
    }),
  ),
  route("*", "routes/unmatched.tsx", { id: "unmatched" }),
] satisfies RouteConfig;
