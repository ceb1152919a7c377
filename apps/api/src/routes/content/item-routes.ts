import { langIdParams } from "@tongjian/contracts/common";
import {
  entryArticles,
  entryDetail,
  entryIntro,
  entryRelations,
  entryTimeline,
  worksPage,
  worksParams,
} from "@tongjian/contracts/content";
import { ownerIdOf } from "@tongjian/domain/viewer";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["词条"];

export function registerItemRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/item/detail/:lang/:id",
    {
      schema: {
        tags,
        summary: "词条详情与事实（计一次浏览）",
        params: langIdParams,
        response: replies(entryDetail),
      },
    },
    async (request) =>
      ok(
        await services.entries.detail(request.params.id, {
          // A signed-in reader's read goes in their history (/my).
          reader: ownerIdOf(request.viewer),
        }),
      ),
  );

  // Entry summary for the in-text detail pop-up (spec §3: name, summary, imageUrl).
  app.get(
    "/api/item/intro/:lang/:id",
    {
      schema: {
        tags,
        summary: "词条简介（正文中的弹窗）",
        params: langIdParams,
        response: replies(entryIntro),
      },
    },
    // A member entry's pop-up is whole only for VIP readers, like its detail.
    async (request) =>
      ok(await services.entries.intro(request.params.id, ownerIdOf(request.viewer))),
  );

  app.get(
    "/api/item/relation/:lang/:id",
    {
      schema: {
        tags,
        summary: "词条的关系（作品除外）",
        params: langIdParams,
        response: replies(entryRelations),
      },
    },
    async (request) => ok(await services.entries.relations(request.params.id)),
  );

  app.get(
    "/api/item/timeline/:lang/:id",
    {
      schema: {
        tags,
        summary: "词条的时间轴",
        params: langIdParams,
        response: replies(entryTimeline),
      },
    },
    async (request) => ok(await services.entries.timeline(request.params.id)),
  );

  app.get(
    "/api/item/works/:lang/:id/:page/:size",
    {
      schema: {
        tags,
        summary: "作者的作品，一次一页",
        params: worksParams,
        response: replies(worksPage),
      },
    },
    async (request) => ok(await services.entries.worksPage(request.params)),
  );

  app.get(
    "/api/item/articles/:lang/:id",
    {
      schema: {
        tags,
        summary: "提到词条的文章",
        params: langIdParams,
        response: replies(entryArticles),
      },
    },
    async (request) => ok(await services.entries.articles(request.params.id)),
  );
}
