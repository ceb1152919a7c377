import { coverParams } from "@tongjian/contracts/content";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

export function registerCoverRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/media/cover/:file",
    {
      schema: {
        tags: ["媒体"],
        summary: "文章、洞察专题或词条的示意封面（SVG，程序绘制）",
        params: coverParams,
      },
    },
    async (request, reply) => {
      // The file name is the id of the article, the topic or the entry, and `.svg`.
      const svg = await services.covers.cover(request.params.file.slice(0, 24));
      return reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(svg);
    },
  );
}
