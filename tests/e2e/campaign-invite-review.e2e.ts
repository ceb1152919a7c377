import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 22's spring festival invitation and year in review at phone size, on the shared server:
// reader A shares their spring festival link; reader B opens it in a browser of their own,
// signs in, reads one of the suggested articles, and A's friends list shows one valid friend
// and the first reward. Then B opens their year in review, swipes the cards, sees the poster,
// shares it, and A opens the shared snapshot.

const SHOTS = "test-results/screenshots/campaign-invite-review";
const PASSWORD = "爆竹声中一岁除旧";

const server = sharedServer();
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
}

async function accessible(page: Page) {
  const found = [...(await axeProblems(page)), ...(await smallTargets(page))];
  expect(found, report(found)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

async function newReader() {
  const context = await phoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

/** The link a share button produced (copied, or shown to copy by hand). */
async function sharedLink(page: Page, testId: string): Promise<string> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
}

describe("spring festival invitation and year in review", () => {
  let a: Page;
  let b: Page;

  it("counts a friend who opens the shared link, signs in and reads an article", async () => {
    a = await newReader();
    await registerInBrowser(a, server.baseUrl, { password: PASSWORD, redirect: "/springfestival" });
    await hydrated(a);
    await expect.poll(() => a.getByTestId("spring-valid-num").textContent()).toBe("0");
    await a.getByTestId("spring-customs").getByText("太初历定下岁首").waitFor();
    await a.getByTestId("campaign-share").click();
    const link = await sharedLink(a, "campaign-share-link");
    expect(link).toMatch(/\/springfestival\/share\?from=[0-9a-f]{24}$/);
    await screenshot(a, { path: `${SHOTS}/01-invite.png`, fullPage: true });
    await accessible(a);

    // B lands on the share page: who invited them, sign in, a few readings.
    b = await newReader();
    const path = new URL(link).pathname + new URL(link).search;
    await open(b, path);
    await b.getByTestId("spring-inviter").getByText("邀请你一起读史过大年").waitFor();
    await b.getByText("登录后参加春节读史").waitFor();
    await screenshot(b, { path: `${SHOTS}/02-landing.png`, fullPage: true });
    const recorded = b.waitForResponse(
      (r) => r.url().endsWith("/api/m/campaign/springfestival/invite") && r.status() === 200,
    );
    await registerInBrowser(b, server.baseUrl, { password: PASSWORD, redirect: path });
    await hydrated(b);
    expect((await (await recorded).json()).data.recorded).toBe(true);
    await b.reload();
    await hydrated(b);
    await b.getByTestId("spring-joined").getByText("读完下面任意一篇").waitFor();

    // B reads a suggested article.
    const reading = b.getByTestId("spring-readings").locator("a[href^='/ah/article/']").first();
    await reading.click();
    await b.waitForURL(/\/ah\/article\/[0-9a-f]{24}/);
    await hydrated(b);
    await open(b, path);
    await b.getByTestId("spring-joined").getByText("你已是").waitFor();

    // A's friends list: one friend, valid, and the first reward.
    await open(a, "/springfestival/friendslist");
    expect(await a.getByTestId("spring-friends-num").textContent()).toBe("1");
    expect(await a.getByTestId("spring-valid-num").textContent()).toBe("1");
    await a.getByTestId("spring-granted").getByText("徽章 · 迎春使者").waitFor();
    await a.getByTestId("campaign-friends").getByText("有效好友").waitFor();
    await screenshot(a, { path: `${SHOTS}/03-friends.png`, fullPage: true });
    await accessible(a);
    await open(a, "/springfestival");
    expect(await a.getByTestId("campaign-my-rank").textContent()).toMatch(/有效好友\s*1 位/);
  });

  it("opens the year in review, swipes its cards, shares the poster and a friend sees the snapshot", async () => {
    await open(b, "/ladderanniversary/swiper");
    const cards = b.getByTestId("review-cards");
    await cards.locator("[data-card='start']").waitFor();
    expect(await b.getByTestId("review-position").textContent()).toBe("1 / 6");
    await b.getByTestId("review-next").click();
    await expect.poll(() => b.getByTestId("review-position").textContent()).toBe("2 / 6");
    // The reading card: one article, and its month drawn by ECharts.
    const readingCard = cards.locator("[data-card='reading']");
    await readingCard.scrollIntoViewIfNeeded();
    await readingCard.getByText("读了 1 篇文章").waitFor();
    await readingCard.locator("[data-testid='review-chart'][data-state='ready'] canvas").waitFor();
    await screenshot(b, { path: `${SHOTS}/04-swiper.png` });
    await accessible(b);

    await cards.locator("[data-card='title']").scrollIntoViewIfNeeded();
    await b.getByTestId("review-to-result").click();
    await b.waitForURL(/\/ladderanniversary\/result$/);
    await hydrated(b);
    await b.getByTestId("review-poster").waitFor();
    await b.getByTestId("review-reading").getByText("读了 1 篇文章").waitFor();
    await accessible(b);
    const studyPart = b.getByRole("button", { name: "学习：时长、答题、天梯、打卡、挑战" });
    await studyPart.click();
    expect(await studyPart.getAttribute("aria-pressed")).toBe("false");
    await b.getByTestId("review-share").click();
    const link = await sharedLink(b, "review-share-link");
    expect(link).toMatch(/\/ladderanniversary\/resultothers\?share=[0-9a-f]{24}&from=/);
    await screenshot(b, { path: `${SHOTS}/05-result.png`, fullPage: true });

    // A opens B's shared review: the reading part only, as B chose.
    await open(a, new URL(link).pathname + new URL(link).search);
    await a.getByTestId("review-poster").waitFor();
    await a.getByTestId("review-reading").getByText("读了 1 篇文章").waitFor();
    expect(await a.getByTestId("review-study").count()).toBe(0);
    await screenshot(a, { path: `${SHOTS}/06-others.png`, fullPage: true });
    await accessible(a);
  });
});
