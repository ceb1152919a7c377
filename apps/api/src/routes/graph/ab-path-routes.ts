import {
  abPathBody,
  abPathResult,
  abPathSaveBody,
  abPathSaveDetail,
  abPathSaved,
  abPathSaveParams,
} from "@tongjian/contracts/graph-path";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { ok } from "../../envelope.ts";
import type { TypedApp } from "../../typed-app.ts";
import { replies } from "../replies.ts";

const tags = ["关系路径"];

/**
 * The A-to-B path (issue 17, spec §7): the top-K shortest relation chains between two entries,
 * saving one (anyone may, to share it; a signed-in reader's also shows on /my) and reading a
 * saved one. Searching changes nothing, but is a POST as the spec has it.
 */
export function registerAbPathRoutes(app: TypedApp, { services }: AppDeps) {
  app.post(
    "/api/ab_path",
    {
      schema: {
        tags,
        summary: "两个词条之间最短的几条关系链（双向广度优先，至多 8 步、20 条）",
        body: abPathBody,
        response: replies(abPathResult),
      },
    },
    async (request) => ok(await services.abPaths.find(request.body)),
  );

  app.post(
    "/api/m/abPathSave/v1/n/save",
    {
      schema: {
        tags,
        summary: "保存一条关系链以便分享（登录后也会出现在「我的」收藏里）",
        body: abPathSaveBody,
        response: replies(abPathSaved),
      },
    },
    async (request) => ok(await services.abPaths.save(request.viewer, request.body)),
  );

  app.get(
    "/api/m/abPathSave/v1/n/detail/:lang/:id",
    {
      schema: {
        tags,
        summary: "读取保存的关系链（其中已删除的词条会标明）",
        params: abPathSaveParams,
        response: replies(abPathSaveDetail),
      },
    },
    async (request) => ok(await services.abPaths.detail(request.params.id)),
  );

  app.get(
    "/media/abpath/:file",
    {
      schema: {
        tags: ["媒体"],
        summary: "保存的关系链的分享卡片（PNG，程序绘制）",
        params: z.object({
          file: z.string().regex(/^[0-9a-f]{24}\.png$/, "卡片文件名应为保存编号加 .png"),
        }),
      },
    },
    async (request, reply) => {
      const png = await services.abPaths.card(request.params.file.slice(0, 24));
      return reply
        .header("content-type", "image/png")
        .header("cache-control", "public, max-age=3600")
        .send(png);
    },
  );
}
