import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

export function registerSitemapRoutes(app: TypedApp, { config, services }: AppDeps) {
  const originOf = (request: { protocol: string; host: string }) =>
    config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const sendXml = (reply: { header: (k: string, v: string) => unknown }, body: string) => {
    reply.header("content-type", "application/xml; charset=utf-8");
    reply.header("cache-control", "public, max-age=3600");
    return body;
  };

  const tags = ["站点地图"];

  app.get("/sitemap.xml", { schema: { tags, summary: "站点地图索引" } }, async (request, reply) =>
    sendXml(reply, await services.sitemap.index(originOf(request))),
  );

  app.get(
    "/sitemap/articles.xml",
    { schema: { tags, summary: "站点地图：首页与文章" } },
    async (request, reply) => sendXml(reply, await services.sitemap.articles(originOf(request))),
  );

  app.get<{ Params: { file: string } }>(
    "/sitemap/:file",
    { schema: { tags, summary: "站点地图：词条，每个文件五万条（entries-1.xml …）" } },
    async (request, reply) =>
      sendXml(reply, await services.sitemap.entries(originOf(request), request.params.file)),
  );

  app.get("/robots.txt", { schema: { tags, summary: "robots.txt" } }, async (request, reply) =>
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .send(services.sitemap.robots(originOf(request))),
  );
}
