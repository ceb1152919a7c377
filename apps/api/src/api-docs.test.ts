import { contentId } from "@tongjian/content/load-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DOCS_PATH, OPENAPI_PATH } from "./api-docs.ts";
import { createTestApp } from "./test-app.ts";

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

/** Every route the app registered, read from Fastify's own listing (its router's tree). */
function registeredRoutes(tree: string): { path: string; methods: string[] }[] {
  const routes: { path: string; methods: string[] }[] = [];
  const parents: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = `${parents[depth - 1] ?? ""}${match[2]}`;
    parents[depth] = path;
    parents.length = depth + 1;
    if (match[3]) routes.push({ path, methods: match[3].split(", ") });
  }
  return routes;
}

/** `:id` as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("API reference", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Files served under /api, as themselves (cached by their ETag), not in the envelope. */
  const FILES = new Set([
    "/api/timemap/:lang/base",
    // A greeting card's picture, and a reader's own data as a JSON download.
    "/api/m/greetingcard/image/:file",
    "/api/user/personal-data/export",
    // A live session's HLS playlist, which players read as it is.
    "/api/live/n/stream/:key/index.m3u8",
  ]);
  /** The payment channels' notifications, answered in the channel's own format (decision 33). */
  const CHANNEL_CALLBACKS = new Set(["/api/pay/notify/wechat", "/api/pay/notify/alipay"]);

  it("lists every /api route in the OpenAPI document, each with its envelope", async () => {
    const res = await t.app.inject({ url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      info: { title: string };
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.info.title).toBe("通鉴 API");

    const api = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) =>
        r.path.startsWith("/api/") &&
        !r.path.startsWith(API_DOCS_PATH) &&
        r.path !== OPENAPI_PATH &&
        !r.path.endsWith("*") &&
        !FILES.has(r.path) &&
        !CHANNEL_CALLBACKS.has(r.path),
    );
    // The spec's calls the pages make, at least (home, articles, entries, search, likes, …).
    expect(api.length).toBeGreaterThanOrEqual(25);
    for (const route of api) {
      for (const method of route.methods.filter((m) => m !== "HEAD")) {
        const operation = doc.paths[openApiPath(route.path)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.path}`).toBeDefined();
        const ok = operation?.responses?.["200"]?.content?.["application/json"]?.schema;
        expect(ok?.properties?.data, `${method} ${route.path} data`).toBeDefined();
        expect(ok?.required, `${method} ${route.path}`).toEqual(["code", "message", "data"]);
        const failed = operation?.responses?.["4XX"]?.content?.["application/json"]?.schema;
        expect(failed?.properties?.data, `${method} ${route.path} error`).toEqual({ type: "null" });
      }
    }
    // Pages are not part of the API's reference.
    expect(Object.keys(doc.paths).some((path) => path === "/*")).toBe(false);
  });

  it("serves the readable reference from this process", async () => {
    const page = await t.app.inject({ url: `${API_DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>通鉴 API</title>");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, "no script from elsewhere").not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({ url: new URL(src, `http://x${API_DOCS_PATH}/`).pathname });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it("still answers bad input with a 4xx envelope in Chinese", async () => {
    const cases: [string, number, RegExp][] = [
      ["/api/item/detail/cn/not-an-id", 400, /十六进制/],
      [`/api/item/detail/cn/${"0".repeat(24)}`, 404, /词条不存在/],
      ["/api/search/cn?type=poem", 400, /type 只能是/],
      [`/api/social/like/check/cn/${contentId("person", "li-bai")}/poem`, 400, /类型只支持/],
      ["/api/m/homepage/v2/n/getFeed/cn/1/0", 400, /每页至少/],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({
        code: status,
        message: expect.stringMatching(message),
        data: null,
      });
    }
    const body = await t.app.inject({
      method: "POST",
      url: "/api/social/like/send",
      payload: { itemId: "x", action: "like" },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      code: 400,
      message: expect.stringMatching(/请求体/),
      data: null,
    });
  });
});
