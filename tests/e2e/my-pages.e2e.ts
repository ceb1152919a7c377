import { mkdirSync } from "node:fs";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeProblems,
  COLOUR_RULES,
  PAPER,
  THEME_KEY,
  type Theme,
} from "../support/accessibility-rig.ts";
import { axeBuilder } from "../support/axe.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { logOut, registerInBrowser, userInfo } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// Issue 16 Social §1–2: a reader reads on the device without an account, signs up (the device's
// history joins the account), likes an entry, reads an article, follows another reader, sees all
// of it on /my, renames themself with a drawn avatar, and logs out; the other reader sees the
// new follower. The server runs with the SMS simulator and the page cache on, as in production.

const SHOTS = "test-results/screenshots/my-pages";
const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const ARTICLE = contentId("article", "test-article");
const ARTICLE_TITLE = "测试文章：李白与杜甫";
const PASSWORD = "以铜为镜可以正衣冠";
const TAP_PX = 44;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({
    contentDir: "tests/fixtures/content",
    env: { SMS_PROVIDER: "simulator", PAGE_CACHE_TTL_MS: "60000" },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const at = (path: string) => `${server.baseUrl}${path}`;

/** Opens a page and waits until React has hydrated it. */
async function open(page: Page, path: string) {
  await page.goto(at(path));
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function api<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(at(path));
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data as T;
}

const titlesIn = (page: Page, testId: string) =>
  page.getByTestId(testId).locator(".tj-my-items__title").allTextContents();

/**
 * The checks of the accessibility suite (tests/e2e/accessibility.e2e.ts) for screens only a
 * signed-in reader sees, which its anonymous table cannot open: serious axe findings, and
 * targets under 44 px that are not links inside a line of text.
 */
async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await axeBuilder(page).analyze();
  const axe = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  const small = await page.evaluate((min) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), [role="button"], [role="tab"]',
    )) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (style.display === "inline") {
        const line = (el.parentElement?.textContent ?? "").trim().length;
        if (line > (el.textContent ?? "").trim().length) continue;
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min)
        found.push(
          `${el.tagName} "${(el.textContent ?? "").trim().slice(0, 12)}" ${box.width}×${box.height}`,
        );
    }
    return found;
  }, TAP_PX);
  const wide = await page.evaluate(() =>
    document.documentElement.scrollWidth > document.documentElement.clientWidth
      ? [`the page is ${document.documentElement.scrollWidth}px wide`]
      : [],
  );
  return [...axe, ...small, ...wide];
}

/** 200 % zoom of a 375 px phone lays the page out 187 px wide. */
const ZOOMED = { width: 187, height: 406 };

/** The reader switches the theme as the appearance control does; resolved once the page wears it. */
async function switchTheme(page: Page, theme: Theme) {
  await page.evaluate(
    ({ key, theme }) => {
      localStorage.setItem(key, theme);
      (window as { __tongjianApplyTheme?: () => void }).__tongjianApplyTheme?.();
    },
    { key: THEME_KEY, theme },
  );
  await page.waitForFunction(
    (paper) =>
      getComputedStyle(document.querySelector(".tj-app") ?? document.body).backgroundColor ===
      paper,
    PAPER[theme],
  );
}

describe("my pages at 375×812", () => {
  it("keeps first-load JavaScript within 125 KB on an entry (with the device history) and on /my", async () => {
    const context = await phoneContext(browser, UA.iosSafari);
    for (const path of [
      `/detail/${LI_BAI}`,
      `/ah/article/${ARTICLE}`,
      "/my",
      "/my/list",
      "/my/top",
    ]) {
      const kb = await firstLoadJsKb(context, at(path));
      console.info(`first-load JS of ${path}: ${kb.toFixed(1)} KB gzip`);
      expect(kb, path).toBeGreaterThan(0);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
    await context.close();
  });

  it("reads, signs up, likes, reads, follows, sees it all on /my, renames, logs out", async () => {
    // The reader to follow signs up in a browser of their own.
    const theirs = await phoneContext(browser, UA.androidChrome);
    const their = await theirs.newPage();
    await registerInBrowser(their, server.baseUrl, { password: PASSWORD });
    const other = (await userInfo(server.baseUrl, theirs)).data;
    const otherId = other?.ahUserId as string;
    const otherName = other?.ahName as string;
    expect(otherId).toMatch(/^[0-9a-f]{24}$/);

    const context = await phoneContext(browser, UA.iosSafari);
    const page = await context.newPage();

    // Without an account: an entry read on this device, kept on this device.
    await open(page, `/detail/${DU_FU}`);
    await page.waitForFunction(() => localStorage.getItem("tj:reading-history") !== null);
    await open(page, "/my");
    await expect(page.getByTestId("my-sign-in").getAttribute("href")).resolves.toBe(
      `/login?redirect=${encodeURIComponent("/my")}`,
    );
    await page.getByTestId("device-reads").waitFor();
    await expect(titlesIn(page, "device-reads")).resolves.toEqual(["杜甫"]);
    await screenshot(page, { path: `${SHOTS}/my-anonymous.png`, fullPage: true });
    await open(page, "/my/top");
    // The device's list is read from storage once the page runs.
    await expect.poll(() => titlesIn(page, "device-reads")).toEqual(["杜甫"]);
    // Likes need an account: the list says so and offers the way in.
    await open(page, "/my/list?tab=likes");
    await page.getByText("登录后可以查看我的点赞。").waitFor();

    // 注册 from /my's sign-in link comes back to /my, where the device's reads are the account's.
    await open(page, "/my");
    await page.getByTestId("my-sign-in").click();
    await page.waitForURL(/\/login\?redirect=/);
    const phone = await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/my",
    });
    await expect
      .poll(() => api<{ total: number }>(context, "/api/m/social/v1/y/my/history"))
      .toMatchObject({ total: 1 });
    await expect.poll(() => titlesIn(page, "my-reads")).toEqual(["杜甫"]);
    await expect(page.evaluate(() => localStorage.getItem("tj:reading-history"))).resolves.toBe(
      null,
    );
    await expect(page.getByTestId("my-name").textContent()).resolves.toBe(`读者${phone.slice(-4)}`);

    // Like an entry, read an article (signed in: the server keeps both).
    await open(page, `/detail/${LI_BAI}`);
    await page.locator(".tj-like").click();
    await page.locator(".tj-like[aria-pressed=true]").waitFor();
    await open(page, `/ah/article/${ARTICLE}`);
    await expect(page.evaluate(() => localStorage.getItem("tj:reading-history"))).resolves.toBe(
      null,
    );

    // Follow the other reader from their profile.
    await open(page, `/my?userId=${otherId}`);
    await expect(page.getByTestId("my-name").textContent()).resolves.toBe(otherName);
    await expect(page.getByTestId("count-粉丝").textContent()).resolves.toBe("0粉丝");
    await page.getByTestId("follow-button").click();
    await page.locator("[data-testid=follow-button][aria-pressed=true]").waitFor();
    await expect(page.getByTestId("count-粉丝").textContent()).resolves.toBe("1粉丝");
    await screenshot(page, { path: `${SHOTS}/reader-profile.png`, fullPage: true });

    // All of it on /my.
    await open(page, "/my");
    await expect(titlesIn(page, "my-reads")).resolves.toEqual([ARTICLE_TITLE, "李白", "杜甫"]);
    await expect(titlesIn(page, "my-likes")).resolves.toEqual(["李白"]);
    await expect(
      page.getByTestId("my-following").locator(".tj-my-people__name").allTextContents(),
    ).resolves.toEqual([otherName]);
    await expect(page.getByTestId("count-关注").textContent()).resolves.toBe("1关注");
    await expect(page.getByTestId("count-点赞").textContent()).resolves.toBe("1点赞");
    await page.getByText("暂无", { exact: true }).first().waitFor();
    await expect(
      page.locator("[data-slot]").evaluateAll((els) => els.map((e) => e.getAttribute("data-slot"))),
    ).resolves.toEqual(["posts", "orders", "study", "campaign-rewards"]);
    await screenshot(page, { path: `${SHOTS}/my-signed-in.png`, fullPage: true });

    // Rename, with a drawn avatar.
    await page.getByRole("button", { name: "编辑资料" }).click();
    await page.getByRole("textbox", { name: "昵称" }).fill("史海拾贝");
    await page.getByLabel("竹字头像").check();
    await screenshot(page, { path: `${SHOTS}/my-editor.png`, fullPage: true });
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await expect.poll(() => page.getByTestId("my-name").textContent()).toBe("史海拾贝");
    await expect(page.locator(".tj-my-profile img.tj-my-avatar").getAttribute("src")).resolves.toBe(
      "/media/avatar/zhu.svg",
    );
    // An empty name is refused in place, and what was typed stays.
    await page.getByRole("button", { name: "编辑资料" }).click();
    await page.getByRole("textbox", { name: "昵称" }).fill("   ");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await page.getByText("昵称不能为空").waitFor();
    await page.getByRole("button", { name: "取消", exact: true }).click();

    // The full lists and the ranking.
    await open(page, "/my/list?tab=likes");
    await expect(titlesIn(page, "my-list")).resolves.toEqual(["李白"]);
    await open(page, "/my/list?tab=history&type=article");
    await expect(titlesIn(page, "my-list")).resolves.toEqual([ARTICLE_TITLE]);
    await open(page, "/my/list?tab=following");
    await expect(
      page.getByTestId("people-list").locator(".tj-my-people__name").allTextContents(),
    ).resolves.toEqual([otherName]);
    await open(page, "/my/top");
    await expect(titlesIn(page, "my-top")).resolves.toHaveLength(3);
    await screenshot(page, { path: `${SHOTS}/my-top.png`, fullPage: true });

    // The other reader has a new follower, under the new name, and sees themself among the
    // people the follower follows on the follower's profile.
    const myId = (await userInfo(server.baseUrl, context)).data?.ahUserId as string;
    await open(their, `/my?userId=${myId}`);
    await expect(their.getByTestId("my-name").textContent()).resolves.toBe("史海拾贝");
    await expect(
      their.getByTestId("reader-following").locator(".tj-my-people__name").allTextContents(),
    ).resolves.toEqual([otherName]);
    await open(their, "/my");
    await expect(their.getByTestId("count-粉丝").textContent()).resolves.toBe("1粉丝");
    await open(their, "/my/list?tab=followers");
    await expect(
      their.getByTestId("people-list").locator(".tj-my-people__name").allTextContents(),
    ).resolves.toEqual(["史海拾贝"]);

    // Logged out, /my is the anonymous page again, and keeps nothing of the account.
    await logOut(page, server.baseUrl);
    expect((await userInfo(server.baseUrl, context)).code).toBe(600);
    await open(page, "/my");
    await page.getByTestId("my-sign-in").waitFor();
    await page.getByTestId("device-reads-empty").waitFor();
    await context.close();
    await theirs.close();
  });

  it("hands over reads a device kept to a reader signed in another way, on /my", async () => {
    // WeChat and the app sign readers in without /login's forms: /my takes the device's reads.
    const context = await phoneContext(browser, UA.androidChrome);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD });
    await page.evaluate(
      ([id]) =>
        localStorage.setItem(
          "tj:reading-history",
          JSON.stringify([
            { kind: "article", id, title: "本机读过", at: Date.now() - 60_000, n: 2 },
          ]),
        ),
      [ARTICLE],
    );
    await open(page, "/my");
    await expect.poll(() => titlesIn(page, "my-reads")).toEqual([ARTICLE_TITLE]);
    await expect(page.evaluate(() => localStorage.getItem("tj:reading-history"))).resolves.toBe(
      null,
    );
    const top = await api<{ list: { readCount: number }[] }>(context, "/api/m/social/v1/y/my/top");
    expect(top.list[0]?.readCount).toBe(2);
    await context.close();
  });

  it("passes axe and the 44 px targets on the signed-in screens, light and dark", async () => {
    const context = await phoneContext(browser, UA.iosSafari);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD });
    const otherContext = await phoneContext(browser, UA.iosSafari);
    const otherPage = await otherContext.newPage();
    await registerInBrowser(otherPage, server.baseUrl, { password: PASSWORD });
    const otherId = (await userInfo(server.baseUrl, otherContext)).data?.ahUserId as string;
    await otherContext.close();
    await open(page, `/detail/${LI_BAI}`);
    await page.locator(".tj-like").click();
    await page.locator(".tj-like[aria-pressed=true]").waitFor();
    await open(page, `/my?userId=${otherId}`);
    await page.getByTestId("follow-button").click();
    await page.locator("[data-testid=follow-button][aria-pressed=true]").waitFor();

    const screens = [
      "/my",
      `/my?userId=${otherId}`,
      "/my/list?tab=history",
      "/my/list?tab=likes",
      "/my/list?tab=following",
      "/my/list?tab=followers",
      "/my/list?tab=saved",
      `/my/list?tab=followers&userId=${otherId}`,
      "/my/top",
    ];
    // Each screen is opened once: checked in the theme it opened in, then in the other after the
    // reader switches (the colour rules; structure and names are the same), then laid out as at
    // 200 % zoom of a 375 px phone (187 px wide), where nothing may stick out. The next screen
    // opens in the theme chosen last, so each theme is seen on opening and after a switch.
    const found: string[] = [];
    let theme: Theme = "light";
    await page.evaluate(({ key, theme }) => localStorage.setItem(key, theme), {
      key: THEME_KEY,
      theme,
    });
    const checkOpened = async (label: string) => {
      found.push(...(await accessibilityProblems(page)).map((p) => `${theme} ${label}: ${p}`));
      theme = theme === "light" ? "dark" : "light";
      await switchTheme(page, theme);
      found.push(
        ...(await axeProblems(page, { rules: COLOUR_RULES })).map((p) => `${theme} ${label}: ${p}`),
      );
    };
    for (const path of screens) {
      await open(page, path);
      await checkOpened(path);
      await page.setViewportSize(ZOOMED);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > ZOOMED.width) found.push(`zoom ${path}: the page is ${width}px wide`);
      await page.setViewportSize(PHONE_VIEWPORT);
    }
    // The editor, open.
    await open(page, "/my");
    await page.getByRole("button", { name: "编辑资料" }).click();
    await checkOpened("editor");
    await screenshot(page, { path: `${SHOTS}/my-editor-${theme}.png`, fullPage: true });
    expect(found).toEqual([]);
    await context.close();
  });
});
