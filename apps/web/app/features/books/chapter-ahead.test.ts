import { describe, expect, it, vi } from "vitest";
import {
  FETCHED_AHEAD_MS,
  forgetFetchedAhead,
  keepAhead,
  loadAhead,
  pageKey,
} from "./chapter-ahead.ts";

const server = (value: string) => vi.fn(() => Promise.resolve(value));

describe("chapters fetched ahead", () => {
  it("keys a page by its path and query, from a link or a full address", () => {
    expect(pageKey("/reader?book=lunyu&chapter=3")).toBe("/reader?book=lunyu&chapter=3");
    expect(pageKey("http://127.0.0.1:3000/reader?book=lunyu&chapter=3")).toBe(
      "/reader?book=lunyu&chapter=3",
    );
  });

  it("loads from the server when nothing was fetched ahead", async () => {
    const load = server("fresh");
    await expect(loadAhead("/reader?book=a&chapter=2", load)).resolves.toBe("fresh");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers the turn with the data fetched ahead, once", async () => {
    const path = "/reader?book=b&chapter=3";
    keepAhead(path, Promise.resolve("ahead"), 1_000);
    const turn = server("again");
    await expect(loadAhead(`http://host${path}`, turn, 2_000)).resolves.toBe("ahead");
    expect(turn).not.toHaveBeenCalled();
    // Used once: a later visit asks the server.
    const later = server("later");
    await expect(loadAhead(path, later, 3_000)).resolves.toBe("later");
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("fetches afresh once the data fetched ahead is old", async () => {
    const path = "/reader?book=c&chapter=3";
    keepAhead(path, Promise.resolve("ahead"), 0);
    const turn = server("fresh");
    await expect(loadAhead(path, turn, FETCHED_AHEAD_MS)).resolves.toBe("fresh");
    expect(turn).toHaveBeenCalledTimes(1);
  });

  it("fetches again on the turn after the fetch ahead failed", async () => {
    const path = "/reader?book=d&chapter=3";
    keepAhead(path, Promise.reject(new Error("offline")), 0);
    const turn = server("fresh");
    await expect(loadAhead(path, turn, 10)).resolves.toBe("fresh");
    expect(turn).toHaveBeenCalledTimes(1);
  });

  it("lets the turn wait for a fetch ahead still under way", async () => {
    const path = "/reader?book=e&chapter=3";
    let finish: (value: string) => void = () => {};
    keepAhead(path, new Promise<string>((resolve) => (finish = resolve)), 0);
    const turn = server("again");
    const opened = loadAhead(path, turn, 10);
    finish("ahead");
    await expect(opened).resolves.toBe("ahead");
    expect(turn).not.toHaveBeenCalled();
  });

  it("fetches afresh after what was fetched ahead went out of date", async () => {
    const path = "/reader?book=f&chapter=3";
    keepAhead(path, Promise.resolve("ahead"), 0);
    forgetFetchedAhead();
    const turn = server("fresh");
    await expect(loadAhead(path, turn, 10)).resolves.toBe("fresh");
    expect(turn).toHaveBeenCalledTimes(1);
  });
});
