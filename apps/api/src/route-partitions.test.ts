import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import {
  createPartitionedRequestHandler,
  requestSegment,
  routeSegment,
} from "./route-partitions.ts";

const MANIFEST = "/__manifest";

describe("routeSegment", () => {
  it("is the first segment of a route's path, lower-cased", () => {
    expect(routeSegment("/abpath")).toBe("abpath");
    expect(routeSegment("/music/list-view")).toBe("music");
    expect(routeSegment("/largeV")).toBe("largev");
    expect(routeSegment("painting/:id?")).toBe("painting");
    expect(routeSegment("/")).toBe("");
  });

  it("is null for a route that may answer any address", () => {
    expect(routeSegment(undefined)).toBeNull();
    expect(routeSegment("*")).toBeNull();
    expect(routeSegment("/:lang/home")).toBeNull();
    expect(routeSegment("/en?/home")).toBeNull();
  });
});

describe("requestSegment", () => {
  it("is the first segment of the address, decoded and lower-cased", () => {
    expect(requestSegment("/", MANIFEST)).toBe("");
    expect(requestSegment("/abpath", MANIFEST)).toBe("abpath");
    expect(requestSegment("/ABPath/", MANIFEST)).toBe("abpath");
    expect(requestSegment("/ah/article/1", MANIFEST)).toBe("ah");
    expect(requestSegment("/%61bpath", MANIFEST)).toBe("abpath");
    expect(requestSegment("/%E4%B8%AD/x", MANIFEST)).toBe("中");
  });

  it("sends a page's data request where its page goes", () => {
    expect(requestSegment("/abpath.data", MANIFEST)).toBe("abpath");
    expect(requestSegment("/_root.data", MANIFEST)).toBe("");
    expect(requestSegment("/ah/article/1.data", MANIFEST)).toBe("ah");
    expect(requestSegment("/abpath/.data", MANIFEST)).toBe("abpath");
  });

  it("is null for the manifest requests and addresses only the whole route list may answer", () => {
    expect(requestSegment(MANIFEST, MANIFEST)).toBeNull();
    expect(requestSegment("//abpath", MANIFEST)).toBeNull();
    expect(requestSegment("/%E0%A4%A/x", MANIFEST)).toBeNull();
  });
});

/**
 * A server build of a few routes whose document "render" reports what React Router handed it:
 * the status, the matched routes and the routes of the manifest the browser would get.
 */
function testBuild(): ServerBuild {
  const paths: Record<string, string | undefined> = {
    root: "",
    index: "/",
    abpath: "/abpath",
    "music-landing": "/music/landing",
    "music-list": "/music/list-view",
    largeV: "/largeV",
    unmatched: "*",
  };
  const entries = Object.entries(paths).map(([id, path]) => ({
    id,
    path,
    ...(id === "root" ? {} : { parentId: "root" }),
  }));
  const routes = Object.fromEntries(
    entries.map((route) => [
      route.id,
      { ...route, module: { default: () => null, loader: () => `loaded ${route.id}` } },
    ]),
  );
  const assetRoutes = Object.fromEntries(
    entries.map((route) => [
      route.id,
      {
        ...route,
        module: `/assets/${route.id}.js`,
        hasLoader: true,
        hasAction: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
      },
    ]),
  );
  const render = (
    _request: Request,
    status: number,
    _headers: Headers,
    context: {
      staticHandlerContext: { matches: { route: { id: string } }[] };
      manifest: { routes: Record<string, unknown> };
    },
  ) =>
    Response.json({
      status,
      matched: context.staticHandlerContext.matches.map((m) => m.route.id),
      known: Object.keys(context.manifest.routes).sort(),
    });
  return {
    entry: { module: { default: render } },
    routes,
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: assetRoutes,
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: MANIFEST },
  } as unknown as ServerBuild;
}

const page = async (handle: ReturnType<typeof createRequestHandler>, path: string) =>
  (await (await handle(new Request(`http://local${path}`))).json()) as {
    status: number;
    matched: string[];
    known: string[];
  };

describe("createPartitionedRequestHandler", () => {
  const build = testBuild();
  const partitioned = createPartitionedRequestHandler(build, "production");
  const whole = createRequestHandler(build, "production");

  it("answers every address with the same route and status as the handler over every route", async () => {
    for (const path of [
      "/",
      "/abpath",
      "/ABPATH/",
      "/music/landing",
      "/Music/List-View",
      "/music",
      "/music/other",
      "/largev",
      "/nowhere/at/all",
      "/%E4%B8%AD",
    ]) {
      const [mine, theirs] = await Promise.all([page(partitioned, path), page(whole, path)]);
      expect({ path, status: mine.status, matched: mine.matched }).toEqual({
        path,
        status: theirs.status,
        matched: theirs.matched,
      });
    }
  });

  it("renders a page over the routes of its first segment, the root and the catch-all", async () => {
    expect((await page(partitioned, "/abpath")).known).toEqual(["abpath", "root", "unmatched"]);
    expect((await page(partitioned, "/music/landing")).known).toEqual([
      "music-landing",
      "music-list",
      "root",
      "unmatched",
    ]);
    expect((await page(partitioned, "/")).known).toEqual(["index", "root", "unmatched"]);
    expect(await page(partitioned, "/nowhere")).toEqual({
      status: 200,
      matched: ["root", "unmatched"],
      known: ["root", "unmatched"],
    });
  });

  it("answers an address that does not decode over every route", async () => {
    const answer = await page(partitioned, "/%E0%A4%A");
    expect(answer.matched).toEqual(["root", "unmatched"]);
    expect(answer.known).toContain("abpath");
  });

  it("answers a page's data request with that page's loaders", async () => {
    const text = async (path: string) =>
      (await partitioned(new Request(`http://local${path}`))).text();
    expect(await text("/abpath.data")).toContain("loaded abpath");
    expect(await text("/_root.data")).toContain("loaded index");
    expect(await text("/music/list-view.data")).toContain("loaded music-list");
  });

  it("finds any route for lazy route discovery", async () => {
    const response = await partitioned(
      new Request(`http://local${MANIFEST}?version=test&paths=/abpath,/music/landing,/`),
    );
    expect(response.status).toBe(200);
    const patches = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(patches)).toEqual(
      expect.arrayContaining(["abpath", "music-landing", "index"]),
    );
  });
});
