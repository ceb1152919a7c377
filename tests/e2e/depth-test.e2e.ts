import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 20 in the browser at phone size: a 初中 reader signs up from the depth test's page,
// starts a depth test, answers two questions, reloads, leaves, comes back through
// /depthtest/state and continues where they were, answers one more, submits, and sees the report
// with its radar chart drawn, the knowledge points to study next and the share card; the test
// is then in the learning records. Then a short AI test, its result, and the test hub.

const SHOTS = "test-results/screenshots/depth-test";
const PASSWORD = "读史使人明智以史为鉴";

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

const questionHeading = (page: Page) => page.locator("#tj-exam-heading").textContent();

/** The screens a visitor cannot reach, checked as the accessibility sweep checks the others. */
async function accessible(page: Page) {
  const found = [...(await axeProblems(page)), ...(await smallTargets(page))];
  expect(found, report(found)).toEqual([]);
}

/** Chooses the first option of the current question and continues to the next one. */
async function answerOne(page: Page, nextNumber: number) {
  await page.locator(".tj-exam__option").first().click();
  await page.getByRole("button", { name: "下一题" }).click();
  await page.waitForFunction(
    (n) => document.querySelector("#tj-exam-heading")?.textContent?.startsWith(`第 ${n} /`),
    nextNumber,
  );
}

describe("the depth test at phone size", () => {
  it("is started, left half-way, resumed, submitted and reported with its radar chart", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();

    // A visitor sees the test and a login button.
    await open(page, "/depthtest?grade=junior");
    await page.getByRole("heading", { name: "初中深度测评" }).waitFor();
    await page.getByRole("button", { name: "登录后开始测评" }).waitFor();

    await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/depthtest?grade=junior",
    });
    await hydrated(page);
    await page.getByRole("button", { name: "开始测评" }).click();
    await page.waitForURL(/\/depthtest\/exam\?testId=[0-9a-f]{24}$/);
    await hydrated(page);
    const examUrl = page.url();
    expect(await questionHeading(page)).toMatch(/^第 1 \/ \d+ 题/);
    const length = Number((await questionHeading(page))?.match(/\/ (\d+) 题/)?.[1]);
    expect(length).toBeGreaterThanOrEqual(4);

    await answerOne(page, 2);
    await answerOne(page, 3);
    await screenshot(page, { path: `${SHOTS}/exam.png` });
    await accessible(page);

    // A reload continues at the third question: the answers are on the server, the option
    // chosen but not yet saved is still chosen.
    await page.locator(".tj-exam__option").nth(1).click();
    await page.reload();
    await hydrated(page);
    expect(await questionHeading(page)).toMatch(/^第 3 \//);
    await page.locator(".tj-exam__option").nth(1).locator("input:checked").waitFor();

    // Leaving and coming back through the test's state page.
    await open(page, "/");
    await open(page, "/depthtest/state");
    const row = page.locator(".tj-test__row[data-status='open']");
    await expect(row.count()).resolves.toBe(1);
    expect(await row.textContent()).toContain(`已答 2 / ${length} 题`);
    await row.getByRole("link", { name: "继续作答" }).click();
    await page.waitForURL(examUrl);
    await hydrated(page);
    expect(await questionHeading(page)).toMatch(/^第 3 \//);
    await answerOne(page, 4);

    // Submitting early asks once more, then shows the report.
    await page.getByRole("button", { name: "交卷", exact: true }).click();
    await page.getByRole("button", { name: "确定交卷" }).click();
    await page.waitForURL(/\/depthtest\/report\?testId=[0-9a-f]{24}$/);
    await hydrated(page);
    await page.locator(".tj-report__score strong").waitFor();
    expect(await page.locator(".tj-report__meta").first().textContent()).toMatch(
      /初中读者|第一位完成初中深度测评/,
    );
    expect(await page.locator(".tj-report__head").textContent()).toContain("答对");
    await page.locator(".tj-report__radar-wrap[data-state='ready']").waitFor();
    await expect(page.locator(".tj-report__radar canvas").count()).resolves.toBeGreaterThan(0);
    const links = page.locator(".tj-report__next a");
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.first().getAttribute("href")).toMatch(
      /^\/knowledgepoint\/details\/[0-9a-f]{24}$/,
    );
    const review = page.locator(".tj-report__review li");
    await expect(review.count()).resolves.toBe(3);
    const card = await page.locator(".tj-report__card").getAttribute("src");
    const png = await page.request.get(at(card ?? ""));
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    await screenshot(page, { path: `${SHOTS}/report.png`, fullPage: true });
    await accessible(page);

    // The learning records: the finished test, and nothing waiting.
    await open(page, "/learnrecord/assesslist");
    await expect(page.locator(".tj-test__row").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "查看报告" }).click();
    await page.waitForURL(/\/learnrecord\/assessresult\?testId=/);
    await page.locator(".tj-report__score strong").waitFor();
    await open(page, "/learnrecord/waiting");
    await page.getByText("没有等待中的测评").waitFor();

    // The AI test: a grade, a short test, its result.
    await open(page, "/aitest/home?grade=junior");
    await page.getByRole("button", { name: "开始测评" }).click();
    await page.waitForURL(/\/aitest\/home\?testId=[0-9a-f]{24}$/);
    await hydrated(page);
    await answerOne(page, 2);
    await page.getByRole("button", { name: "交卷", exact: true }).click();
    await page.getByRole("button", { name: "确定交卷" }).click();
    await page.waitForURL(/\/aitest\/result\?testId=[0-9a-f]{24}$/);
    await page.locator(".tj-report__radar-wrap[data-state='ready']").waitFor();
    expect(await page.locator(".tj-report__kind").textContent()).toContain("AI 测评");

    // The hub lists both results; /report shows the latest.
    await open(page, "/testentry");
    await expect(page.locator(".tj-test__row").count()).resolves.toBe(2);
    await open(page, "/report");
    expect(await page.locator(".tj-report__kind").textContent()).toContain("AI 测评");
    await context.close();
  });
});
