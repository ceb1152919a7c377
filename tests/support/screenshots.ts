import type { Locator, Page } from "playwright-core";

/**
 * The browser suites' pictures of the screens they walk through, for a person to look at
 * (test-results/screenshots). Nothing checks them, and a full-page picture of a long page costs
 * Chromium most of a second of encoding, so they are taken only when asked for:
 * `E2E_SCREENSHOTS=1 npm run test:e2e`.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

type Shot = NonNullable<Parameters<Page["screenshot"]>[0]> &
  NonNullable<Parameters<Locator["screenshot"]>[0]>;

export async function screenshot(target: Page | Locator, options: Shot): Promise<void> {
  if (!SCREENSHOTS) return;
  await target.screenshot(options);
}
