import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { learningId } from "@tongjian/content/learning-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { registerInBrowser } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 20's challenges in the browser at phone size: a visitor sees the 文史挑战 rules and a
// login button; a signed-in reader plays a round on the server's clock, answering every
// question (some right, some wrong), sees the result with the right answers explained and
// their place, finds themselves in the ranking, and the daily 文史答题 refuses a second try.

const SHOTS = "test-results/screenshots/challenges";
const PASSWORD = "温故而知新可以为师矣";

let server: RunningServer;
let browser: Browser;

/** The right options of every question of the real content, by question id. */
function answersOfContent(): Map<string, number[]> {
  const dir = "content/learning";
  const out = new Map<string, number[]>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".yaml") || name === "ladders.yaml") continue;
    const data = parse(readFileSync(join(dir, name), "utf8")) as {
      questions?: { key: string; answer: string | string[] }[];
    };
    for (const q of data.questions ?? []) {
      const letters = Array.isArray(q.answer) ? q.answer.join("") : String(q.answer);
      out.set(
        learningId("question", q.key),
        [...letters.replace(/[^A-F]/g, "")].map((c) => c.charCodeAt(0) - 65),
      );
    }
  }
  return out;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ contentDir: "content", env: { SMS_PROVIDER: "simulator" } });
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

/**
 * Answers the questions shown until the round ends, or until `limit` are answered and the
 * reader ends it (结束本轮): right when `right(n)` says so, else a wrong option. Returns how many
 * were answered and how many right.
 */
async function playRound(
  page: Page,
  answers: Map<string, number[]>,
  right: (n: number) => boolean,
  limit = 60,
) {
  let answered = 0;
  let correct = 0;
  for (let n = 0; n < 60; n++) {
    if (answered === limit) {
      await page.getByRole("button", { name: "结束本轮" }).click();
      break;
    }
    const question = page.locator(".tj-challenge__question");
    const done = page.waitForURL(/\/result\?round=/, { timeout: 15_000 }).then(
      () => "done",
      () => "none",
    );
    const shown = question.waitFor({ timeout: 15_000 }).then(
      () => "question",
      () => "none",
    );
    if ((await Promise.race([done, shown])) !== "question") break;
    if (/\/result\?round=/.test(page.url())) break;
    const id = await question.getAttribute("data-question-id");
    if (!id) break;
    const answer = answers.get(id);
    expect(answer, `question ${id} is in the content`).toBeDefined();
    const options = await page.locator(".tj-challenge__option").count();
    const goRight = right(n);
    const chosen = goRight
      ? (answer as number[])
      : [[...Array(options).keys()].find((i) => !(answer as number[]).includes(i)) ?? 0];
    const multiple = (await page.getByRole("button", { name: "提交答案" }).count()) > 0;
    for (const i of chosen) await page.locator(".tj-challenge__option").nth(i).click();
    if (multiple) await page.getByRole("button", { name: "提交答案" }).click();
    const feedback = page.locator(".tj-challenge__feedback");
    // Under a slow machine the round's 90 s may run out first: then the result page opens.
    const marked = await Promise.race([
      feedback.waitFor({ timeout: 15_000 }).then(
        () => "marked",
        () => "none",
      ),
      page.waitForURL(/\/result\?round=/, { timeout: 15_000 }).then(
        () => "over",
        () => "none",
      ),
    ]);
    if (marked === "over") break;
    expect(marked).toBe("marked");
    const wasRight = (await feedback.getAttribute("data-correct")) === "true";
    expect(wasRight).toBe(goRight);
    answered += 1;
    if (wasRight) correct += 1;
    if (n === 1) await screenshot(page, { path: `${SHOTS}/2-feedback.png` });
    // The next question (another id) or the result page.
    await page
      .waitForFunction(
        (previous) => {
          if (/\/result/.test(location.pathname)) return true;
          const q = document.querySelector(".tj-challenge__question");
          return (
            q !== null &&
            q.getAttribute("data-question-id") !== previous &&
            !document.querySelector(".tj-challenge__feedback")
          );
        },
        id,
        { timeout: 15_000 },
      )
      // Leaving for the result page can end the wait's page; the loop looks again.
      .catch(() => {});
  }
  return { answered, correct };
}

describe("the challenges at phone size", () => {
  it("plays a 文史挑战 round, shows the result with explanations and the reader's place", {
    timeout: 120_000,
  }, async () => {
    const answers = answersOfContent();
    const context = await phoneContext(browser);
    const page = await context.newPage();

    await open(page, "/wenshichallenge");
    await expect(page.locator("h1").textContent()).resolves.toBe("文史挑战");
    await expect(page.locator(".tj-challenge__rules li").count()).resolves.toBeGreaterThanOrEqual(
      3,
    );
    await page.getByTestId("challenge-login").waitFor();
    await screenshot(page, { path: `${SHOTS}/0-visitor.png` });

    await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/wenshichallenge",
    });
    await hydrated(page);
    await page.getByRole("button", { name: "开始挑战" }).click();
    await page.waitForURL(/\/wenshichallenge\/question\?round=[0-9a-f]{24}/);
    await hydrated(page);
    const clock = await page.getByRole("timer").textContent();
    const seconds = Number(clock?.replace(/\D/g, ""));
    expect(seconds).toBeGreaterThan(80);
    expect(seconds).toBeLessThanOrEqual(90);
    await screenshot(page, { path: `${SHOTS}/1-question.png` });

    // Six answers, then the reader ends the round before its 90 s are up.
    const { answered, correct } = await playRound(page, answers, (n) => n % 2 === 0, 6);
    expect(answered).toBe(6);
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(correct).toBeGreaterThan(0);
    expect(correct).toBeLessThan(answered);

    await page.waitForURL(/\/wenshichallenge\/result\?round=/);
    await hydrated(page);
    await expect(page.getByTestId("challenge-score").textContent()).resolves.toBe(
      String(correct * 10),
    );
    await expect(page.locator(".tj-challenge__reviewed").count()).resolves.toBe(answered);
    await expect(page.locator(".tj-challenge__explain").first().textContent()).resolves.toMatch(
      /^解析：.+/,
    );
    await expect(
      page.locator('.tj-challenge__reviewed[data-correct="false"]').count(),
    ).resolves.toBe(answered - correct);
    await expect(page.locator(".tj-challenge__entries a").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId("challenge-places").textContent()).resolves.toContain(
      "今日第 1 名",
    );
    await screenshot(page, { path: `${SHOTS}/3-result.png`, fullPage: true });

    await page.getByRole("link", { name: "今日第 1 名" }).click();
    await page.waitForURL(/\/wenshichallenge\/ranking\?period=day/);
    await hydrated(page);
    await expect(page.getByTestId("my-rank").textContent()).resolves.toContain(
      `第 1 名 · ${correct * 10} 分`,
    );
    await expect(page.locator('.tj-challenge__rank[data-me="true"]').count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/4-ranking.png` });

    // The daily quiz: five questions once, then refused until tomorrow.
    await open(page, "/wenshianswer");
    await page.getByRole("button", { name: "开始挑战" }).click();
    await page.waitForURL(/\/wenshianswer\/question\?round=/);
    await hydrated(page);
    await expect(page.getByTestId("challenge-progress").textContent()).resolves.toContain(
      "共 5 题",
    );
    const daily = await playRound(page, answers, () => true);
    expect(daily.answered).toBe(5);
    await page.waitForURL(/\/wenshianswer\/result\?round=/);
    await hydrated(page);
    await expect(page.getByTestId("challenge-score").textContent()).resolves.toBe("50");
    await expect(page.locator(".tj-challenge__reward").textContent()).resolves.toContain("未领取");

    await open(page, "/wenshianswer");
    await page.getByText("今天已经答过了，明天再来吧。").waitFor();
    await expect(page.getByRole("button", { name: "开始挑战" }).count()).resolves.toBe(0);
    const csrf = (await (await context.request.get(at("/api/auth/csrf"))).json()).data.token;
    const again = await context.request.post(at("/api/learning/challenges/wenshianswer/rounds"), {
      data: {},
      headers: { "x-csrf-token": csrf },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe("今天的文史答题已经答过了，明天再来吧");
    await screenshot(page, { path: `${SHOTS}/5-daily-done.png` });

    // The reward page: claim it.
    await open(page, "/wenshianswer/gift");
    await page.getByText("未领取").waitFor();
    await page.getByRole("button", { name: "领取" }).click();
    await page.locator('.tj-challenge__gift[data-status="claimed"]').waitFor();

    // The study ranking counts the rounds.
    await open(page, "/study/ranking?by=answered");
    await expect(page.getByTestId("my-rank").textContent()).resolves.toContain(
      `${answered + 5} 题`,
    );
    await context.close();
  });
});
