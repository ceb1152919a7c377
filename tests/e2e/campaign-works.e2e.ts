import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeProblems, clippedText, report, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import { screenshot } from "../support/screenshots.ts";
import { sharedServer } from "../support/shared-server.ts";
import { registerInBrowser } from "../support/sign-in.ts";

// Issue 22's work collections (decision 46) in the browser at phone size on the shared server:
// a reader uploads a picture and submits a work to 作品征集 from its dialog route and sees it in
// review; an admin (made with npm run account:role on the shared server's database) approves it
// from the queue on the page; it is listed; another reader likes it once.

const SHOTS = "test-results/screenshots/campaign-works";
const PASSWORD = "考古发掘只为求其真知";
const run = promisify(execFile);

let browser: Browser;
const contexts: BrowserContext[] = [];
const { baseUrl, sqlitePath } = sharedServer();
const at = (path: string) => `${baseUrl}${path}`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

/** A new reader at phone size, registered and back on `path`. */
async function reader(path: string): Promise<{ page: Page; phone: string }> {
  const context = await phoneContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  const phone = await registerInBrowser(page, baseUrl, { password: PASSWORD, redirect: path });
  await hydrated(page);
  return { page, phone };
}

/** axe, 44 px targets and nothing cut off sideways. */
async function accessible(page: Page, name: string) {
  // A page reached inside the app fades in: check it once nothing around it is see-through.
  await page.waitForFunction(() => {
    for (let el = document.querySelector("main"); el; el = el.parentElement)
      if (getComputedStyle(el).opacity !== "1") return false;
    return true;
  });
  const problems = [
    ...(await axeProblems(page)),
    ...(await smallTargets(page)),
    ...(await clippedText(page)),
  ];
  expect(problems, `${name}${report(problems)}`).toEqual([]);
}

describe("work collections", () => {
  let workId = "";
  /** The pages of the author, the admin and the reader who likes, kept for 文史奖励. */
  let author: Page | undefined;
  let admin: Page | undefined;
  let liker: Page | undefined;
  const title = `晨光里的古城墙 ${Date.now() % 100000}`;

  it("a reader submits a work with a picture and sees it in review", async () => {
    const { page } = await reader("/workcollection/dialog");
    author = page;
    await page.getByRole("dialog", { name: "上传我的作品" }).waitFor();
    await accessible(page, "作品征集：投稿对话");
    const picture = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 150, g: 110, b: 70 } },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: "reader", Copyright: "somewhere" } })
      .toBuffer();
    await page
      .getByTestId("work-image-input")
      .setInputFiles({ name: "wall.jpg", mimeType: "image/jpeg", buffer: picture });
    await page.getByLabel("作品标题").fill(title);
    await page.getByLabel(/作品说明/).fill("清晨登上城墙，垛口的影子一格一格落在砖上。");
    const submit = page.getByRole("button", { name: "提交投稿" });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await page.waitForURL(/\/workcollection\/detail\?id=[0-9a-f]{24}$/);
    workId = new URL(page.url()).searchParams.get("id") as string;
    const detail = page.getByTestId("work-detail");
    await detail.getByRole("heading", { name: title }).waitFor();
    await detail.getByText("审核中").waitFor();
    await detail.getByText("这件作品正在审核，目前只有你能看到。").waitFor();
    await detail.getByRole("img", { name: `${title} 第 1 张图` }).waitFor();
    await hydrated(page);
    await accessible(page, "作品详情（审核中）");
    await screenshot(page, { path: `${SHOTS}/pending.png` });

    await page.goto(at("/workcollection"));
    await page
      .getByTestId("my-works")
      .locator(`[data-work-id="${workId}"]`)
      .getByText("审核中")
      .waitFor();
    expect(
      await page.locator(`[data-testid="works-list"] [data-work-id="${workId}"]`).count(),
    ).toBe(0);
  });

  it("an admin approves it from the queue and it is listed", async () => {
    expect(workId).not.toBe("");
    if (!sqlitePath) throw new Error("the shared server's database is unknown");
    const { page, phone } = await reader("/workcollection");
    admin = page;
    expect(await page.getByTestId("works-moderation").count()).toBe(0);
    await run(
      process.execPath,
      ["--import", "tsx", "tools/account-role.ts", "--phone", phone, "--role", "admin"],
      { env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "", REDIS_URL: "" } },
    );
    // Sessions read the role anew within seconds.
    const item = page.locator(`[data-testid="works-moderation"] [data-work-id="${workId}"]`);
    await expect
      .poll(
        async () => {
          await page.goto(at("/workcollection"));
          return item.count();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(1);
    await hydrated(page);
    await accessible(page, "作品征集（管理员）");
    await item.getByRole("button", { name: "通过", exact: true }).click();
    await item.waitFor({ state: "detached" });
    await page.locator(`[data-testid="works-list"] [data-work-id="${workId}"]`).waitFor();
  });

  it("another reader finds it in the list and likes it once", async () => {
    expect(workId).not.toBe("");
    const { page } = await reader("/workcollection?order=newest");
    liker = page;
    const card = page.locator(`[data-testid="works-list"] [data-work-id="${workId}"]`);
    await card.getByText(title).click();
    await page.waitForURL(/\/workcollection\/detail\?id=/);
    await hydrated(page);
    const like = page.getByTestId("work-like");
    await expect.poll(() => like.textContent()).toContain("点赞0");
    await like.click();
    await expect.poll(() => like.textContent()).toContain("已点赞1");
    expect(await like.isDisabled()).toBe(true);
    await accessible(page, "作品详情（已点赞）");
    await screenshot(page, { path: `${SHOTS}/liked.png` });
    // The server keeps the one like: again from the API, and after a reload.
    const again = await page.evaluate(async (url) => {
      const token = (await (await fetch("/api/auth/csrf")).json()).data.token as string;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": token },
        body: "{}",
      });
      return (await res.json()).data;
    }, `/api/m/works/workcollection/${workId}/like`);
    expect(again).toEqual({ liked: true, likes: 1 });
    await page.reload();
    await expect.poll(() => page.getByTestId("work-like").textContent()).toContain("已点赞1");
  });

  it("文史奖励: an essay approved shows on its page, its share card and the data page", async () => {
    if (!author || !admin || !liker) throw new Error("the earlier steps did not run");
    const essayTitle = `史书里的一个小人物 ${Date.now() % 100000}`;
    await author.goto(at("/wenshireward"));
    await hydrated(author);
    await author.getByRole("button", { name: "我要投稿" }).click();
    await author.getByLabel("征文标题").fill(essayTitle);
    await author
      .getByLabel("正文")
      .fill("《资治通鉴》写到的许多人只留下一个名字，一件事。".repeat(6));
    await author.getByRole("button", { name: "提交投稿" }).click();
    await author.waitForURL(/\/wenshireward\/detail\?id=[0-9a-f]{24}$/);
    const essayId = new URL(author.url()).searchParams.get("id") as string;

    const item = admin.locator(`[data-testid="works-moderation"] [data-work-id="${essayId}"]`);
    await admin.goto(at("/wenshireward"));
    await hydrated(admin);
    await item.getByRole("button", { name: "通过", exact: true }).click();
    await item.waitFor({ state: "detached" });

    await liker.goto(at(`/wenshireward/detail?id=${essayId}`));
    await hydrated(liker);
    await liker.getByTestId("work-like").click();
    await expect.poll(() => liker?.getByTestId("work-like").textContent()).toContain("已点赞1");
    await liker.getByRole("link", { name: "分享作品" }).click();
    await liker.waitForURL(/\/wenshireward\/share\?id=/);
    await liker.getByTestId("work-share-card").getByText(essayTitle).waitFor();
    await hydrated(liker);
    await accessible(liker, "奖励分享");

    await liker.goto(at("/wenshireward/data"));
    await liker.getByTestId("works-top").getByText(essayTitle).waitFor();
    await liker.locator('[data-testid="works-chart"][data-state="ready"]').waitFor();
    await accessible(liker, "奖励数据（有数据）");
    await screenshot(liker, { path: `${SHOTS}/data.png`, fullPage: true });
  });
});
