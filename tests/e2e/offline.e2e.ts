import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { OFFLINE_SAVE_HEADER } from "@tongjian/domain/offline-pages";
import { READING_CACHE, READING_INDEX_KEY } from "@tongjian/domain/reading-index";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { findFreePort, type RunningServer, startServer } from "../support/start-server.ts";

// Offline reading with the service worker (issue 15 §5, docs/decisions/0016-offline-reading.md),
// in Chromium with the network switched off.

const CONTENT_DIR = process.env.E2E_CONTENT_DIR ?? "content";

interface Listed {
  id: string;
  title: string;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function articlesOf(baseUrl: string): Promise<Listed[]> {
  const feed = await json<{ list: Listed[] }>(`${baseUrl}/api/m/homepage/v2/n/getFeed/cn/1/50`);
  return feed.list;
}

async function entriesOf(baseUrl: string): Promise<Listed[]> {
  const top = await json<{ list: { id: string; name: string }[] }>(
    `${baseUrl}/api/m/homeservice/top/n/list?page=1&size=10`,
  );
  return top.list.map((e) => ({ id: e.id, title: e.name }));
}

/** Waits until the service worker controls the page (it registers after load, when idle). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, {
    timeout: 20_000,
  });
}

/** Keys of the saved pages whose documents are stored, newest first, read as the offline page reads them. */
function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    async ([cacheName, indexKey]) => {
      const cache = await caches.open(cacheName);
      const stored = await cache.match(indexKey);
      if (!stored) return [];
      const index = (await stored.json()) as {
        pages: { key: string; kind: string; document: unknown; openedAt: number }[];
      };
      return index.pages
        .filter((p) => p.document)
        .sort((a, b) => b.openedAt - a.openedAt)
        .map((p) => p.key);
    },
    [READING_CACHE, READING_INDEX_KEY] as const,
  );
}

async function waitForSaved(page: Page, keys: string[]) {
  await expect
    .poll(
      async () => {
        const saved = await savedKeys(page);
        return keys.filter((k) => !saved.includes(k));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);
}

const heading = (page: Page) => page.locator("h1").first().textContent();

/** Waits for a top heading with this text (page transitions swap the old screen out first). */
async function waitForHeading(page: Page, text: string) {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll("h1")].some((h) => h.textContent?.includes(expected)),
    text,
    { timeout: 15_000 },
  );
}

describe("offline reading", () => {
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let articles: Listed[];
  let entry: Listed;

  beforeAll(async () => {
    server = await startServer({ contentDir: CONTENT_DIR });
    articles = await articlesOf(server.baseUrl);
    const [first] = await entriesOf(server.baseUrl);
    if (!first || articles.length < 4) throw new Error("the corpus needs 4 articles and an entry");
    entry = first;
    context = await phoneContext(browser, undefined, { serviceWorkers: "allow" });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  const url = (path: string) => `${server.baseUrl}${path}`;
  const articlePath = (a: Listed) => `/ah/article/${a.id}`;

  it("serves /sw.js for the whole site, checked on every visit", async () => {
    const response = await fetch(url("/sw.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("service-worker-allowed")).toBe("/");
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const offline = await fetch(url("/offline.html"));
    expect(await offline.text()).toContain("网络不可用");
  });

  it("counts no second view for the service worker's copy of a page", async () => {
    const path = articlePath(articles[3] as Listed);
    const views = async (headers: Record<string, string>) => {
      const html = await (await fetch(url(path), { headers })).text();
      const shown = /(\d+)(?:<!-- -->)? 阅读/.exec(html)?.[1];
      if (!shown) throw new Error("no view count on the article page");
      return Number(shown);
    };
    const copy = { [OFFLINE_SAVE_HEADER]: "1" };
    // A session cookie skips the page cache: each of these is rendered by the loader.
    const signedIn = { cookie: "tj_sid=someone" };
    const before = await views({ ...signedIn, ...copy });
    expect(await views({ ...signedIn, ...copy })).toBe(before);
    // Anonymous copies: the first is rendered, the second comes from the page cache.
    await views(copy);
    await views(copy);
    // A reader's view still counts, and is the only one.
    expect(await views(signedIn)).toBe(before + 1);
  });

  it("keeps the home page, articles opened by full load and client navigation, and an entry", async () => {
    const [fullLoad, clientNav] = articles as [Listed, Listed];
    await page.goto(url("/"));
    await waitForServiceWorker(page);
    await page.goto(url(articlePath(fullLoad)));
    await expect(heading(page)).resolves.toBe(fullLoad.title);
    // A client-side navigation from the home page: React Router fetches only the page's data.
    await page.goto(url("/"));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page
      .locator(`a[href="${articlePath(clientNav)}"]`)
      .first()
      .click();
    await page.waitForURL(url(articlePath(clientNav)));
    await waitForHeading(page, clientNav.title);
    await expect(page.evaluate(() => "sameDocument" in window)).resolves.toBe(true);
    await page.goto(url(`/detail/${entry.id}`));
    await waitForHeading(page, entry.title);
    await waitForSaved(page, [
      "/",
      articlePath(fullLoad),
      articlePath(clientNav),
      `/detail/${entry.id}`,
    ]);
  });

  it("shows a saved page after a short wait when the network is slow", async () => {
    const [saved] = articles as [Listed];
    const path = articlePath(saved);
    // The service worker's request for the document hangs until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async (route: Route) => {
      await held;
      await route.continue().catch(() => undefined);
    };
    await context.route((u) => u.pathname === path, slow);
    try {
      const started = Date.now();
      await page.goto(url(path));
      await waitForHeading(page, saved.title);
      // After the worker's 3 s network timeout, from the saved copy.
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(2_500);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      release();
      await context.unroute((u) => u.pathname === path, slow);
    }
  });

  it("opens them with their text when the network is off, with the offline notice", async () => {
    const [fullLoad, clientNav] = articles as [Listed, Listed];
    await context.setOffline(true);
    for (const a of [fullLoad, clientNav]) {
      await page.goto(url(articlePath(a)));
      await expect(heading(page)).resolves.toBe(a.title);
      await expect(page.locator(".tj-article__body").textContent()).resolves.not.toBe("");
    }
    await page.reload();
    await expect(heading(page)).resolves.toBe(clientNav.title);
    await page.goto(url(`/detail/${entry.id}`));
    await waitForHeading(page, entry.title);
    const notice = page.locator(".tj-offline");
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toBe("网络已断开，正在显示已保存的内容");
    await page.goto(url("/"));
    await expect(
      page.locator(`a[href="${articlePath(fullLoad)}"]`).count(),
    ).resolves.toBeGreaterThan(0);
  });

  it("opens a saved article by client navigation while offline", async () => {
    const [fullLoad] = articles as [Listed];
    await page.goto(url("/"));
    await page
      .locator(`a[href="${articlePath(fullLoad)}"]`)
      .first()
      .click();
    await page.waitForURL(url(articlePath(fullLoad)));
    await waitForHeading(page, fullLoad.title);
    await expect(page.locator(".tj-article__body").textContent()).resolves.not.toBe("");
    // The pop-ups are precached with the shell: an in-text link still opens the entry summary,
    // which says it could not load, and the page stays as it is.
    const link = page.locator(".tj-article__body a.inner-link").first();
    await expect(link.count()).resolves.toBe(1);
    await link.click();
    await page.locator(".tj-detail-popup[data-state=error]").waitFor();
    await expect(heading(page)).resolves.toBe(fullLoad.title);
  });

  it("shows the offline page for anything not saved, listing what is, and its links work", async () => {
    const [, , unsaved] = articles as [Listed, Listed, Listed];
    await page.goto(url(articlePath(unsaved)));
    await expect(heading(page)).resolves.toBe("网络不可用");
    await expect(page.title()).resolves.toBe("离线 - 通鉴");
    const listed = page.locator("#tj-offline-list a");
    await listed.first().waitFor();
    const hrefs = await listed.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    // Newest first: the order in which they were last opened, the home page left out.
    const saved = (await savedKeys(page)).filter((k) => k !== "/");
    expect(hrefs).toEqual(saved);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        articlePath(articles[0] as Listed),
        articlePath(articles[1] as Listed),
        `/detail/${entry.id}`,
      ]),
    );
    const titles = await page.locator(".tj-offline-list__title").allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining([
        (articles[0] as Listed).title,
        (articles[1] as Listed).title,
        entry.title,
      ]),
    );
    await page.locator(`#tj-offline-list a[href="/detail/${entry.id}"]`).click();
    await page.waitForURL(url(`/detail/${entry.id}`));
    await waitForHeading(page, entry.title);
  });

  it("loads the page on 重试 once the network is back", async () => {
    const [, , unsaved] = articles as [Listed, Listed, Listed];
    await page.goto(url(articlePath(unsaved)));
    await expect(heading(page)).resolves.toBe("网络不可用");
    await context.setOffline(false);
    await page.getByRole("button", { name: "重试" }).click();
    await waitForHeading(page, unsaved.title);
    await expect(page.locator(".tj-offline").count()).resolves.toBe(0);
  });
});

/** A copy of the build whose service worker carries another version: a new deployment. */
async function buildCopies(): Promise<{
  dir: string;
  old: string;
  next: string;
  versions: [string, string];
}> {
  // Inside the checkout, so that the server build finds the installed packages.
  await mkdir(".tmp", { recursive: true });
  const dir = await mkdtemp(join(".tmp", "sw-builds-"));
  const old = join(dir, "old");
  const next = join(dir, "next");
  await cp("apps/web/build", old, { recursive: true });
  await cp("apps/web/build", next, { recursive: true });
  const worker = join(next, "client", "sw.js");
  const code = await readFile(worker, "utf8");
  const version = /version:"([0-9a-f]{10})"/.exec(code)?.[1];
  if (!version) throw new Error("no version in sw.js");
  const nextVersion = version === "0000000000" ? "1111111111" : "0000000000";
  await writeFile(worker, code.replaceAll(version, nextVersion));
  return { dir, old, next, versions: [version, nextVersion] };
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

describe("a new deployment", () => {
  let builds: Awaited<ReturnType<typeof buildCopies>>;
  let server: RunningServer | undefined;
  let context: BrowserContext;

  beforeAll(async () => {
    builds = await buildCopies();
    context = await phoneContext(browser, undefined, { serviceWorkers: "allow" });
  });

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await rm(builds.dir, { recursive: true, force: true });
  });

  it("replaces the old caches, keeps the saved pages and never breaks the open page", async () => {
    const port = await findFreePort();
    const start = (build: string) =>
      startServer({ contentDir: CONTENT_DIR, port, env: { WEB_BUILD_DIR: build } });
    server = await start(builds.old);
    const base = server.baseUrl;
    const [article] = await articlesOf(base);
    if (!article) throw new Error("no article");
    const path = `/ah/article/${article.id}`;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${base}/`);
    await waitForServiceWorker(page);
    await page.goto(`${base}${path}`);
    await waitForHeading(page, article.title);
    await waitForSaved(page, [path]);
    const [oldVersion, newVersion] = builds.versions;
    const before = await cacheNames(page);
    expect(before).toEqual(expect.arrayContaining([READING_CACHE, `tj-assets-${oldVersion}`]));
    expect(before.some((name) => name.startsWith(`tj-precache-${oldVersion}-`))).toBe(true);

    // The deployment: the server restarts on the same origin with the new build.
    await server.stop();
    server = await start(builds.next);
    // The open page still works against the new server.
    await page.locator(".tj-article__body").first().waitFor();
    await page.reload();
    await waitForHeading(page, article.title);
    // The reload found the new worker; it installs, takes over and clears the old caches.
    await expect
      .poll(async () => (await cacheNames(page)).filter((n) => n.includes(oldVersion)), {
        timeout: 20_000,
      })
      .toEqual([]);
    const after = await cacheNames(page);
    expect(after).toEqual(expect.arrayContaining([READING_CACHE, `tj-assets-${newVersion}`]));
    expect(after.some((name) => name.startsWith(`tj-precache-${newVersion}-`))).toBe(true);
    await expect(savedKeys(page)).resolves.toContain(path);

    // The page goes on working under the new worker, and the saved page still opens offline
    // with the files it needs, carried over from the old version's caches.
    await page.reload();
    await waitForHeading(page, article.title);
    await context.setOffline(true);
    await page.goto(`${base}${path}`);
    await waitForHeading(page, article.title);
    await expect(page.locator(".tj-article__body").textContent()).resolves.not.toBe("");
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
});
