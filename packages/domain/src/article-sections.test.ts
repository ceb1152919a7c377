import { describe, expect, it } from "vitest";
import {
  ARTICLE_ROUTE_VIEWS,
  ARTICLE_SECTIONS,
  articleRouteFor,
  isArticleSection,
  SECTION_CHANNELS,
  sectionListPath,
  sectionOfChannel,
} from "./article-sections.ts";
import { ROUTE_MANIFEST } from "./route-manifest.ts";

describe("article sections", () => {
  it("gives every section a distinct channel and reads it back", () => {
    const channels = ARTICLE_SECTIONS.map((s) => SECTION_CHANNELS[s]);
    expect(new Set(channels).size).toBe(ARTICLE_SECTIONS.length);
    for (const s of ARTICLE_SECTIONS) expect(sectionOfChannel(SECTION_CHANNELS[s])).toBe(s);
    expect(sectionOfChannel("all")).toBeNull();
    expect(sectionOfChannel("nope")).toBeNull();
    expect(isArticleSection("战争")).toBe(true);
    expect(isArticleSection("战")).toBe(false);
    expect(isArticleSection(null)).toBe(false);
  });

  it("lists each section on its own route where the spec has one", () => {
    expect(sectionListPath("战争")).toBe("/ah/war");
    expect(sectionListPath("艺术史")).toBe("/ah/arthistory");
    expect(sectionListPath("世界史")).toBe("/ah/worldhistory");
    expect(sectionListPath("科技史")).toBe("/ah/technology");
    expect(sectionListPath("大事件")).toBe("/ah/bigevent");
    expect(sectionListPath("中国史")).toBe(`/ah/article?section=${encodeURIComponent("中国史")}`);
  });

  it("finds the article route of a pathname and its id segment", () => {
    expect(articleRouteFor("/ah/war")).toMatchObject({
      path: "/ah/war",
      id: null,
      section: "战争",
    });
    expect(articleRouteFor("/ah/war/")).toMatchObject({ path: "/ah/war", id: null });
    expect(articleRouteFor("/ah/war/abc")).toBeNull();
    expect(articleRouteFor("/ah/arthistory/abc")).toMatchObject({ id: "abc", section: "艺术史" });
    expect(articleRouteFor("/summarize/x1")).toMatchObject({ path: "/summarize/:id?", id: "x1" });
    expect(articleRouteFor("/ah/article")).toMatchObject({ section: null, title: "历史文章" });
    expect(articleRouteFor("/detail/abc")).toBeNull();
  });

  it("names only routes of the manifest, each rendered by the article module", () => {
    for (const path of Object.keys(ARTICLE_ROUTE_VIEWS)) {
      const spec = ROUTE_MANIFEST.find((r) => r.path === path);
      expect(spec?.module, path).toBe("article.tsx");
    }
  });
});
