/**
 * How the web app's server entry hands a rendered page to the API server's page handler: the
 * HTML is encoded once and attached to the `Response` under this symbol, so the handler sends
 * those bytes as they are instead of reading them back through the body stream (a string body
 * is copied into a well-formed string, wrapped in a stream, read and copied again).
 * The `Response` also carries the same bytes as its body, for any other reader.
 */
export const PAGE_BODY: unique symbol = Symbol.for("tongjian.page-body") as never;

export type PageResponse = Response & { [PAGE_BODY]?: Uint8Array };

export function pageResponse(html: string, init: ResponseInit): PageResponse {
  const bytes = Buffer.from(html);
  const response: PageResponse = new Response(bytes, init);
  response[PAGE_BODY] = bytes;
  return response;
}

/** The page's bytes when the response came from `pageResponse`, else null. */
export function pageBody(response: Response): Uint8Array | null {
  return (response as PageResponse)[PAGE_BODY] ?? null;
}
