import { type Browser, type BrowserContext, chromium } from "playwright-core";

export const PHONE_VIEWPORT = { width: 375, height: 812 };
export const IOS_SAFARI_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback).
 * Playwright gives every launch a fresh, empty --user-data-dir of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A phone-sized context. The site's service worker (decision 16) is blocked unless asked for:
 * once it controls a page it answers the page's requests itself, which `page.route()` then no
 * longer sees, and when it takes control depends on when the browser is idle. The offline
 * journeys (tests/e2e/offline.e2e.ts) allow it.
 */
export async function phoneContext(
  browser: Browser,
  userAgent = IOS_SAFARI_UA,
  options: { serviceWorkers?: "allow" | "block" } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: options.serviceWorkers ?? "block",
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: "zh-CN",
  });
}
