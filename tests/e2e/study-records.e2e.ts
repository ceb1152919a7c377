import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, clippedText, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 20's study records in the browser at phone size: a visitor sees the not-signed-in
// state; a new reader takes a mock test (which records practice), checks in today, makes up
// yesterday (a missed day: the account did not exist) with the card every reader starts with,
// sees the calendar, opens the charts and finds them drawn on a canvas, and sets a reminder.

const SHOTS = "test-results/screenshots/study-records";
const PASSWORD = "温故而知新可以为师";

const server = sharedServer();
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
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

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await hydrated(page);
}

/** The China day `offset` days from now, as the server counts days. */
const chinaDay = (offset = 0) =>
  new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe("study records, check-in and reminders", () => {
  it("shows a visitor the not-signed-in state with a login button", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    for (const path of ["/studyrecord", "/clockin", "/learnrecord"]) {
      await open(page, path);
      await page.getByRole("link", { name: "登录" }).first().waitFor();
    }
    await screenshot(page, { path: `${SHOTS}/0-visitor.png` });
    await context.close();
  });

  it("lets a reader take a mock test, check in, make up a missed day, see the charts and set a reminder", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/studyrecord" });
    await hydrated(page);
    await page.getByText("还没有学习记录，去天梯看看").waitFor();

    // A mock test: answer the first question, submit, see the marked result.
    await open(page, "/studyrecord/mock?grade=junior");
    await page.getByRole("button", { name: "开始测试" }).click();
    const paper = page.getByRole("form", { name: "试卷" });
    await paper.waitFor();
    await paper.locator("fieldset").first().locator("input").first().check();
    await page.getByRole("button", { name: "交卷" }).click();
    await page.waitForURL(/\/studyrecord\/result\?id=[0-9a-f]{24}/);
    await page.getByText("测试结果").waitFor();
    await expect(page.getByText(/解析：/).count()).resolves.toBeGreaterThan(0);
    await hydrated(page);
    await page.waitForTimeout(500);
    await screenshot(page, { path: `${SHOTS}/1-result.png`, fullPage: true });

    // Check in today; twice is refused.
    await open(page, "/clockin");
    await page.getByRole("button", { name: "今日打卡" }).click();
    await page.getByText(/打卡成功！已连续打卡 1 天/).waitFor();
    await page.getByText("今天已经打过卡了，明天再来吧。").waitFor();
    const again = await page.request.post(at("/api/clockin/y/checkin"), {
      headers: { "x-csrf-token": await csrf(page) },
      data: {},
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toContain("今天已经打过卡了");

    // Make up yesterday with the welcome card.
    const yesterday = chinaDay(-1);
    await open(page, "/signin/reissue");
    await page.getByText(/你有 1 张补签卡/).waitFor();
    await page.getByRole("button", { name: `补签 ${yesterday}` }).click();
    await page.getByText(`已补签 ${yesterday}，还剩 0 张补签卡`).waitFor();

    // The calendar of the month that holds yesterday shows it made up, and today checked.
    await open(page, `/clockin?month=${yesterday.slice(0, 7)}`);
    await expect(page.locator(`[data-day="${yesterday}"]`).getAttribute("data-mark")).resolves.toBe(
      "reissued",
    );
    if (yesterday.slice(0, 7) === chinaDay().slice(0, 7)) {
      await expect(
        page.locator(`[data-day="${chinaDay()}"]`).getAttribute("data-mark"),
      ).resolves.toBe("checked");
      await page.getByText("2 天").first().waitFor();
    }
    await screenshot(page, { path: `${SHOTS}/2-calendar.png`, fullPage: true });
    await open(page, "/signin/reissue-card");
    await page
      .getByText(/补签 \d{4}-\d{2}-\d{2}/)
      .first()
      .waitFor();
    await page.getByText(/连续打卡（含补签）每满 7 天/).waitFor();

    // The charts are drawn on canvases, ECharts loaded on this page only.
    await open(page, "/studyrecord/charts");
    await page.locator(".tj-study__chart canvas").nth(1).waitFor();
    await expect(page.locator(".tj-study__chart canvas").count()).resolves.toBe(2);
    await page.getByText("近 30 天").click();
    await page.locator("[data-state=ready] canvas").nth(1).waitFor();
    await screenshot(page, { path: `${SHOTS}/3-charts.png`, fullPage: true });

    // The overview counts the mock test and the two-day streak.
    await open(page, "/studyrecord");
    await page.getByRole("heading", { name: "连续学习" }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("当前连续2 天");

    // A reminder, kept on the server.
    await open(page, "/studyrecord/alarms");
    await page.getByLabel("提醒时间").fill("07:30");
    await page.getByRole("button", { name: "添加提醒" }).click();
    await page.getByText(/已添加提醒/).waitFor();
    await page.getByText("07:30").waitFor();
    const list = await page.request.get(at("/api/studyrecord/y/reminders"));
    expect((await list.json()).data).toEqual([
      expect.objectContaining({ time: "07:30", weekdays: [1, 2, 3, 4, 5], enabled: true }),
    ]);
    await screenshot(page, { path: `${SHOTS}/4-alarms.png`, fullPage: true });
    await context.close();
  });

  it("gives a signed-in reader's pages no serious axe problem, 44 px targets and no clipped text", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/clockin" });
    await hydrated(page);
    await page.getByRole("button", { name: "今日打卡" }).click();
    await page.getByText(/打卡成功/).waitFor();
    // A reminder due every day from midnight: nothing studied yet, so each learning page shows it.
    const added = await page.request.post(at("/api/studyrecord/y/reminders"), {
      headers: { "x-csrf-token": await csrf(page) },
      data: { time: "00:00", weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect(added.status()).toBe(200);
    const problems: string[] = [];
    for (const path of [
      "/studyrecord",
      "/studyrecord/charts",
      "/studyrecord/statistics",
      "/studyrecord/studydetail",
      "/studyrecord/ladderlist",
      "/studyrecord/mock",
      "/studyrecord/result",
      "/studyrecord/alarms",
      "/studyplan",
      "/clockin",
      "/signin/reissue",
      "/signin/reissue-card",
      "/bindstudy",
      "/survey",
      "/survey/ladder",
      "/learnrecord",
      "/learnrecord/phone",
      "/learnrecord/empty",
      "/learnrecord/null",
    ]) {
      await open(page, path);
      for (const line of [
        ...(await axeProblems(page)),
        ...(await smallTargets(page)),
        ...(await clippedText(page)),
      ])
        problems.push(`${path}: ${line}`);
    }
    expect(problems, report(problems)).toEqual([]);

    // The in-page reminder: shown on a learning page, closed for the rest of the day.
    await open(page, "/studyplan");
    const notice = page.getByRole("complementary", { name: "学习提醒" });
    await notice.getByText("到了你设定的学习时间（00:00），今天还没有学习。").waitFor();
    await screenshot(page, { path: `${SHOTS}/5-reminder.png` });
    await notice.getByRole("button", { name: "知道了" }).click();
    await expect(notice.count()).resolves.toBe(0);
    await open(page, "/clockin");
    await page.waitForTimeout(500);
    await expect(notice.count()).resolves.toBe(0);
    // Not on a page outside the learning area.
    await page.evaluate(() => localStorage.clear());
    await open(page, "/book");
    await page.waitForTimeout(500);
    await expect(notice.count()).resolves.toBe(0);
    await context.close();
  });
});

/** The CSRF token the page's API client uses, for a call made directly. */
async function csrf(page: Page): Promise<string> {
  const res = await page.request.get(at("/api/auth/csrf"));
  return (await res.json()).data.token as string;
}
