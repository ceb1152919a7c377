import { contentId } from "@tongjian/content/load-content";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// 问史 (/ai) in Chromium at 375×812 over the real corpus (and the fixture poems the server
// imports on its first start).

const SHOTS = "test-results/screenshots";
const LI_SHIMIN = contentId("person", "li-shimin");
const WEI_ZHENG = contentId("person", "wei-zheng");

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ contentDir: process.env.E2E_CONTENT_DIR ?? "content" });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens /ai and waits for its scripts: follow-ups are asked in place once it is hydrated. */
async function openAsk(page: Page, query = "") {
  await page.goto(`${server.baseUrl}/ai${query}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "提问" }).waitFor();
}

/** The answer of the n-th question (from 1) once it is in. */
const turn = (page: Page, n: number) => page.locator(".tj-ask__turn").nth(n - 1);
const answered = (page: Page, n: number) =>
  turn(page, n).locator(".tj-ask-answer").waitFor({ timeout: 15_000 });

describe("问史 at 375×812", () => {
  it("answers the first question in the first HTML, and without JavaScript", async () => {
    const html = await (
      await fetch(`${server.baseUrl}/ai?q=${encodeURIComponent("李白是谁")}`)
    ).text();
    expect(html).toContain("唐代");
    expect(html).toContain("诗人");
    expect(html).toContain("来源");
    expect(html).toContain("<title>李白是谁 - 问史 - 通鉴</title>");

    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: false,
      locale: "zh-CN",
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/ai`);
    await page.getByLabel("你的问题").fill("岳飞是哪个朝代的");
    await page.getByLabel("你的问题").press("Enter");
    await page.waitForURL(/\/ai\?q=/);
    await expect(turn(page, 1).locator(".tj-ask-answer__text").textContent()).resolves.toContain(
      "南宋",
    );
    // An example is a link that asks it, with or without JavaScript.
    await page.getByRole("link", { name: "唐朝的都城在哪" }).click();
    await page.waitForURL(/\/ai\?q=/);
    await expect(turn(page, 1).locator(".tj-ask-answer__text").textContent()).resolves.toContain(
      "长安",
    );
    await context.close();
  });

  it("asks by typing and by a chip, keeping the conversation on the page", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openAsk(page);
    await page.getByText("答案只来自通鉴收录的资料").waitFor();

    await page.getByLabel("你的问题").fill("唐太宗和魏征是什么关系");
    await page.getByRole("button", { name: "提问" }).click();
    await answered(page, 1);
    await expect(turn(page, 1).locator(".tj-ask__question").textContent()).resolves.toBe(
      "唐太宗和魏征是什么关系",
    );
    const first = turn(page, 1);
    await expect(first.locator(".tj-ask-answer__text").textContent()).resolves.toContain("谏臣");
    await expect(first.getByRole("group", { name: "关系链" }).textContent()).resolves.toBe(
      "李世民—谏臣→魏征",
    );
    await expect(first.locator(".tj-ask-answer__sources").textContent()).resolves.toBe(
      "来源：李世民、魏征",
    );
    // The box is emptied for the next question.
    await expect(page.getByLabel("你的问题").inputValue()).resolves.toBe("");

    await page.getByRole("link", { name: "岳飞是哪个朝代的" }).click();
    await answered(page, 2);
    await expect(turn(page, 2).locator(".tj-ask-answer__text").textContent()).resolves.toContain(
      "南宋",
    );
    // Follow-ups are asked in place: the address and the first answer stay.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/ai");
    await expect(page.locator(".tj-ask__turn").count()).resolves.toBe(2);

    await page.getByLabel("你的问题").fill("曹操和诸葛亮是什么关系");
    await page.getByLabel("你的问题").press("Enter");
    await answered(page, 3);
    const chain = (await turn(page, 3).getByRole("group", { name: "关系链" }).textContent()) ?? "";
    expect(chain.startsWith("曹操")).toBe(true);
    expect(chain.endsWith("诸葛亮")).toBe(true);
    await screenshot(page, { path: `${SHOTS}/ask-conversation.png`, fullPage: true });
    await context.close();
  });

  it("opens a named entry's summary from the answer, and the entry from 来源", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openAsk(page, `?q=${encodeURIComponent("唐太宗和魏征是什么关系")}`);
    await answered(page, 1);
    const text = turn(page, 1).locator(".tj-ask-answer__text");
    await expect(text.getByRole("link", { name: "魏征" }).getAttribute("href")).resolves.toBe(
      `/detail/${WEI_ZHENG}`,
    );
    await text.getByRole("link", { name: "魏征" }).click();
    const popup = page.locator(".tj-detail-popup[data-state=success]");
    await popup.waitFor();
    await expect(popup.locator(".tj-detail-popup__title").textContent()).resolves.toBe("魏征");
    expect(new URL(page.url()).pathname).toBe("/ai");
    // The pop-up fades in; the picture is taken once it has.
    await page.waitForTimeout(400);
    await screenshot(page, { path: `${SHOTS}/ask-popup.png` });
    await page.getByRole("button", { name: "关闭" }).click();
    await popup.waitFor({ state: "detached" });

    await turn(page, 1)
      .locator(".tj-ask-answer__sources")
      .getByRole("link", { name: "李世民" })
      .click();
    await page.waitForURL(`${server.baseUrl}/detail/${LI_SHIMIN}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("李世民");
    await context.close();
  });

  it("says 没有找到 and offers search results when the corpus has no answer", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openAsk(page);
    await page.getByLabel("你的问题").fill("李白喜欢吃什么");
    await page.getByRole("button", { name: "提问" }).click();
    await answered(page, 1);
    const answer = turn(page, 1);
    await expect(answer.locator(".tj-ask-answer__badge").textContent()).resolves.toBe("没有找到");
    await expect(answer.locator(".tj-ask-answer__text").textContent()).resolves.toContain("不知道");
    const results = answer.getByRole("region", { name: "搜索结果" });
    await expect(results.locator("li strong").first().textContent()).resolves.toBe("李白");
    const all = results.getByRole("link", { name: "在搜索中查看「李白」的全部结果" });
    await expect(all.getAttribute("href")).resolves.toBe(`/search?q=${encodeURIComponent("李白")}`);
    await screenshot(page, { path: `${SHOTS}/ask-not-found.png`, fullPage: true });
    await all.click();
    await page.waitForURL(/\/search\?q=/);
    await expect(page.locator(".tj-search__entries li strong").first().textContent()).resolves.toBe(
      "李白",
    );
    await context.close();
  });

  it("asks back which one is meant, and answers the one chosen", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // 魏 is 曹魏, 北魏, 东魏 and 西魏.
    await openAsk(page, `?q=${encodeURIComponent("魏的开国皇帝是谁")}`);
    await answered(page, 1);
    const choices = turn(page, 1).getByRole("list", { name: "你问的是哪一个" });
    await choices.getByRole("link", { name: /^曹魏/ }).click();
    await answered(page, 2);
    await expect(turn(page, 2).locator(".tj-ask__question").textContent()).resolves.toBe(
      "曹魏的开国皇帝是谁",
    );
    await expect(turn(page, 2).locator(".tj-ask-answer__text").textContent()).resolves.toContain(
      "曹丕",
    );
    await context.close();
  });

  it("shows the loading state, and an error with 重试 that asks again", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openAsk(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/ai/ask", async (route) => {
      await held;
      await route.abort("failed");
    });
    await page.getByLabel("你的问题").fill("李白是哪里人");
    await page.getByRole("button", { name: "提问" }).click();
    await turn(page, 1).getByRole("status").waitFor();
    await expect(turn(page, 1).getByRole("status").textContent()).resolves.toContain(
      "正在翻检资料",
    );
    release();
    const error = turn(page, 1).getByRole("alert");
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain("没有拿到回答");
    await page.unroute("**/api/ai/ask");
    await error.getByRole("button", { name: "重试" }).click();
    await answered(page, 1);
    await expect(turn(page, 1).locator(".tj-ask-answer__text").textContent()).resolves.toContain(
      "绵州",
    );
    await context.close();
  });

  it("keeps the page's first-load JavaScript within the budget", async () => {
    const context = await phoneContext(browser);
    const kb = await firstLoadJsKb(
      context,
      `${server.baseUrl}/ai?q=${encodeURIComponent("李白是谁")}`,
    );
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    await context.close();
  });
});
