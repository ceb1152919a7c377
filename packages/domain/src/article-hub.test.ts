import { describe, expect, it } from "vitest";
import {
  ARTICLE_SORT_LABELS,
  articleHubPath,
  articleListApiPath,
  hubChannel,
  isArticleSort,
  readArticleHubView,
} from "./article-hub.ts";
import { ARTICLE_SECTIONS } from "./article-sections.ts";

const view = (query: string) => readArticleHubView(new URLSearchParams(query));

describe("article hub URLs", () => {
  it("reads the tab from a channel or a section name, and the sort", () => {
    expect(view("section=war&sort=hot")).toEqual({ section: "战争", sort: "hot" });
    expect(view(`section=${encodeURIComponent("科技史")}`)).toEqual({
      section: "科技史",
      sort: "latest",
    });
    expect(view("section=history")).toEqual({ section: "中国史", sort: "latest" });
  });

  it("opens 全部, newest first, for a missing or unknown tab or sort", () => {
    expect(view("")).toEqual({ section: null, sort: "latest" });
    expect(view("section=nope&sort=random")).toEqual({ section: null, sort: "latest" });
    expect(view("section=all")).toEqual({ section: null, sort: "latest" });
    expect(view("section=&sort=")).toEqual({ section: null, sort: "latest" });
  });

  it("writes URLs that read back to the same view, leaving out the defaults", () => {
    expect(articleHubPath({ section: null, sort: "latest" })).toBe("/ah");
    expect(articleHubPath({ section: null, sort: "hot" })).toBe("/ah?sort=hot");
    expect(articleHubPath({ section: "世界史", sort: "latest" })).toBe("/ah?section=worldhistory");
    for (const section of [null, ...ARTICLE_SECTIONS]) {
      for (const sort of ["latest", "hot"] as const) {
        const path = articleHubPath({ section, sort });
        expect(view(path.split("?")[1] ?? "")).toEqual({ section, sort });
      }
    }
  });

  it("names the list API page of a tab and sort", () => {
    expect(hubChannel(null)).toBe("all");
    expect(hubChannel("艺术史")).toBe("arthistory");
    expect(articleListApiPath({ section: "战争", sort: "latest" }, 2, 10)).toBe(
      "/api/m/article/v1/n/list/cn/war/2/10",
    );
    expect(articleListApiPath({ section: null, sort: "hot" }, 3, 10)).toBe(
      "/api/m/article/v1/n/list/cn/all/3/10?sort=hot",
    );
  });

  it("labels the sorts in Chinese", () => {
    expect(ARTICLE_SORT_LABELS).toEqual({ latest: "最新", hot: "最热" });
    expect(isArticleSort("hot")).toBe(true);
    expect(isArticleSort("HOT")).toBe(false);
    expect(isArticleSort(null)).toBe(false);
  });
});
