import { describe, expect, it } from "vitest";
import { isChunkLoadError, reloadOnceForChunkError } from "./chunk-reload.ts";

describe("chunk-load failures (spec §8)", () => {
  it("recognises the messages browsers give for a missing chunk", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://h5/assets/article-1a2b.js",
      "Importing a module script failed.",
      "error loading dynamically imported module",
      "Loading chunk 42 failed.",
    ]) {
      expect(isChunkLoadError(new Error(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error("目标内容暂不存在"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads the page once per tab, then leaves the error page up", () => {
    const stored = new Map<string, string>();
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    };
    let reloads = 0;
    const reload = () => {
      reloads += 1;
    };
    expect(reloadOnceForChunkError(storage, reload)).toBe(true);
    expect(reloadOnceForChunkError(storage, reload)).toBe(false);
    expect(reloads).toBe(1);
  });
});
