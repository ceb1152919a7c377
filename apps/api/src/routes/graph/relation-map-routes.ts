import {
  amongBody,
  amongReply,
  deleteGraphBody,
  galleryParams,
  graphDeleted,
  graphParams,
  relationGallery,
  relationGraphView,
  savedGraph,
  saveGraphBody,
} from "@tongjian/contracts/relation-map";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["关系图谱"];

/** Curated networks and readers' own relation graphs (/relation?networkId=, /relationedit). */
export function registerRelationMapRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/api/customRelationGraph/:lang/:id",
    {
      schema: {
        tags,
        summary: "关系网或读者自定义的关系图：节点与关系",
        params: graphParams,
        response: replies(relationGraphView),
      },
    },
    async (request, reply) => {
      // A reader's graph says whether it is theirs.
      reply.header("cache-control", "no-store");
      return ok(await services.relationMaps.graph(request.params.id, request.viewer));
    },
  );

  app.get(
    "/api/customRelationGraph/v1/n/gallery/:lang",
    {
      schema: {
        tags,
        summary: "关系图谱首页：精选关系网与关系最多的人物",
        params: galleryParams,
        response: replies(relationGallery),
      },
    },
    async () => ok(await services.relationMaps.gallery()),
  );

  app.post(
    "/api/customRelationGraph/v1/n/among",
    {
      schema: {
        tags,
        summary: "若干词条之间已有的关系（编辑关系图时选用）",
        body: amongBody,
        response: replies(amongReply),
      },
    },
    async (request) => ok(await services.relationMaps.among(request.body.ids)),
  );

  app.post(
    "/api/customRelationGraph/v1/y/save",
    {
      schema: {
        tags,
        summary: "保存自定义关系图（需登录；带 id 为修改自己的图）",
        body: saveGraphBody,
        response: replies(savedGraph),
      },
    },
    async (request) => ok(await services.relationMaps.save(request.viewer, request.body)),
  );

  app.post(
    "/api/customRelationGraph/v1/y/delete",
    {
      schema: {
        tags,
        summary: "删除自己的关系图",
        body: deleteGraphBody,
        response: replies(graphDeleted),
      },
    },
    async (request) => ok(await services.relationMaps.remove(request.viewer, request.body.id)),
  );
}
