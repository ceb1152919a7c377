/**
 * The scripts that hand the loader data to the browser, written from React Router's turbo-stream
 * of it: one `enqueue` per chunk, then `close`, exactly as React Router's `StreamTransfer`
 * renders them (react-router 7.18.4, lib/dom/ssr/single-fetch.tsx), but from a loop instead of a
 * component that suspends for every chunk.
 */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const SCRIPT_ESCAPE_RE = /[&><\u2028\u2029]/g;

/** A JSON string literal that cannot end the script element it is written into. */
function scriptLiteral(text: string): string {
  return JSON.stringify(text).replace(SCRIPT_ESCAPE_RE, (c) => SCRIPT_ESCAPES[c] ?? c);
}

export async function hydrationDataScripts(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let scripts = "";
  for (;;) {
    const { done, value } = await reader.read();
    const text = decoder.decode(value, { stream: true });
    if (text) {
      scripts += `<script>window.__reactRouterContext.streamController.enqueue(${scriptLiteral(text)});</script>`;
    }
    if (done) {
      return `${scripts}<script>window.__reactRouterContext.streamController.close();</script>`;
    }
  }
}
