import { WORKS_PAGE_SIZE, WORKS_PAGE_SIZE_MAX } from "@tongjian/domain/relation-groups";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { idSchema, langIdParams, langSchema, pageNumber, pageSize } from "../route-schemas.ts";

export function registerItemRoutes(app: TypedApp, { services }: AppDeps) {
  app.get("/api/item/detail/:lang/:id", { schema: { params: langIdParams } }, async (request) =>
    ok(await services.entries.detail(request.params.id)),
  );

  // Entry summary for the in-text detail pop-up (spec §3: name, summary, imageUrl).
  app.get("/api/item/intro/:lang/:id", { schema: { params: langIdParams } }, async (request) =>
    ok(await services.entries.intro(request.params.id)),
  );

  app.get("/api/item/relation/:lang/:id", { schema: { params: langIdParams } }, async (request) =>
    ok(await services.entries.relations(request.params.id)),
  );

  app.get("/api/item/timeline/:lang/:id", { schema: { params: langIdParams } }, async (request) =>
    ok(await services.entries.timeline(request.params.id)),
  );

  app.get(
    "/api/item/works/:lang/:id/:page/:size",
    {
      schema: {
        params: z.object({
          lang: langSchema,
          id: idSchema,
          page: pageNumber.default(1),
          size: pageSize(WORKS_PAGE_SIZE_MAX).default(WORKS_PAGE_SIZE),
        }),
      },
    },
    async (request) => ok(await services.entries.worksPage(request.params)),
  );

  app.get("/api/item/articles/:lang/:id", { schema: { params: langIdParams } }, async (request) =>
    ok(await services.entries.articles(request.params.id)),
  );
}
