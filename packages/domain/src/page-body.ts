/**
 * How the web app's server entry hands a rendered page to the API server's page handler: the
 * page's bytes ride on the `Response` under this symbol and the handler sends them as they are.
 * The `Response` itself has no body: a body would be wrapped in a web stream on construction
 * (undici's `extractBody`), which the handler never reads.
 */
export const PAGE_BODY: unique symbol = Symbol.for("tongjian.page-body") as never;

export type PageResponse = Response & { [PAGE_BODY]?: Uint8Array };

export function pageResponse(body: Uint8Array, init: ResponseInit): PageResponse {
  const response: PageResponse = new Response(null, init);
  response[PAGE_BODY] = body;
  return response;
}

/** The page's bytes when the response came from `pageResponse`, else null. */
export function pageBody(response: Response): Uint8Array | null {
  return (response as PageResponse)[PAGE_BODY] ?? null;
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(64 * 1024);

/**
 * A rendered page's text as UTF-8, as `Buffer.from(text)` gives it, in one pass: `Buffer.from`
 * measures the encoded length, then encodes. A page is written into a reused scratch area large
 * enough for any text of its length (3 bytes per UTF-16 unit) and copied out.
 */
export function utf8Bytes(text: string): Uint8Array {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.slice(0, written);
}
