import { z } from "zod";
import { ApiError } from "../../api-error.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { TypedApp } from "../../typed-app.ts";

// A sitemap file holds at most 50,000 URLs, so /sitemap.xml is an index: one file for the home
// page and the articles, and the entries (hundreds of thousands after the full poetry import) in
// files of 50,000 read in id order straight off the primary key.
export const SITEMAP_FILE_LIMIT = 50_000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string | undefined) => (iso ? `<lastmod>${iso.slice(0, 10)}</lastmod>` : "");

const entriesFileParams = z.object({
  file: z.string().regex(/^entries-[1-9][0-9]{0,5}\.xml$/, "站点地图文件不存在"),
});

export function registerSitemapRoutes(app: TypedApp, deps: AppDeps) {
  const originOf = (request: { protocol: string; host: string }) =>
    deps.config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const sendXml = (reply: { header: (k: string, v: string) => unknown }, body: string) => {
    reply.header("content-type", "application/xml; charset=utf-8");
    reply.header("cache-control", "public, max-age=3600");
    return body;
  };
  const urlset = (urls: { loc: string; lastmod?: string }[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
      .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${day(u.lastmod)}</url>`)
      .join("\n")}\n</urlset>\n`;
  const entryFileCount = async () => {
    const row = await deps.handle.db
      .selectFrom("entry")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Math.max(1, Math.ceil(Number(row.n) / SITEMAP_FILE_LIMIT));
  };

  app.get("/sitemap.xml", async (request, reply) => {
    const origin = originOf(request);
    const files = ["articles.xml"];
    for (let n = 1; n <= (await entryFileCount()); n++) files.push(`entries-${n}.xml`);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${f}`)}</loc></sitemap>`)
      .join("\n")}\n</sitemapindex>\n`;
    return sendXml(reply, body);
  });

  app.get("/sitemap/articles.xml", async (request, reply) => {
    const origin = originOf(request);
    const articles = await deps.handle.db
      .selectFrom("article")
      .select(["id", "updated_at"])
      .orderBy("published_at", "desc")
      .limit(SITEMAP_FILE_LIMIT - 1)
      .execute();
    return sendXml(
      reply,
      urlset([
        { loc: `${origin}/`, lastmod: articles[0]?.updated_at },
        ...articles.map((a) => ({ loc: `${origin}/ah/article/${a.id}`, lastmod: a.updated_at })),
      ]),
    );
  });

  app.get("/sitemap/:file", async (request, reply) => {
    const parsed = entriesFileParams.safeParse(request.params);
    if (!parsed.success) throw ApiError.notFound("站点地图文件不存在");
    const page = Number(parsed.data.file.slice("entries-".length, -".xml".length));
    if (page > (await entryFileCount())) throw ApiError.notFound("站点地图文件不存在");
    const origin = originOf(request);
    const entries = await deps.handle.db
      .selectFrom("entry")
      .select(["id", "updated_at"])
      .orderBy("id")
      .limit(SITEMAP_FILE_LIMIT)
      .offset((page - 1) * SITEMAP_FILE_LIMIT)
      .execute();
    return sendXml(
      reply,
      urlset(entries.map((e) => ({ loc: `${origin}/detail/${e.id}`, lastmod: e.updated_at }))),
    );
  });

  app.get("/robots.txt", async (request, reply) =>
    reply
      .header("content-type", "text/plain; charset=utf-8")
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${originOf(request)}/sitemap.xml\n`,
      ),
  );
}
