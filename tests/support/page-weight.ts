import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";

/**
 * The JavaScript a page loads first, gzip, at most this many KB on every screen: issue 14's
 * budget (README, Performance). The heaviest first loads stand at 124.6–124.8 KB (the busiest
 * entry, the time bar, which also loads the table of tracked page names, and the reader in 翻页).
 */
export const FIRST_LOAD_JS_BUDGET_KB = 125;

/**
 * What a page loads as JavaScript before it is idle (every script response until the network
 * is quiet), gzip, in KB. The page is closed afterwards; the context is the caller's.
 */
export async function firstLoadJsKb(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .body()
        .then((body) => gzipSync(body).length)
        .catch(() => 0),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const kb = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
  await page.close();
  return kb;
}
