import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

export const streamTimeout = 5_000;

/**
 * The page's body between React and React Router's response. React writes a page in 4 KB pieces
 * and calls `flush()` once it has written all it has for now (the shell; later, each streamed
 * part); each piece would otherwise cross the web stream React Router's response is made of and
 * go out as its own socket write (13 for the home page). This stream holds the pieces and passes
 * them on together at each `flush()`, so the shell leaves in one write and what streams after
 * it still leaves as soon as React has it.
 */
class FlushedPieces extends Transform {
  #pieces: Buffer[] = [];
  readonly #onEnd: () => void;

  /** `onEnd` runs when React has written the whole page. */
  constructor(onEnd: () => void) {
    super();
    this.#onEnd = onEnd;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(chunk);
    callback();
  }

  /** Called by React when it has written all it has for now. */
  flush() {
    if (this.#pieces.length === 0) return;
    this.push(this.#pieces.length === 1 ? this.#pieces[0] : Buffer.concat(this.#pieces));
    this.#pieces = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    this.#onEnd();
    callback();
  }
}

/**
 * React Router's documented Node entry: React's streaming renderer. Crawlers (and SPA mode) wait
 * for the whole page (`onAllReady`), so that the HTML they index carries every loader's content;
 * readers get the shell as soon as it is ready. No loader defers data today, so the two are the
 * same page; the difference matters once a screen streams a slow part behind a Suspense boundary.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new FlushedPieces(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors while rendering the shell are rejected above; later ones are only logged.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
