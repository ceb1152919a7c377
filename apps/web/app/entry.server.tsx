import { renderToStringAsync } from "preact-render-to-string";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { installPreactOptions } from "./shell/preact-options.ts";

installPreactOptions({ htmlAsFragment: false });

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole by Preact's string renderer, then sent as one buffer. No page defers
 * data (every loader awaits what it shows, so that the first HTML carries the content for readers
 * and crawlers alike); the only suspensions are React Router's own, while it writes the loader
 * data into the page, and the async renderer waits for those in place.
 * See docs/decisions/0008-preact-runtime.md.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const html = await renderToStringAsync(
    <ServerRouter context={routerContext} url={request.url} />,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
