import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createContentReadCache } from "./content-read-cache.ts";

async function setup(ttlMs = 60_000) {
  let version = "v1";
  let loads = 0;
  const cache = createContentReadCache<{ value: string; load: number }>({
    contentVersion: async () => version,
    pollMs: 20,
    ttlMs,
    max: 100,
  });
  await cache.poll();
  const read = (key: string, value = `${key}@${version}`) =>
    cache.get(key, async () => {
      loads += 1;
      await sleep(5);
      return { value, load: loads };
    });
  return {
    cache,
    read,
    loads: () => loads,
    setVersion: (v: string) => {
      version = v;
    },
  };
}

describe("content read cache", () => {
  it("loads a key once and shares one load between concurrent readers", async () => {
    const t = await setup();
    const [a, b] = await Promise.all([t.read("x"), t.read("x")]);
    expect(a).toBe(b);
    expect(await t.read("x")).toBe(a);
    expect(t.loads()).toBe(1);
    expect((await t.read("y")).value).toBe("y@v1");
    expect(t.loads()).toBe(2);
    t.cache.close();
  });

  it("drops everything when the content version changes", async () => {
    const t = await setup();
    expect((await t.read("x")).value).toBe("x@v1");
    t.setVersion("v2");
    await sleep(80);
    expect((await t.read("x")).value).toBe("x@v2");
    expect(t.loads()).toBe(2);
    t.cache.close();
  });

  it("does not keep a result whose load straddled a content change", async () => {
    const t = await setup();
    const stale = t.read("x", "old");
    t.setVersion("v2");
    await t.cache.poll();
    expect((await stale).value).toBe("old");
    expect((await t.read("x")).value).toBe("x@v2");
    t.cache.close();
  });

  it("reloads after the time to live and never caches a failed load", async () => {
    const t = await setup(30);
    await t.read("x");
    await sleep(60);
    await t.read("x");
    expect(t.loads()).toBe(2);
    await expect(t.cache.get("bad", async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect((await t.read("bad")).value).toBe("bad@v1");
    t.cache.close();
  });

  it("hands out frozen values, inner objects too, so one reader cannot change another's", async () => {
    const cache = createContentReadCache<{ list: { name: string }[] }>({
      contentVersion: async () => "v1",
      pollMs: 1_000,
      ttlMs: 60_000,
      max: 10,
    });
    const value = await cache.get("k", async () => ({ list: [{ name: "李白" }] }));
    expect(() => value.list.push({ name: "杜甫" })).toThrow(TypeError);
    expect(() => {
      (value.list[0] as { name: string }).name = "杜甫";
    }).toThrow(TypeError);
    expect((await cache.get("k", async () => ({ list: [] }))).list).toEqual([{ name: "李白" }]);
    cache.close();
  });

  it("keeps nothing once closed, since it no longer sees content change", async () => {
    const t = await setup();
    await t.read("x");
    t.cache.close();
    expect(t.cache.size).toBe(0);
    t.setVersion("v2");
    expect((await t.read("x")).value).toBe("x@v2");
    expect((await t.read("x")).load).toBe(3);
    expect(t.cache.size).toBe(0);
  });
});
