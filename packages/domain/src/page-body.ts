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
