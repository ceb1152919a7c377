import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

// One sitemap file holds at most 50,000 URLs; the corpus is far below that.
const SITEMAP_LIMIT = 50_000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerSitemapRoutes(app: TypedApp, deps: AppDeps) {
  const originOf = (request: { protocol: string; host: string }) =>
    deps.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  app.get("/sitemap.xml", async (request, reply) => {
    const origin = originOf(request);
    const [articles, entries] = await Promise.all([
      deps.handle.db
        .selectFrom("article")
        .select(["id", "updated_at"])
        .orderBy("published_at", "desc")
        .execute(),
      deps.handle.db
        .selectFrom("entry")
        .select(["id", "updated_at"])
        .orderBy("popularity", "desc")
        .limit(SITEMAP_LIMIT)
        .execute(),
    ]);
    const urls = [
      { loc: `${origin}/`, lastmod: articles[0]?.updated_at },
      ...articles.map((a) => ({ loc: `${origin}/ah/article/${a.id}`, lastmod: a.updated_at })),
      ...entries.map((e) => ({ loc: `${origin}/detail/${e.id}`, lastmod: e.updated_at })),
    ].slice(0, SITEMAP_LIMIT);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
      .map(
        (u) =>
          `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`,
      )
      .join("\n")}\n</urlset>\n`;
    return reply
      .header("content-type", "application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });

  app.get("/robots.txt", async (request, reply) =>
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${originOf(request)}/sitemap.xml\n`,
      ),
  );
}
