import { describe, expect, it } from "vitest";
import {
  assetsOfSavedPages,
  dropLoaderData,
  emptyReadingIndex,
  keepStored,
  parseReadingIndex,
  type ReadingIndex,
  recordPage,
  savedPages,
} from "./reading-index.ts";

const doc = (url: string, savedAt: number, assets: string[] = []) => ({ url, savedAt, assets });

function openArticles(count: number, max?: number): { index: ReadingIndex; removed: string[] } {
  let index = emptyReadingIndex();
  const removed: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `/ah/article/${i}`;
    const stored = recordPage(index, { key, kind: "article", at: i, document: doc(key, i) }, max);
    removed.push(...stored.removed);
    const change = recordPage(
      stored.index,
      { key, kind: "article", at: i, data: { url: `${key}.data?_routes=a`, savedAt: i } },
      max,
    );
    index = change.index;
    removed.push(...change.removed);
  }
  return { index, removed };
}

describe("reading index", () => {
  it("counts a page's document and data as one page and keeps the newest", () => {
    const { index, removed } = openArticles(5, 3);
    expect(savedPages(index).map((p) => p.key)).toEqual([
      "/ah/article/4",
      "/ah/article/3",
      "/ah/article/2",
    ]);
    // Both forms of each page beyond the limit are deleted.
    expect(removed.sort()).toEqual([
      "/ah/article/0",
      "/ah/article/0.data?_routes=a",
      "/ah/article/1",
      "/ah/article/1.data?_routes=a",
    ]);
  });

  it("keeps 50 pages by default and moves a page opened again to the front", () => {
    let { index } = openArticles(60);
    expect(savedPages(index)).toHaveLength(50);
    index = recordPage(index, { key: "/ah/article/20", kind: "article", at: 100 }).index;
    expect(savedPages(index)[0]?.key).toBe("/ah/article/20");
    expect(savedPages(index)[0]?.data?.url).toBe("/ah/article/20.data?_routes=a");
  });

  it("keeps the home page apart from the limit and out of the list", () => {
    let index = recordPage(emptyReadingIndex(), {
      key: "/",
      kind: "home",
      at: 0,
      document: doc("/", 0),
    }).index;
    for (let i = 1; i <= 3; i++) {
      const key = `/detail/${i}`;
      index = recordPage(index, { key, kind: "entry", at: i, document: doc(key, i) }, 2).index;
    }
    expect(index.pages.map((p) => p.key)).toEqual(["/detail/3", "/detail/2", "/"]);
    expect(savedPages(index).map((p) => p.kind)).toEqual(["entry", "entry"]);
  });

  it("lists only pages whose document is stored, and keeps their titles", () => {
    let index = recordPage(emptyReadingIndex(), {
      key: "/ah/article/a",
      kind: "article",
      at: 1,
      data: { url: "/ah/article/a.data", savedAt: 1 },
    }).index;
    expect(savedPages(index)).toEqual([]);
    index = recordPage(index, {
      key: "/ah/article/a",
      kind: "article",
      at: 2,
      title: "赤壁之战",
      document: doc("/ah/article/a", 2),
    }).index;
    // A later update without a title keeps the one found in the document.
    index = recordPage(index, { key: "/ah/article/a", kind: "article", at: 3 }).index;
    expect(savedPages(index)).toMatchObject([{ title: "赤壁之战", openedAt: 3 }]);
  });

  it("deletes a replaced data response of the same page", () => {
    const first = recordPage(emptyReadingIndex(), {
      key: "/detail/x",
      kind: "entry",
      at: 1,
      data: { url: "/detail/x.data?_routes=a", savedAt: 1 },
    }).index;
    const change = recordPage(first, {
      key: "/detail/x",
      kind: "entry",
      at: 2,
      data: { url: "/detail/x.data", savedAt: 2 },
    });
    expect(change.removed).toEqual(["/detail/x.data?_routes=a"]);
  });

  it("drops loader data after a deployment but keeps documents and their files", () => {
    const { index } = openArticles(2);
    const withDataOnly = recordPage(index, {
      key: "/detail/y",
      kind: "entry",
      at: 9,
      data: { url: "/detail/y.data", savedAt: 9 },
    }).index;
    const withAssets = recordPage(withDataOnly, {
      key: "/ah/article/0",
      kind: "article",
      at: 10,
      document: doc("/ah/article/0", 10, ["/assets/a.js", "/assets/b.css"]),
    }).index;
    const { index: dropped, removed } = dropLoaderData(withAssets);
    expect(removed.sort()).toEqual([
      "/ah/article/0.data?_routes=a",
      "/ah/article/1.data?_routes=a",
      "/detail/y.data",
    ]);
    expect(dropped.pages.map((p) => [p.key, p.data])).toEqual([
      ["/ah/article/0", null],
      ["/ah/article/1", null],
    ]);
    expect([...assetsOfSavedPages(dropped)]).toEqual(["/assets/a.js", "/assets/b.css"]);
  });

  it("forgets forms the browser evicted from the cache", () => {
    const { index } = openArticles(2);
    const kept = keepStored(index, new Set(["/ah/article/1", "/ah/article/0.data?_routes=a"]));
    expect(kept.pages.map((p) => [p.key, p.document?.url ?? null, p.data?.url ?? null])).toEqual([
      ["/ah/article/1", "/ah/article/1", null],
      ["/ah/article/0", null, "/ah/article/0.data?_routes=a"],
    ]);
  });

  it("reads back what it wrote and treats anything else as empty", () => {
    const { index } = openArticles(3);
    expect(parseReadingIndex(JSON.parse(JSON.stringify(index)))).toEqual(index);
    expect(parseReadingIndex(null)).toEqual(emptyReadingIndex());
    expect(parseReadingIndex({ format: 99, pages: [] })).toEqual(emptyReadingIndex());
    expect(
      parseReadingIndex({
        format: 1,
        pages: [{ key: "/x", kind: "weird", openedAt: 1 }, { key: 3 }],
      }).pages,
    ).toEqual([]);
  });
});
