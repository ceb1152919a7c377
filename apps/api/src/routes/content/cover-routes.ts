import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

export function registerCoverRoutes(app: TypedApp, { services }: AppDeps) {
  app.get(
    "/media/cover/:file",
    {
      schema: {
        params: z.object({ file: z.string().regex(/^[0-9a-f]{24}\.svg$/, "封面地址无效") }),
      },
    },
    async (request, reply) => {
      // The file name is the article's or the entry's id and `.svg`.
      const svg = await services.covers.cover(request.params.file.slice(0, 24));
      return reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(svg);
    },
  );
}
