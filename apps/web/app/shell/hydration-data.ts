/**
 * The scripts that hand the loader data to the browser: React Router's turbo-stream of it, given
 * to the stream controller React Router's `<Scripts>` sets up, then `close` (what its
 * `StreamTransfer` does, react-router 7.18.4, lib/dom/ssr/single-fetch.tsx). The page is
 * rendered whole, so the stream is read to its end first and handed over at once.
 *
 * The data travels as the text of a `<script type="text/plain">` element, read by a small
 * script after it, instead of inside a JavaScript string literal: the stream's bytes go into the
 * page as they are, with no decoding to text, no string escaping and no encoding again (for a
 * page's 10–25 KB of Chinese text that was a tenth of the render;
 * docs/decisions/0009-page-data-in-process.md), and the page is smaller by the escapes.
 *
 * The text of a script element ends at `</script` and changes meaning after `<!--`, so every `<`
 * is written `\u003c`. The stream is JSON lines, where `<` can only stand inside a string, and
 * `\u003c` there is the same string.
 */
const ELEMENT_ID = "tj-hydration-data";
const DATA_OPEN = Buffer.from(`<script type="text/plain" id="${ELEMENT_ID}">`);
const DATA_CLOSE = Buffer.from(
  `</script><script>(function(){var c=window.__reactRouterContext.streamController,` +
    `e=document.getElementById("${ELEMENT_ID}");c.enqueue(e.textContent);c.close();e.remove()})()</script>`,
);
const CLOSE_ONLY = Buffer.from(
  "<script>window.__reactRouterContext.streamController.close();</script>",
);
const LESS_THAN = 0x3c;
const ESCAPED_LESS_THAN = Buffer.from("\\u003c");

/** The bytes with every `<` written as `\u003c`. */
export function escapeLessThan(bytes: Buffer): Buffer {
  let at = bytes.indexOf(LESS_THAN);
  if (at < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(bytes.subarray(from, at), ESCAPED_LESS_THAN);
    from = at + 1;
    at = bytes.indexOf(LESS_THAN, from);
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

export async function hydrationDataScripts(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (value?.length) chunks.push(value);
    if (done) break;
  }
  if (chunks.length === 0) return CLOSE_ONLY;
  const data = Buffer.concat(chunks);
  return Buffer.concat([DATA_OPEN, escapeLessThan(data), DATA_CLOSE]);
}
