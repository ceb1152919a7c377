import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { BadRequestError } from "@tongjian/services/service-error";
import type { FastifyInstance } from "fastify";

/** The answer to text no reader types and PostgreSQL refuses to store (U+0000). */
export const NUL_MESSAGE = "请求中含有无效字符（U+0000）";

/** U+0000 in an address, where it can only come percent-encoded (Node refuses the raw byte). */
const ENCODED_NUL = /%00/i;

/**
 * Whether a parsed part of a request (params, query, a JSON body) holds U+0000 in a string or a
 * key, at any depth. Walks with its own stack, so a body nested thousands deep is read to the end
 * instead of overflowing the call stack.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * The page for an address holding U+0000: a broken or forged link, answered before the pages'
 * loaders hand the text to the database. Plain HTML in the site's colours, in both themes.
 */
export const NUL_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>链接无效 - ${PRODUCT_NAME}</title>
<style>
body{margin:0;font-family:system-ui,"Noto Sans CJK SC",sans-serif;background:#faf7f2;color:#1f1a16}
main{max-width:32rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 1rem}p{color:#5b524a;line-height:1.7;margin:0 0 2rem}
a{display:inline-block;min-height:44px;line-height:44px;padding:0 1.75rem;border-radius:22px;background:#8c2f1e;color:#fff;text-decoration:none}
@media (prefers-color-scheme:dark){body{background:#15120f;color:#eee6dc}p{color:#b8ada1}}
</style></head>
<body><main><h1>链接无效</h1><p>${NUL_MESSAGE}，请检查链接后重试。</p><a href="/">返回首页</a></main></body></html>`;

/**
 * Requests holding U+0000 are answered 400 before any route sees them: no text of the product
 * holds it, and PostgreSQL refuses it in every text column and parameter, which turned a note,
 * a question, a tracking record or a search sent with one into a 500 there while SQLite took it.
 * An API call (its parameters or JSON body) gets the error envelope; a page's address the page
 * above.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request, reply) => {
    if (request.url.startsWith("/api/")) {
      if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
        throw new BadRequestError(NUL_MESSAGE);
      return;
    }
    if (ENCODED_NUL.test(request.url))
      return reply
        .status(400)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(NUL_PAGE);
  });
}
