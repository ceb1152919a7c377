import { emptyReadingIndex, recordPage } from "@tongjian/domain/reading-index";
import { describe, expect, it } from "vitest";
import { homeSaved, offlineListItems } from "./offline-page-list.ts";

const MINUTE = 60_000;
const doc = (url: string, savedAt: number) => ({ url, savedAt, assets: [] });

describe("offline page list", () => {
  it("lists saved articles and entries newest first with their kind and when they were opened", () => {
    let index = emptyReadingIndex();
    index = recordPage(index, {
      key: "/ah/article/a",
      kind: "article",
      at: 0,
      title: "赤壁之战",
      document: doc("/ah/article/a", 0),
    }).index;
    index = recordPage(index, {
      key: "/detail/b",
      kind: "entry",
      at: 50 * MINUTE,
      title: "诸葛亮",
      document: doc("/detail/b", 50 * MINUTE),
    }).index;
    // Only data stored: it cannot open by itself, so it is not listed.
    index = recordPage(index, {
      key: "/detail/c",
      kind: "entry",
      at: 55 * MINUTE,
      data: { url: "/detail/c.data", savedAt: 55 * MINUTE },
    }).index;
    index = recordPage(index, {
      key: "/ah/war?id=d",
      kind: "article",
      at: 58 * MINUTE,
      document: doc("/ah/war?id=d", 58 * MINUTE),
    }).index;
    expect(offlineListItems(index, 60 * MINUTE)).toEqual([
      { href: "/ah/war?id=d", title: "未命名的文章", meta: "文章 · 2分钟前打开" },
      { href: "/detail/b", title: "诸葛亮", meta: "词条 · 10分钟前打开" },
      { href: "/ah/article/a", title: "赤壁之战", meta: "文章 · 1小时前打开" },
    ]);
  });

  it("says whether the home page opens offline", () => {
    const empty = emptyReadingIndex();
    expect(homeSaved(empty)).toBe(false);
    const withHome = recordPage(empty, { key: "/", kind: "home", at: 1, document: doc("/", 1) });
    expect(homeSaved(withHome.index)).toBe(true);
    expect(offlineListItems(withHome.index, 2)).toEqual([]);
  });
});
