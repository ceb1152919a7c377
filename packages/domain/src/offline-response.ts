import { PRODUCT_NAME } from "./share-title.ts";

/** What the service worker may store: the form of a page, or a static or API response. */
export type StoredForm = "document" | "data" | "asset" | "api" | "media";

export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
}

/** Content types each form must have; anything else (an error page in HTML for data) is not kept. */
const EXPECTED_TYPES: Readonly<Record<StoredForm, RegExp>> = {
  document: /^text\/html/i,
  // React Router's single-fetch data (turbo-stream).
  data: /^text\/x-script/i,
  asset: /./,
  api: /^application\/json/i,
  media: /^image\//i,
};

/**
 * Whether a response may be kept by the service worker: a complete 200 of the expected type,
 * not personal (`Cache-Control: private` or `no-store`) and not setting a cookie. Browsers hide
 * Set-Cookie from scripts, so the server also marks such responses `private, no-store`
 * (apps/api/src/build-app.ts); the header check stays for clients that do show it.
 */
export function isStorableResponse(response: ResponseLike, form: StoredForm): boolean {
  if (response.status !== 200) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/i.test(cacheControl)) return false;
  if (response.headers.get("set-cookie")) return false;
  const type = response.headers.get("content-type") ?? "";
  return EXPECTED_TYPES[form].test(type);
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#") && lower !== "#39")
      return String.fromCodePoint(Number(lower.slice(1)));
    return ENTITIES[lower] ?? whole;
  });
}

const TITLE_SUFFIX = ` - ${PRODUCT_NAME}`;

/** The page's own title from its `<title>` (" - 通鉴" left off), for the list of saved pages. */
export function titleFromHtml(html: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!match?.[1]) return null;
  let title = decodeEntities(match[1]).replace(/\s+/g, " ").trim();
  if (title.endsWith(TITLE_SUFFIX)) title = title.slice(0, -TITLE_SUFFIX.length).trim();
  return title || null;
}

/**
 * The build's files a saved document loads (its scripts, module preloads, style sheets and the
 * route manifest): a saved page keeps them, so that it still opens offline after a new
 * deployment has replaced the build. Hashed names only (`/assets/…`).
 */
export function assetUrlsInHtml(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[\w.-]+\.(?:js|css))(?=["')#?])/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found].sort();
}
