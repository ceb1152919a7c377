import { mkdirSync } from "node:fs";
import { dayLimitMessage } from "@tongjian/domain/votes";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// The vote campaigns (decision 45) at 375×812 on the shared server: a reader signs up, votes for
// songs of 文史歌曲 and sees the counts rise, and a vote past the day's three is refused with the
// reason; 投票活动's candidate page and its rules open with their story, years and limits.

const SHOTS = "test-results/screenshots/campaign-votes";
const PASSWORD = "曾经沧海难为水除却巫山";

let server: { baseUrl: string };
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const at = (path: string) => `${server.baseUrl}${path}`;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

/** A picture of the screen once the page's entrance has played. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, { path: `${SHOTS}/${name}.png` });
}

const card = (page: Page, id: string) => page.locator(`[data-candidate="${id}"]`);
const countOf = async (page: Page, id: string) =>
  Number(await card(page, id).getByTestId("vote-count").locator("strong").textContent());

async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

describe("vote campaigns", () => {
  it("votes for songs, sees the counts rise, and is refused past the day's votes", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    try {
      await registerInBrowser(page, server.baseUrl, {
        password: PASSWORD,
        redirect: "/wenshisong",
      });
      await hydrated(page);
      expect(await page.locator("main").getByRole("heading", { level: 1 }).textContent()).toBe(
        "文史歌曲",
      );
      await page.getByRole("link", { name: "去投票" }).click();
      await page.waitForURL(at("/wenshisong/vote"));
      await hydrated(page);
      await page.getByTestId("vote-standing").getByText("今日剩余 3 票").waitFor();

      const songs = ["guang-ling-san", "shi-mian-mai-fu", "chi-le-ge"];
      for (const [i, id] of songs.entries()) {
        const before = await countOf(page, id);
        await card(page, id).getByTestId("vote-button").click();
        await card(page, id).getByTestId("vote-done").waitFor();
        expect(await card(page, id).getByTestId("vote-done").textContent()).toMatch(
          i < 2 ? `今天还有 ${2 - i} 票` : "今天的票已经投完了",
        );
        await page.waitForFunction(
          ([sel, n]) =>
            Number(
              document.querySelector(`${sel} [data-testid="vote-count"] strong`)?.textContent,
            ) > Number(n),
          [`[data-candidate="${id}"]`, String(before)] as const,
        );
        expect(await card(page, id).getByTestId("vote-button").textContent()).toBe("今日已投");
      }
      await page.getByTestId("vote-standing").getByText("今日剩余 0 票").waitFor();

      // A fourth vote today: the server refuses it and says why.
      const fourth = card(page, "yang-zhou-man");
      await fourth.getByTestId("vote-button").click();
      await fourth.getByRole("alert").waitFor();
      expect(await fourth.getByRole("alert").textContent()).toBe(dayLimitMessage(3));
      expect(await fourth.getByTestId("vote-count").locator("strong").textContent()).toBe(
        String(await countOf(page, "yang-zhou-man")),
      );
      await shot(page, "wenshisong-vote");
      expect(await axeProblems(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
      await fitsThePhone(page);

      // The song's own page shows the vote and the piece to play.
      await card(page, "guang-ling-san").getByRole("link", { name: "详情" }).click();
      await page.waitForURL(/\/wenshisong\/detail\?id=guang-ling-san$/);
      await hydrated(page);
      expect(await page.getByTestId("vote-button").textContent()).toBe("今日已投");
      await page.getByRole("button", { name: "试听《广陵散》" }).waitFor();
      await page.getByRole("link", { name: /《广陵散》的曲目页/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("opens a love story's page and the vote rules", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    try {
      await page.goto(at("/love"));
      await hydrated(page);
      expect(await page.getByTestId("vote-list").locator("[data-candidate]").count()).toBe(10);
      await card(page, "su-shi-wang-fu").getByRole("link", { name: "苏轼与王弗" }).click();
      await page.waitForURL(/\/love\/detail\?id=su-shi-wang-fu$/);
      await hydrated(page);
      expect(await page.locator("main").getByRole("heading", { level: 1 }).textContent()).toBe(
        "苏轼与王弗",
      );
      expect(await page.getByTestId("vote-moments").locator("time").allTextContents()).toEqual([
        "1054年",
        "1065年",
        "1075年",
      ]);
      await page.getByTestId("vote-people").getByRole("link", { name: /苏轼/ }).waitFor();
      await page.getByText("十年生死两茫茫，不思量，自难忘。").waitFor();
      expect(await page.getByTestId("vote-button").textContent()).toBe("登录投票");
      await shot(page, "love-detail");
      await fitsThePhone(page);

      await page.getByRole("link", { name: "投票规则" }).click();
      await page.waitForURL(at("/love/voterule"));
      await hydrated(page);
      expect(await page.getByTestId("vote-rules").textContent()).toContain("每人每天共有 3 票");
      await page.getByText(/活动时间：2026-11-01 00:00 至 2027-12-31 23:59/).waitFor();
      await page.getByTestId("campaign-rewards").getByText("徽章 · 情深知史").waitFor();

      const missing = await page.goto(at("/love/detail?id=NOT_AN_ID"));
      expect(missing?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });
});
