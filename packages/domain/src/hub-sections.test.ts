import { describe, expect, it } from "vitest";
import { HUB_GROUPS, hubSections } from "./hub-sections.ts";
import { ROUTE_MANIFEST, type RouteSpec } from "./route-manifest.ts";

describe("the hub of 更多", () => {
  it("names only routes of the manifest, and links each tool's address to its route", () => {
    const sections = hubSections();
    expect(sections.map((s) => s.title)).toEqual(HUB_GROUPS.map((g) => g.title));
    const byPath = new Map(ROUTE_MANIFEST.map((r) => [r.path, r]));
    for (const s of sections) {
      for (const tool of s.tools) {
        const spec = byPath.get(tool.route);
        expect(spec, tool.name).toBeDefined();
        expect(tool.built, tool.name).toBe(spec?.module !== undefined);
        // The address is one the pattern matches (its first segments at least).
        const fixed = tool.route.replace(/\/(:id\?|\*)$/, "");
        expect(tool.to.startsWith(fixed), tool.name).toBe(true);
      }
    }
  });

  it("links what is built and says 即将上线 for the rest, as the manifest changes", () => {
    const manifest: RouteSpec[] = ROUTE_MANIFEST.map((r) =>
      r.path === "/home/museum" ? { ...r, module: "museum.tsx" } : r,
    );
    const museum = hubSections(manifest)
      .flatMap((s) => s.tools)
      .find((tool) => tool.to === "/home/museum");
    expect(museum?.built).toBe(true);
    const planned = hubSections(ROUTE_MANIFEST.map((r) => ({ ...r, module: undefined })));
    expect(planned.flatMap((s) => s.tools).every((tool) => !tool.built)).toBe(true);
  });

  it("refuses a tool that names no route", () => {
    expect(() => hubSections(ROUTE_MANIFEST.filter((r) => r.path !== "/home/top"))).toThrow(
      /\/home\/top/,
    );
  });
});
