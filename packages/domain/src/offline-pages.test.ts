import { describe, expect, it } from "vitest";
import {
  isOfflineSaveRequest,
  isStorableApiPath,
  OFFLINE_SAVE_HEADER,
  pagePathOf,
  readingPageOf,
} from "./offline-pages.ts";

const ID = "0123456789abcdef01234567";
const at = (path: string) => new URL(path, "https://tongjian.example");

describe("reading pages kept offline", () => {
  it("keeps one article per article route, by id in the path or in ?id=", () => {
    for (const path of [
      `/ah/article/${ID}`,
      `/ah/arthistory/${ID}`,
      `/summarize/${ID}`,
      `/ah/war?id=${ID}`,
      `/ah/worldhistory?id=${ID}`,
      `/ah/technology?id=${ID}`,
      `/ah/bigevent?id=${ID}`,
      `/article/new?id=${ID}`,
      `/article/spider?id=${ID}`,
      `/article/timebar?id=${ID}`,
      `/harmony/article?id=${ID}`,
    ]) {
      expect(readingPageOf(at(path)), path).toEqual({ kind: "article", key: path });
    }
  });

  it("keeps entries in both views and the home page", () => {
    expect(readingPageOf(at(`/detail/${ID}`))).toEqual({ kind: "entry", key: `/detail/${ID}` });
    expect(readingPageOf(at(`/minidetail/${ID}`))?.kind).toBe("entry");
    expect(readingPageOf(at("/"))).toEqual({ kind: "home", key: "/" });
  });

  it("leaves out lists, other screens and malformed ids", () => {
    for (const path of [
      "/ah/article",
      "/ah/war",
      "/ah/war?id=nope",
      "/ah/article/ABC",
      "/detail",
      "/detail/123",
      `/detail/${ID}/extra`,
      "/search?keyword=李白",
      "/my",
      `/api/item/detail/cn/${ID}`,
    ]) {
      expect(readingPageOf(at(path)), path).toBeNull();
    }
  });

  it("gives a page's document and its React Router data the same key", () => {
    const data = readingPageOf(at(`/ah/article/${ID}.data?_routes=ah-article-id`));
    expect(data).toEqual({ kind: "article", key: `/ah/article/${ID}` });
    expect(readingPageOf(at(`/ah/war.data?id=${ID}&_routes=ah-war`))?.key).toBe(`/ah/war?id=${ID}`);
    expect(readingPageOf(at("/_root.data"))).toEqual({ kind: "home", key: "/" });
    expect(readingPageOf(at(`/detail/${ID}/`))?.key).toBe(`/detail/${ID}`);
  });

  it("keeps the reader's own parameters in the key", () => {
    expect(pagePathOf(at(`/ah/article/${ID}?isH5=1&_routes=x`))).toEqual({
      pathname: `/ah/article/${ID}`,
      search: "?isH5=1",
    });
  });
});

describe("API reads kept for offline", () => {
  it("keeps content reads and never sign-in, likes, search or tracking", () => {
    expect(isStorableApiPath(`/api/item/works/cn/${ID}/2/20`)).toBe(true);
    expect(isStorableApiPath(`/api/item/intro/cn/${ID}`)).toBe(true);
    expect(isStorableApiPath("/api/m/homepage/v2/n/getFeed/cn/1/20")).toBe(true);
    for (const path of [
      "/api/auth/v1/n/weixin/user/loginInfo",
      "/api/m/social/auth/v1/n/user/info",
      `/api/social/like/check/cn/${ID}`,
      "/api/search/cn",
      "/api/m/log/tracking/h5/summary",
      "/api/items",
    ]) {
      expect(isStorableApiPath(path), path).toBe(false);
    }
  });
});

describe("the service worker's own page fetches", () => {
  it("are told apart by their header", () => {
    expect(isOfflineSaveRequest(new Headers({ [OFFLINE_SAVE_HEADER]: "1" }))).toBe(true);
    expect(isOfflineSaveRequest(new Headers({ [OFFLINE_SAVE_HEADER]: "yes" }))).toBe(false);
    expect(isOfflineSaveRequest(new Headers())).toBe(false);
  });
});
