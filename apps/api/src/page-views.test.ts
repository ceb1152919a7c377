import { describe, expect, it } from "vitest";
import { viewedContent } from "./page-views.ts";

const ID = "0123456789abcdef01234567";

describe("viewed content of a cached page", () => {
  it("finds the article of every article route, as a page and as its data", () => {
    for (const url of [
      `/ah/article/${ID}`,
      `/ah/arthistory/${ID}?isH5=1`,
      `/ah/war?id=${ID}`,
      `/summarize/${ID}`,
      `/ah/article/${ID}.data`,
      `/ah/war.data?id=${ID}&_routes=routes%2Farticle`,
    ]) {
      expect(viewedContent(url), url).toEqual({ kind: "article", id: ID });
    }
  });

  it("finds the entry of the full and the compact entry page", () => {
    for (const url of [`/detail/${ID}`, `/minidetail/${ID}?seeMore=1`, `/detail/${ID}.data`]) {
      expect(viewedContent(url), url).toEqual({ kind: "entry", id: ID });
    }
  });

  it("finds the post of a community post page", () => {
    for (const url of [`/community/detail?id=${ID}`, `/community/detail.data?id=${ID}`]) {
      expect(viewedContent(url), url).toEqual({ kind: "post", id: ID });
    }
    expect(viewedContent("/community/detail?id=nope")).toBeNull();
  });

  it("counts nothing for lists, other pages and malformed ids", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/ah/article",
      "/ah/war",
      "/ah/article/not-an-id",
      "/detail",
      `/search?q=${ID}`,
      `/planned/${ID}`,
    ]) {
      expect(viewedContent(url), url).toBeNull();
    }
  });
});
