import type { EntryRepository } from "../content/entry-repository.ts";
import { NotFoundError } from "../service-error.ts";
import type { SitemapRepository } from "./sitemap-repository.ts";

// A sitemap file holds at most 50,000 URLs, so /sitemap.xml is an index: one file for the home
// page, the reading rooms and the articles, and the entries (hundreds of thousands after the full poetry import) in
// files of 50,000 read in id order straight off the primary key.
export const SITEMAP_FILE_LIMIT = 50_000;

const ENTRIES_FILE = /^entries-([1-9][0-9]{0,5})\.xml$/;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string | undefined) => (iso ? `<lastmod>${iso.slice(0, 10)}</lastmod>` : "");

const urlset = (urls: { loc: string; lastmod?: string | undefined }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${day(u.lastmod)}</url>`)
    .join("\n")}\n</urlset>\n`;

/** The sitemap files and robots.txt, for pages at the given origin. */
export function createSitemapService(deps: {
  sitemap: SitemapRepository;
  entries: Pick<EntryRepository, "count">;
}) {
  const entryFileCount = async () =>
    Math.max(1, Math.ceil((await deps.entries.count()) / SITEMAP_FILE_LIMIT));

  return {
    async index(origin: string): Promise<string> {
      const files = ["articles.xml"];
      for (let n = 1; n <= (await entryFileCount()); n++) files.push(`entries-${n}.xml`);
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
        .map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${f}`)}</loc></sitemap>`)
        .join("\n")}\n</sitemapindex>\n`;
    },

    /** The home page, the reading rooms (/ah, /insight and each topic) and the articles. */
    async articles(origin: string): Promise<string> {
      const topics = await deps.sitemap.topics();
      const articles = await deps.sitemap.articles(SITEMAP_FILE_LIMIT - 3 - topics.length);
      const newest = articles[0]?.updated_at;
      return urlset([
        { loc: `${origin}/`, lastmod: newest },
        { loc: `${origin}/ah`, lastmod: newest },
        { loc: `${origin}/insight`, lastmod: topics[0]?.updated_at },
        ...topics.map((t) => ({ loc: `${origin}/insight?id=${t.id}`, lastmod: t.updated_at })),
        ...articles.map((a) => ({ loc: `${origin}/ah/article/${a.id}`, lastmod: a.updated_at })),
      ]);
    },

    /** One file of entries, `entries-<n>.xml`. */
    async entries(origin: string, file: string): Promise<string> {
      const page = Number(ENTRIES_FILE.exec(file)?.[1] ?? 0);
      if (page < 1 || page > (await entryFileCount())) {
        throw new NotFoundError("站点地图文件不存在");
      }
      const entries = await deps.sitemap.entries(
        SITEMAP_FILE_LIMIT,
        (page - 1) * SITEMAP_FILE_LIMIT,
      );
      return urlset(
        entries.map((e) => ({ loc: `${origin}/detail/${e.id}`, lastmod: e.updated_at })),
      );
    },

    robots(origin: string): string {
      return `User-agent: *\nAllow: /\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`;
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
