import { type Browser, type BrowserContext, type BrowserServer, chromium } from "playwright-core";

export const PHONE_VIEWPORT = { width: 375, height: 812 };
export const IOS_SAFARI_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Features Chromium runs for a window's own interface, which a headless browser never shows:
 * every new context opens a window, and each loaded the omnibox's pop-up as a web page of its own
 * (chrome://omnibox-popup.top-chrome/, in a renderer process of its own).
 */
const HEADLESS_UNUSED_FEATURES = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

/**
 * Playwright's own `--disable-features` list (playwright-core, chromiumSwitches.ts, this
 * version). Chromium reads one `--disable-features` switch, the last, so ours repeats it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];

/** Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback). */
const LAUNCH_OPTIONS = {
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
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_UNUSED_FEATURES].join(",")}`,
  ],
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser suites' Chromiums, one per worker (tests/support/e2e-setup.ts). */
    e2eBrowserEndpoints?: string[];
  }
}

/**
 * A Chromium the e2e run keeps for one worker's files, started once by
 * tests/support/e2e-setup.ts. Playwright gives it a fresh, empty --user-data-dir of its own;
 * every suite still opens its own contexts (its own cookies, storage and cache), and closing a
 * connected browser closes only the contexts that suite opened.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

async function sharedBrowserEndpoint(): Promise<string | undefined> {
  // Only a Vitest worker has the run's browsers; the benchmarks launch their own.
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  const endpoints = inject("e2eBrowserEndpoints") ?? [];
  if (endpoints.length === 0) return undefined;
  // One browser per worker, as when every file launched its own: two workers never wait for
  // each other in one browser's main thread or compositor.
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return endpoints[(worker - 1) % endpoints.length];
}

/**
 * A browser for a suite: inside the e2e project a connection to its worker's Chromium, started
 * once for the run (not once per file); elsewhere a Chromium of its own. Either way
 * `browser.close()` in the suite's afterAll ends what the suite opened. Playwright gives every
 * launch a fresh, empty --user-data-dir of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await sharedBrowserEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * A phone-sized context. The site's service worker (decision 16) is blocked unless asked for:
 * once it controls a page it answers the page's requests itself, which `page.route()` then no
 * longer sees, and when it takes control depends on when the browser is idle. The offline
 * journeys (tests/e2e/offline.e2e.ts) allow it. A phone's screen has twice the pixels of its
 * layout; the suites of the 3D scenes ask for one (`deviceScaleFactor: 1`): Chromium draws WebGL
 * in software here, four times the work at two, and they check what the scene does, not its
 * sharpness.
 */
export async function phoneContext(
  browser: Browser,
  userAgent = IOS_SAFARI_UA,
  options: { serviceWorkers?: "allow" | "block"; deviceScaleFactor?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? "block",
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: options.deviceScaleFactor ?? 2,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: "zh-CN",
  });
  // A navigation that waits for the page's load event (page.goto, waitForURL) gets a minute, not
  // Playwright's 30 s: with four suites on two busy cores a server-rendered page and its pictures
  // took longer than 30 s to load once (a WeChat reader's bind, then /coupon).
  context.setDefaultNavigationTimeout(60_000);
  return context;
}
