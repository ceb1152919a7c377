import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { readServerConfig, resolveWebConcurrency } from "./server-config.ts";

describe("WEB_CONCURRENCY", () => {
  it("runs one worker per CPU in production and one process otherwise", () => {
    expect(resolveWebConcurrency(undefined, true, 4)).toBe(4);
    expect(resolveWebConcurrency(undefined, false, 4)).toBe(1);
    expect(resolveWebConcurrency(undefined, true, 0)).toBe(1);
    expect(resolveWebConcurrency(3, false, 8)).toBe(3);
  });

  it("reads a positive whole number from the environment", () => {
    expect(readServerConfig({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(readServerConfig({ WEB_CONCURRENCY: " 2 " }).webConcurrency).toBe(2);
    expect(readServerConfig({ WEB_CONCURRENCY: "", NODE_ENV: "production" }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(readServerConfig({ NODE_ENV: "development" }).webConcurrency).toBe(1);
  });

  it.each(["0", "-1", "1.5", "many", "65"])("rejects %s with a clear message", (value) => {
    expect(() => readServerConfig({ WEB_CONCURRENCY: value })).toThrow(/配置无效：WEB_CONCURRENCY/);
  });
});
