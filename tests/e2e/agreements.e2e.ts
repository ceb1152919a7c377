import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "@tongjian/db/create-database";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { registerInBrowser, userInfo } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";

// Issue 22's agreements at phone size: the agreements and the lists made from data, the consent
// a registration records, the question after a new version, and a reader's own data: what is
// kept, a download of it, and deleting the account. The server has a database of its own, where
// the test plays the publication of a new version.

const PASSWORD = "以铜为镜可以正衣冠";

let server: RunningServer;
let browser: Browser;
let dataDir: string;
const at = (path: string) => `${server.baseUrl}${path}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "tongjian-agreements-"));
  server = await startServer({
    contentDir: "content",
    env: { SMS_PROVIDER: "simulator", DATA_DIR: dataDir },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The reader's acceptance of the privacy policy becomes one of an older version. */
async function publishNewPrivacyPolicy() {
  const handle = createDatabase({
    databaseUrl: undefined,
    sqlitePath: join(dataDir, "tongjian.sqlite"),
  });
  await handle.db
    .updateTable("agreement_acceptance")
    .set({ version: "0.9" })
    .where("agreement", "=", "personalInformationProtection")
    .execute();
  await handle.close();
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

describe("agreements", () => {
  it("shows each agreement with its version and date, linked to the others, and the lists from data", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at("/agreement/userServices"));
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "用户服务协议" }).waitFor();
    await expect(page.getByTestId("agreement-version").textContent()).resolves.toMatch(
      /^版本 \d+\.\d+ · \d{4} 年 \d{1,2} 月 \d{1,2} 日生效$/,
    );
    const problems = [
      ...(await axeProblems(page)),
      ...(await smallTargets(page)).map((p) => `target: ${p}`),
    ];
    expect(problems, report(problems)).toEqual([]);

    // The link list goes to the privacy policy, whose chapter 八 is the children's rules.
    await page
      .getByRole("navigation", { name: "协议与政策" })
      .getByRole("link", { name: "个人信息保护政策" })
      .click();
    await page.getByRole("heading", { level: 1, name: "个人信息保护政策" }).waitFor();
    await page.getByRole("heading", { name: "八、儿童个人信息保护规则" }).waitFor();

    // The third parties' table, and the collection list made from the personal-data list.
    await page.goto(at("/agreement/thirdPartyInformation"));
    const table = page.getByRole("table");
    await table.getByRole("cell", { name: "微信支付", exact: true }).waitFor();
    await table.getByRole("cell", { name: "支付宝", exact: true }).waitFor();
    await page.goto(at("/agreement/userInfo/list"));
    await page.getByRole("heading", { name: "订单与权益" }).waitFor();
    await page.getByRole("cell", { name: /自交易完成之日起保存三年/ }).waitFor();

    // The audio the product carries is synthesised and CC0; none is CC BY 4.0.
    await page.goto(at("/agreement/soundcopyright/cc0"));
    expect(await page.getByTestId("sound-list").locator("li").count()).toBeGreaterThan(5);
    await page.goto(at("/agreement/soundcopyright/cc4"));
    await page.getByTestId("sound-list-empty").waitFor();
    // The store's agreements are in the same registry.
    await page.goto(at("/buyvip/agreement/pay"));
    await page.getByRole("heading", { level: 1, name: "会员支付协议" }).waitFor();
    await page.getByTestId("agreement-version").waitFor();
    await context.close();
  });

  it("records the consent of a registration, asks again after a new version, exports the reader's data and deletes the account", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(at("/login"));
    await page
      .getByTestId("login-consent")
      .getByRole("link", { name: "《用户服务协议》" })
      .waitFor();
    const phone = await registerInBrowser(page, server.baseUrl, { password: PASSWORD });

    // The registration sent the versions it showed; the server has them.
    const standing = await (await context.request.get(at("/api/user/agreements"))).json();
    expect(standing.data.list.map((s: { state: string }) => s.state)).toEqual([
      "current",
      "current",
    ]);

    // A new version of the privacy policy: the next visit asks, and 同意新版本 records it.
    await publishNewPrivacyPolicy();
    await page.goto(at("/"));
    const dialog = page.getByRole("dialog", { name: "协议已更新" });
    await dialog.getByText(/《个人信息保护政策》版本 1\.0.*你此前同意的是 0\.9/).waitFor();
    await dialog.getByRole("button", { name: "同意新版本" }).click();
    await dialog.waitFor({ state: "detached" });
    const after = await (await context.request.get(at("/api/user/agreements"))).json();
    expect(after.data.pending).toEqual([]);

    await page.goto(at("/agreement/userOwnInfo/home"));
    await hydrated(page);
    await expect(page.getByTestId("own-data-account").textContent()).resolves.toContain(
      phone.slice(-4),
    );
    await page
      .getByTestId("acceptances")
      .getByText(/《用户服务协议》版本 1\.0 · 注册/)
      .waitFor();
    const found = await axeProblems(page);
    expect(found, report(found)).toEqual([]);

    // 下载 JSON 文件: a real file, with the account in it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("export-link").click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^tongjian-personal-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    // The browser may run elsewhere (the run's shared Chromium): the file is copied here.
    const path = join(
      mkdtempSync(join(tmpdir(), "tongjian-export-")),
      download.suggestedFilename(),
    );
    await download.saveAs(path);
    const data = JSON.parse(await readFile(path, "utf8"));
    expect(data.account).toMatchObject({ phone });
    expect(data.account.password_hash).toBeUndefined();
    expect(
      data.sets.find((s: { table: string }) => s.table === "agreement_acceptance").rows,
    ).toHaveLength(3);

    // 注销账号: typed word, the confirm dialog, then signed out with the account gone.
    await page.getByRole("button", { name: "注销账号" }).click();
    await page.getByRole("alert").getByText("请输入“注销”以确认").waitFor();
    await page.getByLabel("输入“注销”以确认").fill("注销");
    await page.getByRole("button", { name: "注销账号" }).click();
    await page.getByRole("button", { name: "确认注销" }).click();
    await page.waitForURL(at("/agreement/userOwnInfo/deleted"));
    await page.getByRole("heading", { name: "账号已注销" }).waitFor();
    expect((await userInfo(server.baseUrl, context)).code).toBe(600);

    // The phone's account is gone: its password no longer signs in.
    const login = await context.request.get(at("/api/auth/csrf"));
    const token = (await login.json()).data.token as string;
    const res = await context.request.post(at("/api/auth"), {
      headers: { "x-csrf-token": token, origin: server.baseUrl },
      data: { type: "password", phone, password: PASSWORD },
    });
    expect(res.status()).toBe(400);
    await context.close();
  });
});
