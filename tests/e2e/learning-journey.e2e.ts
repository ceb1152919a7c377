import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { answerQuiz } from "../support/quiz-answers.ts";
import { screenshot } from "../support/screenshots.ts";
import { registerInBrowser } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 20, "done when", as one reader's day at phone size: a 初中 reader takes a depth test,
// leaves it half-way and resumes it, sees the report with its radar chart; starts the 文史
// ladder, answers a level's questions with two wrong and meets those two again in the review
// list; plays a 文史挑战 round and finds themselves in the ranking; checks in today and makes up
// yesterday with the reissue card they were given; and finds every one of these on the study
// records: the day's stretches, the streak and the charts. The suite has its own server (and
// database file) so that it can read the right options of the questions it is shown.

const SHOTS = "test-results/screenshots/learning-journey";
const PASSWORD = "以铜为镜可以正衣冠";

let server: RunningServer;
let browser: Browser;
let sqlitePath: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sqlitePath = join(mkdtempSync(join(tmpdir(), "tj-journey-e2e-")), "tongjian.sqlite");
  server = await startServer({
    contentDir: "content",
    env: { SMS_PROVIDER: "simulator", SQLITE_PATH: sqlitePath, SEED_POETRY: "false" },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
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

/** The China day of a moment, as the records name it. */
const chinaDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

/** Chooses the first option of the depth test's question and goes on to question `next`. */
async function answerExam(page: Page, next: number) {
  await page.locator(".tj-exam__option").first().click();
  await page.getByRole("button", { name: "下一题" }).click();
  await page.waitForFunction(
    (n) => document.querySelector("#tj-exam-heading")?.textContent?.startsWith(`第 ${n} /`),
    next,
  );
}

describe("a reader's learning day", () => {
  it("tests, climbs, reviews, competes, checks in and sees it all in the records", {
    timeout: 180_000,
  }, async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/depthtest?grade=junior",
    });
    await hydrated(page);

    // The depth test: two answers, away, back through its state page, one more, then the report.
    await page.getByRole("button", { name: "开始测评" }).click();
    await page.waitForURL(/\/depthtest\/exam\?testId=[0-9a-f]{24}$/);
    await hydrated(page);
    await answerExam(page, 2);
    await answerExam(page, 3);
    await open(page, "/");
    await open(page, "/depthtest/state");
    await page
      .locator(".tj-test__row[data-status='open']")
      .getByRole("link", { name: "继续作答" })
      .click();
    await page.waitForURL(/\/depthtest\/exam\?testId=/);
    await hydrated(page);
    await answerExam(page, 4);
    await page.getByRole("button", { name: "交卷", exact: true }).click();
    await page.getByRole("button", { name: "确定交卷" }).click();
    await page.waitForURL(/\/depthtest\/report\?testId=[0-9a-f]{24}$/);
    await page.locator(".tj-report__radar-wrap[data-state='ready']").waitFor();
    await expect(page.locator(".tj-report__radar canvas").count()).resolves.toBeGreaterThan(0);
    await expect(page.locator(".tj-report__review li").count()).resolves.toBe(3);
    // What the depth test marked wrong is in the wrong-question book already.
    const markedWrong = await page
      .locator(".tj-report__review li[data-correct='false']")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-question-id") ?? ""));
    await page.getByText("这次只答了 3 题，强项与薄弱要多答几题才看得出来。").waitFor();
    await screenshot(page, { path: `${SHOTS}/1-report.png`, fullPage: true });

    // The 文史 ladder's first level (a sample level): its questions, two answered wrong.
    await open(page, "/wenshiladder");
    const level = page.getByTestId("ladder-level").first();
    await level.locator("a").click();
    await page.waitForURL(/\/wenshiladder\/[0-9a-f]{24}$/);
    await hydrated(page);
    await page.getByRole("button", { name: "开始练习" }).click();
    // Two answered wrong, among the questions not in the book yet: one the depth test marked
    // wrong a minute ago, wrong again, is rescheduled (FSRS's relearning step), not due at once.
    const fresh = (ids: string[]) =>
      ids.flatMap((id, i) => (markedWrong.includes(id) ? [] : [i])).slice(0, 2);
    const ids = await answerQuiz(page, sqlitePath, fresh);
    const wrongIds = fresh(ids).map((i) => ids[i]);
    expect(wrongIds).toHaveLength(2);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    await page.getByRole("button", { name: "交卷" }).click();
    const result = page.getByTestId("ladder-result");
    await result.waitFor();
    await expect(result.textContent()).resolves.toContain(
      `答对 ${ids.length - 2}/${ids.length} 题`,
    );
    await expect(result.textContent()).resolves.toContain("2 道错题已加入错题复习");
    await screenshot(page, { path: `${SHOTS}/2-ladder.png`, fullPage: true });

    // The two wrong ones are due in the review list (with any the depth test marked wrong), and
    // are practised there.
    await open(page, "/learnrecord/practicelist");
    const dueIds = await page
      .getByTestId("due-review")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-question-id") ?? ""));
    expect(dueIds).toEqual(expect.arrayContaining(wrongIds));
    await page.getByRole("button", { name: "开始复习" }).click();
    const reviewIds = await answerQuiz(page, sqlitePath);
    expect(reviewIds).toEqual(expect.arrayContaining(wrongIds));
    await page.getByRole("button", { name: "交卷" }).click();
    await expect(page.getByTestId("review-result").textContent()).resolves.toContain(
      `答对 ${reviewIds.length}/${reviewIds.length}`,
    );

    // A 文史挑战 round: three answers, then the reader ends it and sees the ranking.
    await open(page, "/wenshichallenge");
    await page.getByRole("button", { name: "开始挑战" }).click();
    await page.waitForURL(/\/wenshichallenge\/question\?round=[0-9a-f]{24}/);
    await hydrated(page);
    for (let n = 0; n < 3; n++) {
      const question = page.locator(".tj-challenge__question");
      await question.waitFor();
      const id = await question.getAttribute("data-question-id");
      await page.locator(".tj-challenge__option").first().click();
      if ((await page.getByRole("button", { name: "提交答案" }).count()) > 0)
        await page.getByRole("button", { name: "提交答案" }).click();
      await page.locator(".tj-challenge__feedback").waitFor();
      await page.waitForFunction((previous) => {
        const q = document.querySelector(".tj-challenge__question");
        return (
          q !== null &&
          q.getAttribute("data-question-id") !== previous &&
          !document.querySelector(".tj-challenge__feedback")
        );
      }, id);
    }
    await page.getByRole("button", { name: "结束本轮" }).click();
    await page.waitForURL(/\/wenshichallenge\/result\?round=/);
    await hydrated(page);
    await expect(page.locator(".tj-challenge__reviewed").count()).resolves.toBe(3);
    await open(page, "/wenshichallenge/ranking?period=day");
    await expect(page.locator('.tj-challenge__rank[data-me="true"]').count()).resolves.toBe(1);

    // Check in today; make up yesterday with the card a new reader is given.
    const today = chinaDay(Date.now());
    const yesterday = chinaDay(Date.now() - 86_400_000);
    await open(page, "/clockin");
    await page.getByRole("button", { name: "今日打卡" }).click();
    await open(page, "/signin/reissue");
    await page.getByRole("button", { name: `补签 ${yesterday}` }).click();
    await page.getByText(`已补签 ${yesterday}，还剩 0 张补签卡`).waitFor();

    // The records: today's stretches of every kind, a two-day streak, the charts drawn.
    await open(page, `/studyrecord/studydetail?day=${today}`);
    const rows = await page.locator(".tj-study__row").allTextContents();
    for (const kind of ["深度测评", "天梯", "错题复习", "挑战赛"])
      expect(
        rows.some((r) => r.includes(kind)),
        `${kind} in ${rows.join(" | ")}`,
      ).toBe(true);
    expect(await page.locator(".tj-study__stats").textContent()).toContain("已打卡");
    await screenshot(page, { path: `${SHOTS}/3-day.png`, fullPage: true });
    await open(page, "/studyrecord");
    await expect(
      page.locator('section[aria-labelledby="tj-study-streak"]').textContent(),
    ).resolves.toContain("当前连续2 天");
    await open(page, "/studyrecord/charts");
    await page.locator("[data-state=ready] canvas").nth(1).waitFor();
    await screenshot(page, { path: `${SHOTS}/4-charts.png`, fullPage: true });
    await context.close();
  });
});
