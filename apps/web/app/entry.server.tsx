import { pageResponse, utf8Bytes } from "@tongjian/domain/page-body";
import { renderToStringAsync } from "preact-render-to-string";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { hydrationDataScripts } from "./shell/hydration-data.ts";
import { installPreactOptions } from "./shell/preact-options.ts";

installPreactOptions({ server: true });

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole by Preact's string renderer, then sent as one buffer. No page defers
 * data (every loader awaits what it shows, so that the first HTML carries the content for readers
 * and crawlers alike).
 *
 * React Router writes the loader data into the page from a stream, with a component that
 * suspends once per chunk; here the page is rendered without it and the same scripts are written
 * after it from the whole stream (shell/hydration-data.ts), so the render never suspends on
 * React Router's account. See docs/decisions/0007-server-render-cost.md.
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
  const { serverHandoffStream } = routerContext;
  const page = await renderToStringAsync(
    <ServerRouter
      context={{ ...routerContext, serverHandoffStream: undefined }}
      url={request.url}
    />,
  );
  // The page's <Scripts> mark that the data is wanted, as React Router's own transfer checks.
  const html = utf8Bytes(`<!DOCTYPE html>${page}`);
  const body =
    serverHandoffStream && routerContext.renderMeta?.didRenderScripts
      ? Buffer.concat([html, await hydrationDataScripts(serverHandoffStream)])
      : html;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return pageResponse(body, { headers: responseHeaders, status: responseStatusCode });
}
