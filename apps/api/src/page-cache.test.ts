import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { environmentVariant, installPageCache } from "./page-cache.ts";

const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN";
const SAFARI_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function appWithCache() {
  let version = "v1";
  let renders = 0;
  const hits: string[] = [];
  const app = Fastify();
  installPageCache(app, {
    ttlMs: 60_000,
    maxBytes: 1024 * 1024,
    pollMs: 20,
    sessionCookies: ["tj_sid", "__Host-tj_sid"],
    contentVersion: async () => version,
    onHit: (path) => hits.push(path),
  });
  app.get("/page", async (_req, reply) => {
    renders += 1;
    return reply.type("text/html").send(`<p>render ${renders}</p>`);
  });
  app.get("/api/data", async () => ({ renders }));
  await app.ready();
  return {
    app,
    hits,
    renders: () => renders,
    setVersion: (v: string) => {
      version = v;
    },
  };
}

describe("page cache", () => {
  it("serves anonymous pages from memory per environment and counts every hit", async () => {
    const t = await appWithCache();
    const first = await t.app.inject({ url: "/page", headers: { "user-agent": SAFARI_UA } });
    const second = await t.app.inject({ url: "/page", headers: { "user-agent": SAFARI_UA } });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    // WeChat gets its own render: the shell differs there.
    const wechat = await t.app.inject({ url: "/page", headers: { "user-agent": WECHAT_UA } });
    expect(wechat.headers["x-page-cache"]).toBe("miss");
    expect(t.renders()).toBe(2);
    expect(t.hits).toEqual(["/page"]);
    expect(environmentVariant(WECHAT_UA)).not.toBe(environmentVariant(SAFARI_UA));
    await t.app.close();
  });

  it("never caches for signed-in visitors or API calls", async () => {
    const t = await appWithCache();
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: "/page", headers: { cookie: "tj_sid=abc" } });
      expect(res.headers["x-page-cache"]).toBeUndefined();
      await t.app.inject({ url: "/api/data" });
    }
    expect(t.renders()).toBe(2);
    await t.app.close();
  });

  it("drops everything when the content version changes", async () => {
    const t = await appWithCache();
    await t.app.inject({ url: "/page" });
    expect((await t.app.inject({ url: "/page" })).headers["x-page-cache"]).toBe("hit");
    t.setVersion("v2");
    await new Promise((r) => setTimeout(r, 80));
    const after = await t.app.inject({ url: "/page" });
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body).toBe("<p>render 2</p>");
    await t.app.close();
  });
});
