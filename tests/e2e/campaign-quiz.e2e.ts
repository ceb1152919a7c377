import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// The quiz campaigns (decision 44) in the browser at phone size on the shared server (the real
// content: quiz-2024 runs, quiz-2021 has ended). A reader plays a 2024 round to the end — every
// answer marked by the server with its comment — sees themself in the ranking, opens the share
// page and shares; a friend who opens the shared link shows in the reader's friends. The 2021
// edition reads as ended, with its question review and no play.

const SHOTS = "test-results/screenshots/campaign-quiz";
const PASSWORD = "读史使人明智鉴往知来";
let server: { baseUrl: string };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function newPage(): Promise<Page> {
  const context = await phoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

async function checked(page: Page) {
  // After a navigation inside the app the page fades in (the shell's transition): check it settled.
  await page.waitForFunction(() => {
    if (document.getAnimations().some((a) => a.playState === "running")) return false;
    // The page is fully faded in: neither it nor anything around it is still see-through.
    for (let el = document.querySelector("main"); el; el = el.parentElement)
      if (getComputedStyle(el).opacity !== "1") return false;
    return true;
  });
  expect(report(await axeProblems(page))).toBe("");
  expect(report(await smallTargets(page))).toBe("");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe("the quiz campaigns", () => {
  it("plays the 2024 quiz to the end, sees the reader in the ranking and brings a friend through the share page", async () => {
    const page = await newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/quiz/2024" });
    await hydrated(page);
    await expect.poll(() => page.getByTestId("campaign-phase").textContent()).toContain("进行中");
    await page.getByTestId("quiz-mute").click();
    await expect
      .poll(() => page.getByTestId("quiz-mute").getAttribute("aria-pressed"))
      .toBe("true");

    await page.getByTestId("quiz-start").click();
    const play = page.getByTestId("quiz-play");
    // The synthesised sounds are built on the tap that starts the round (quizAudioLoaded).
    await expect
      .poll(() => page.getByTestId("quiz-audio").getAttribute("data-audio-loaded"))
      .toBe("true");
    for (let i = 1; i <= 10; i++) {
      await page
        .getByTestId("quiz-progress")
        .filter({ hasText: `第 ${i} 题` })
        .waitFor();
      expect(await play.getAttribute("data-quiz-status")).toBe("playing");
      expect(await play.getAttribute("data-quiz-position")).toBe(String(i));
      const option = page.locator(".tj-challenge__option").first();
      await option.click();
      const submit = page.getByRole("button", { name: "提交答案" });
      if (await submit.isVisible()) await submit.click();
      await page.getByTestId("quiz-feedback").waitFor();
      expect(["correct", "wrong"]).toContain(await play.getAttribute("data-quiz-status"));
      expect((await page.getByTestId("quiz-comment").textContent())?.length).toBeGreaterThan(4);
      if (i === 1) await screenshot(page, { path: `${SHOTS}/answered.png`, fullPage: true });
      await page.getByTestId("quiz-next").click();
    }
    await page.getByTestId("quiz-result").waitFor();
    expect(await play.getAttribute("data-quiz-status")).toBe("finished");
    expect(await page.getByTestId("quiz-score").textContent()).toMatch(/\d+ 分/);
    expect(await page.getByTestId("quiz-place").textContent()).toMatch(/第 \d+ 名/);
    expect(await page.locator(".tj-quiz__marked").count()).toBe(10);
    await checked(page);
    await screenshot(page, { path: `${SHOTS}/result.png` });

    await page.getByRole("link", { name: "查看排行榜" }).click();
    await page.waitForURL(at("/quiz/2024/ranklist"));
    await hydrated(page);
    await page.locator('[data-testid="campaign-ranking"] li[data-me="true"]').waitFor();
    expect(await page.getByTestId("campaign-my-rank").textContent()).toContain("我的排名");
    await checked(page);

    await page.goto(at("/quiz/2024/share"));
    await hydrated(page);
    expect(await page.getByTestId("quiz-best").textContent()).toMatch(/答对 \d+ \/ 10 题/);
    await page.getByTestId("campaign-share").click();
    const shared = (await page.getByTestId("campaign-share-link").textContent()) ?? "";
    const link = /(https?:\/\/\S+)/.exec(shared)?.[1] ?? "";
    expect(link).toContain("/quiz/2024?from=");
    await checked(page);

    // A friend opens the shared link, signs up and is counted as brought by the reader.
    const friend = await newPage();
    const path = new URL(link).pathname + new URL(link).search;
    await registerInBrowser(friend, server.baseUrl, { password: PASSWORD, redirect: path });
    await hydrated(friend);
    await friend.getByTestId("quiz-start").waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await hydrated(page);
          return page.getByRole("heading", { name: /我邀请的好友/ }).textContent();
        },
        { timeout: 10_000 },
      )
      .toContain("（1）");
    await page.getByTestId("campaign-friends").waitFor();
    await screenshot(page, { path: `${SHOTS}/share.png`, fullPage: true });
  });

  it("keeps the ended 2021 edition readable: 已结束, its question review, no play", async () => {
    const page = await newPage();
    await page.goto(at("/quiz/2021"));
    await hydrated(page);
    await page.getByTestId("campaign-ended").waitFor();
    expect(await page.getByTestId("campaign-phase").textContent()).toContain("已结束");
    expect(await page.getByTestId("quiz-participants").textContent()).toMatch(/参与|记录/);
    const review = page.getByTestId("quiz-review");
    expect(await review.locator(".tj-quiz__marked").count()).toBe(10);
    expect(await review.textContent()).toContain("解析");
    expect(await page.getByTestId("quiz-start").count()).toBe(0);
    await screenshot(page, { path: `${SHOTS}/ended-2021.png` });
    await page.goto(at("/quiz/2021/ranklist"));
    await hydrated(page);
    expect(await page.getByRole("heading", { name: "最终排名" }).count()).toBe(1);
  });
});
