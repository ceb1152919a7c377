import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/start-server.ts";

const FEED = "/api/m/homepage/v2/n/getFeed/cn/1/50";
let server: RunningServer;

async function json(path: string, init: RequestInit = {}) {
  // A fresh connection per request, so the primary hands requests to both workers.
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { connection: "close", ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as { data: never } };
}

beforeAll(async () => {
  server = await startServer({
    contentDir: "tests/fixtures/content",
    env: { WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "60000" },
  });
});

afterAll(async () => {
  await server?.stop();
});

describe("several worker processes (WEB_CONCURRENCY=2)", () => {
  it("serves pages and the API, with content loaded once", async () => {
    const feed = await json(FEED);
    expect(feed.status).toBe(200);
    const list = (feed.body.data as { list: { id: string }[] }).list;
    expect(list.length).toBeGreaterThan(0);
    const ids = list.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 0; i < 6; i++) {
      const page = await fetch(`${server.baseUrl}/ah/article/${ids[0]}`, {
        headers: { connection: "close", cookie: "tj_sid=cluster" },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('data-layout="');
    }
  });

  it("leaves the database and the server code to the workers: the primary only supervises", () => {
    const pid = server.process.pid;
    const open = readdirSync(`/proc/${pid}/fd`).map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return "";
      }
    });
    expect(open.filter((target) => target.includes("tongjian.sqlite"))).toEqual([]);
    // The server modules (Fastify, React Router, the pages) are never loaded into the primary.
    const maps = readFileSync(`/proc/${pid}/maps`, "utf8");
    expect(maps).not.toContain("better_sqlite3.node");
  });

  it("counts every view exactly once, whichever worker served it", async () => {
    const feed = await json(FEED);
    const id = (feed.body.data as { list: { id: string }[] }).list[0]?.id ?? "";
    const detail = `/api/m/article/v1/n/detail/cn/${id}`;
    const viewsNow = async () => {
      const r = await json(detail);
      return Number((r.body.data as { viewNumShow: string }).viewNumShow);
    };
    const before = await viewsNow();
    await sleep(1_500); // each worker writes its counts once a second
    const settled = await viewsNow();
    expect(settled).toBeGreaterThanOrEqual(before);
    for (let i = 0; i < 20; i++) expect((await json(detail)).status).toBe(200);
    await sleep(1_500);
    // The 20 visits plus the reading itself, counted by whichever process served them.
    const after = await viewsNow();
    expect(after - settled).toBe(21);
  });

  it("stops all workers on SIGTERM", async () => {
    const child = server.process;
    await server.stop();
    expect(child.exitCode).toBe(0);
    const health = await fetch(`${server.baseUrl}/healthz`).catch(() => null);
    expect(health).toBeNull();
  });
});
