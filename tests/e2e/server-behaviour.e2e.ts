import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/start-server.ts";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ contentDir: process.env.E2E_CONTENT_DIR ?? "content" });
});

afterAll(async () => {
  await server?.stop();
});

describe("production server", () => {
  it("serves hashed assets with immutable caching and pages with security headers", async () => {
    const home = await fetch(`${server.baseUrl}/`);
    const html = await home.text();
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(home.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${server.baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it("compresses pages and API responses for clients that accept it", async () => {
    for (const path of ["/", "/api/m/homepage/v2/n/getFeed/cn/1/50"]) {
      const plain = await fetch(`${server.baseUrl}${path}`, {
        headers: { "accept-encoding": "identity" },
      });
      expect(plain.headers.get("content-encoding"), path).toBeNull();
      const size = (await plain.arrayBuffer()).byteLength;
      const res = await fetch(`${server.baseUrl}${path}`, {
        headers: { "accept-encoding": "gzip" },
      });
      // Bodies under 1 KB are not worth compressing and go out as they are.
      expect(res.headers.get("content-encoding"), path).toBe(size >= 1024 ? "gzip" : null);
      await res.arrayBuffer();
    }
  });

  it("serves repeat anonymous page views from the page cache, never signed-in ones", async () => {
    const url = `${server.baseUrl}/ah/article`;
    await fetch(url).then((r) => r.text());
    const again = await fetch(url);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    const signedIn = await fetch(url, { headers: { cookie: "tj_sid=someone" } });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toBe(await again.text());
  });

  it("drains in-flight requests on SIGTERM and exits cleanly", async () => {
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${server.baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`).then((r) => r.status),
    );
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((resolve) =>
      server.process.once("exit", (code) => resolve(code)),
    );
    server.process.kill("SIGTERM");
    const statuses = await Promise.all(inFlight.map((p) => p.catch(() => 0)));
    // Requests already being served finish with 200; ones that arrive once closing has begun
    // are refused (503 or a closed connection), never cut off half-way.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => ![200, 503, 0].includes(s))).toEqual([]);
    expect(await exited).toBe(0);
  });
});
