import { describe, expect, it } from "vitest";
import { builtRoutes, ROUTE_MANIFEST, routeId } from "./route-manifest.ts";

describe("the route manifest", () => {
  it("gives every route of the spec a screen of its own", () => {
    expect(ROUTE_MANIFEST.filter((r) => !r.module).map((r) => r.path)).toEqual([]);
    expect(builtRoutes()).toHaveLength(ROUTE_MANIFEST.length);
  });
  it("names each route once, with its own id", () => {
    const paths = ROUTE_MANIFEST.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = paths.map(routeId);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it("files the campaign and agreement routes under their areas", () => {
    const area = (path: string) => ROUTE_MANIFEST.find((r) => r.path === path)?.area;
    expect(area("/divination")).toBe("campaigns");
    expect(area("/quiz/2024/ranklist")).toBe("campaigns");
    expect(area("/agreement/userServices")).toBe("agreements");
    expect(area("/law")).toBe("agreements");
  });
});
