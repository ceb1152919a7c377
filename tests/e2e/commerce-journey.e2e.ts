import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { contentId } from "@tongjian/content/load-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AlipaySimulator,
  startAlipaySimulator,
} from "../../tools/alipay-simulator/alipay-simulator.ts";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { newPhone, registerInBrowser, sentCode } from "../support/sign-in.ts";
import { findFreePort, type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// Issue 21's journey at phone size, against the WeChat Pay and Alipay simulators (no test
// channel): a reader in WeChat claims a coupon and buys a yearly VIP with it (a cancel keeps the
// order; 继续支付 pays the same one), sees the success page and the article without its mask;
// a reader in a mobile browser buys the 文史天梯 course with Alipay and its paid level opens;
// an admin refunds that order with `npm run order:refund` and the level closes again.

const SHOTS = "test-results/screenshots/commerce-journey";
const PASSWORD = "读史使人明智鉴往知来";
const AN_SHI = `/ah/article/${contentId("article", "an-shi-zhi-luan")}`;
const run = promisify(execFile);

let wechat: WeChatSimulator;
let alipay: AlipaySimulator;
let server: RunningServer;
let browser: Browser;
let dataDir: string;
let serverEnv: Record<string, string>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [wechat, alipay, browser] = await Promise.all([
    startWeChatSimulator({ notifyRetryDelaysMs: [] }),
    startAlipaySimulator(),
    launchBrowser(),
  ]);
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), "tongjian-journey-"));
  serverEnv = {
    ...wechat.env,
    ...alipay.env,
    WECHAT_PAY_NOTIFY_URL: `${origin}/api/pay/notify/wechat`,
    ALIPAY_NOTIFY_URL: `${origin}/api/pay/notify/alipay`,
    SMS_PROVIDER: "simulator",
    DATA_DIR: dataDir,
  };
  server = await startServer({ contentDir: "content", port, env: serverEnv });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([wechat?.close(), alipay?.close(), browser?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

/** What the page shows, for a failure's message. */
async function explain(page: Page, error: unknown): Promise<never> {
  throw new Error(`${String(error)}\n${page.url()}\n${await page.locator("main").textContent()}`);
}

describe("the store's journey", () => {
  let wechatContext: BrowserContext;
  let browserContext: BrowserContext;
  let courseOrder = "";

  afterAll(async () => {
    await wechatContext?.close();
    await browserContext?.close();
  });

  it("in WeChat: claims a coupon, buys a yearly VIP with it, and reads the article unmasked", async () => {
    wechatContext = await phoneContext(browser, UA.wechatIos);
    const page = await wechatContext.newPage();
    // Signed in through WeChat (JSAPI pays with the reader's openid), then with a phone number,
    // which the WeChat reader is bound to.
    await page.goto(at(`/login?redirect=${encodeURIComponent("/my")}`));
    await page.waitForURL(at("/my"));
    await page.goto(at(`/login?need=user&redirect=${encodeURIComponent("/coupon")}`));
    await page.getByText("绑定手机号后").waitFor();
    const phone = newPhone();
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByLabel("验证码", { exact: true }).fill(await sentCode(server.baseUrl, phone));
    await page.getByRole("button", { name: "绑定并继续" }).click();
    await page.waitForURL(at("/coupon"));
    await hydrated(page);
    const card = page.getByTestId("coupon-campaign").filter({ hasText: "年卡立减券" });
    await card.getByRole("button", { name: "领取" }).click();
    await card.getByRole("status").getByText("已领取").waitFor();

    // Before buying, the article is masked for a reader from outside the app.
    await open(page, `${AN_SHI}?isH5=1`);
    await expect(page.getByTestId("article-fold").getAttribute("data-mode")).resolves.toBe(
      "masked",
    );

    const buy = `/buyvip?returnPath=${encodeURIComponent(`${AN_SHI}?isH5=1`)}`;
    await open(page, buy);
    const quote = page.getByTestId("quote");
    // The running discount (¥168.00), then the suggested coupon (−¥20.00): ¥148.00.
    await quote.getByText("¥148.00").first().waitFor();
    await expect(quote.textContent()).resolves.toContain("年卡立减券");
    await expect(page.locator("[data-method]").count()).resolves.toBe(1);
    await page.getByLabel(/我已阅读并同意/).check();
    // The reader's choice at WeChat's pay sheet, read by the simulator's page bridge: cancel.
    await page.waitForFunction(() => "__wxSim" in window);
    await page.evaluate(() => {
      (window as unknown as { __wxSim: { payChoice: string } }).__wxSim.payChoice = "cancel";
    });
    await page.getByRole("button", { name: "立即支付" }).click();
    await page
      .getByText("支付已取消，订单为你保留")
      .waitFor()
      .catch((e) => explain(page, e));
    await screenshot(page, { path: `${SHOTS}/1-cancelled.png` });
    const [first] = await page.evaluate(
      () =>
        (window as unknown as { __wxSim: { payments: { params: { package: string } }[] } }).__wxSim
          .payments,
    );
    expect(first?.params.package).toMatch(/^prepay_id=/);

    await page.evaluate(() => {
      (window as unknown as { __wxSim: { payChoice: string } }).__wxSim.payChoice = "ok";
    });
    await page.getByRole("button", { name: "继续支付" }).click();
    await page.waitForURL(/\/buyvip\/success\?orderNum=TJ/, { timeout: 60_000 });
    await page
      .getByRole("heading", { name: "会员开通成功" })
      .waitFor({ timeout: 60_000 })
      .catch((e) => explain(page, e));
    const orderNum = new URL(page.url()).searchParams.get("orderNum") ?? "";
    // The simulator took one payment of ¥148.00 for this order: the same order paid again.
    expect(wechat.pay.order(orderNum)).toMatchObject({ total: 14800, state: "SUCCESS" });
    await screenshot(page, { path: `${SHOTS}/2-success.png`, fullPage: true });

    await page.getByRole("link", { name: "返回刚才的内容" }).click();
    await page.waitForURL(new RegExp(`${AN_SHI}\\?isH5=1$`));
    await hydrated(page);
    await expect(page.getByTestId("article-fold").getAttribute("data-mode")).resolves.not.toBe(
      "masked",
    );
    await expect(page.getByTestId("open-app-mask").count()).resolves.toBe(0);

    // The order: paid with the coupon, its timeline; the coupon is spent.
    await open(page, `/order/${orderNum}`);
    const events = page.getByTestId("order-events");
    await events.waitFor();
    await expect(events.textContent()).resolves.toMatch(/支付/);
    await page.getByText("已完成").first().waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("-¥20.00");
    await open(page, "/coupon/list/used");
    await page.getByTestId("coupon-grant").filter({ hasText: "年卡立减券" }).waitFor();
    await screenshot(page, { path: `${SHOTS}/3-order.png`, fullPage: true });

    // The member centre: the membership to the second, and the order.
    await open(page, "/buyvip/member");
    await page
      .getByTestId("vip-status")
      .getByText(/会员有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
      .waitFor();
    await expect(page.getByTestId("order-card").count()).resolves.toBe(1);
  });

  it("in a mobile browser: buys the 文史天梯 course with Alipay, and its paid levels open", async () => {
    browserContext = await phoneContext(browser, UA.androidChrome);
    const page = await browserContext.newPage();
    await registerInBrowser(page, server.baseUrl, {
      password: PASSWORD,
      redirect: "/upgradepay?product=course.wenshi-ladder",
    });
    await hydrated(page);
    const quote = page.getByTestId("quote");
    await quote.getByText("¥69.00").first().waitFor();
    await page.locator("[data-method='alipay-wap']").click();
    await page.getByLabel(/我已阅读并同意/).check();
    await page.getByRole("button", { name: "立即支付" }).click();
    // Alipay's cashier (the simulator's), then back to our page, which asks the server.
    await page.waitForURL((url) => url.origin === new URL(alipay.url).origin, { timeout: 60_000 });
    await page.getByRole("button", { name: "确认付款" }).click();
    // Alipay's return address: the order's page, which asks the server for the result.
    await page.waitForURL(/\/order\/detail\?orderNum=TJ/, { timeout: 60_000 });
    await page
      .getByText(/支付成功|购买成功|开通成功|已完成/)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch((e) => explain(page, e));
    await screenshot(page, { path: `${SHOTS}/4-alipay-success.png`, fullPage: true });
    const orders = await page.request.get(at("/api/m/order/list?state=all"));
    const list = (
      (await orders.json()) as { data: { orders: { orderNum: string; state: string }[] } }
    ).data.orders;
    expect(list.map((o) => o.state)).toEqual(["fulfilled"]);
    courseOrder = list[0]?.orderNum ?? "";
    expect(alipay.trade(courseOrder)).toBeTruthy();

    const ladder = await page.request.get(at("/api/ladder/n/ladder/wenshi"));
    expect(ladder.ok()).toBe(true);
    const view = (await ladder.json()) as { data: { learningAccess: boolean } };
    expect(view.data.learningAccess).toBe(true);
  });

  it("an admin refunds the course order; the reader sees 已退款 and the paid levels close", async () => {
    expect(courseOrder).not.toBe("");
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "tools/order-refund.ts", courseOrder, "all", "读者申请退款"],
      { env: { ...process.env, ...serverEnv, DATABASE_URL: "", REDIS_URL: "" } },
    );
    expect(stdout).toContain(courseOrder);
    const page = await browserContext.newPage();
    await expect
      .poll(
        async () => {
          const res = await page.request.get(at(`/api/m/order/detail?orderNum=${courseOrder}`));
          return ((await res.json()) as { data: { state: string } }).data.state;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe("refunded");
    await open(page, `/order/${courseOrder}`);
    await page.getByText("已退款").first().waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("¥69.00");
    await screenshot(page, { path: `${SHOTS}/5-refunded.png`, fullPage: true });
    const ladder = await page.request.get(at("/api/ladder/n/ladder/wenshi"));
    const view = (await ladder.json()) as { data: { learningAccess: boolean } };
    expect(view.data.learningAccess).toBe(false);
  });
});
