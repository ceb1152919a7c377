import {
  searchOverview,
  searchOverviewQuery,
  searchPage,
  searchParams,
  searchQuery,
  suggestionBody,
  suggestions,
} from "@tongjian/contracts/search";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["搜索"];

export function registerSearchRoutes(app: TypedApp, { services }: AppDeps) {
  // The search box: entries whose names, aliases, 字/号, pinyin or initials match, best first.
  app.post(
    "/api/search/getSuggestion",
    {
      schema: {
        tags,
        summary: "搜索框联想：名称、别名、字号、拼音或首字母匹配的词条",
        body: suggestionBody,
        response: replies(suggestions),
      },
    },
    async (request) => ok(await services.search.suggestions(request.body)),
  );

  // The search page's first view: each group with hits (人物, 朝代 … 诗文, 文章), its count and
  // its best few; names like the keyword when nothing matched.
  app.get(
    "/api/search/overview/:lang",
    {
      schema: {
        tags,
        summary: "搜索结果分组：各类（人物、朝代、事件、地点、作品、诗文、文章）的数量与前几条",
        params: searchParams,
        querystring: searchOverviewQuery,
        response: replies(searchOverview),
      },
    },
    async (request) => ok(await services.search.overview(request.query)),
  );

  // The search page: entries (by name), verses (poems and chapters by their words) or articles
  // (title and text), a page at a time.
  app.get(
    "/api/search/:lang",
    {
      schema: {
        tags,
        summary: "搜索结果：词条（可按分组）、诗文或文章，一次一页",
        params: searchParams,
        querystring: searchQuery,
        response: replies(searchPage),
      },
    },
    async (request) => ok(await services.search.page(request.query)),
  );
}
