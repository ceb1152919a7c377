import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sampleId } from "@tongjian/content/community-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import {
  appToken,
  fakeNativeHostScript,
  TEST_APP_TOKEN_SECRET,
} from "../support/fake-native-host.ts";
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJsKb } from "../support/page-weight.ts";
import { screenshot } from "../support/screenshots.ts";
import { fillCodeAndPassword } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// Issue 16, community: a reader signs in, joins a circle, posts with a #话题# and an image, sees
// the post in the circle and on its topic, comments and likes; another reader reports it; an
// admin hides it from the moderation queue; a post that fails to send keeps its draft. The
// server runs on the real content (its sample circles) with the SMS simulator; its database file
// is ours, so that `npm run account:role` can make the admin.

const TANG = sampleId("circle", "tang-shi-yan-du");
const PASSWORD = "读史使人明智鉴往知来";
const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let sqlitePath: string;

beforeAll(async () => {
  sqlitePath = join(mkdtempSync(join(tmpdir(), "tj-community-e2e-")), "tongjian.sqlite");
  server = await startServer({
    contentDir: "content",
    env: {
      SMS_PROVIDER: "simulator",
      SQLITE_PATH: sqlitePath,
      APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET,
      PAGE_CACHE_TTL_MS: "60000",
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const newPhone = () => `135${String(randomInt(0, 10 ** 8)).padStart(8, "0")}`;

async function sentCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url(`/api/dev/sms/outbox?phone=${phone}`));
    if (res.status === 200) return (await res.json()).data.code as string;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** 注册 on /login, as the accounts journey does; the page goes back where it was sent from. */
async function register(page: Page, phone: string) {
  await page.getByRole("button", { name: "注册" }).click();
  await fillCodeAndPassword(page, { phone, code: () => sentCode(phone), password: PASSWORD });
  await page.getByRole("button", { name: "注册并登录" }).click();
}

async function signedInReader(
  path: string,
): Promise<{ context: BrowserContext; page: Page; phone: string }> {
  const context = await phoneContext(browser, UA.iosSafari);
  const page = await context.newPage();
  const phone = newPhone();
  await page.goto(url(`/login?redirect=${encodeURIComponent(path)}`));
  await register(page, phone);
  await page.waitForURL(url(path));
  return { context, page, phone };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

/** First-load JavaScript of a path in a fresh phone context (tests/support/page-weight.ts). */
async function pageWeight(path: string): Promise<number> {
  const context = await phoneContext(browser, UA.iosSafari);
  try {
    return await firstLoadJsKb(context, url(path));
  } finally {
    await context.close();
  }
}

describe("community at 375×812", () => {
  let postPath = "";
  let topic = "";

  it("keeps first-load JavaScript within 125 KB on the community pages", async () => {
    const posts = await (
      await fetch(url(`/api/m/social/community/v1/n/posts?circleId=${TANG}`))
    ).json();
    const samplePost = `/community/detail?id=${posts.data.list[0].id}`;
    for (const path of ["/group/entry", `/group/share?circleId=${TANG}`, samplePost]) {
      const kb = await pageWeight(path);
      console.info(`first-load JS of ${path}: ${kb.toFixed(1)} KB gzip`);
      expect(kb, path).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB);
    }
  });

  it("signs in to join, posts with a topic and an image, sees it in the circle and on the topic, comments and likes", async () => {
    const context = await phoneContext(browser, UA.iosSafari);
    const page = await context.newPage();
    await page.goto(url("/group/entry"));
    await hydrated(page);
    await page.getByRole("heading", { name: "推荐圈子" }).waitFor();
    // Not signed in: 加入 goes to /login and comes back.
    await page.getByRole("button", { name: "加入唐诗研读" }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get("need")).toBe("user");
    await register(page, newPhone());
    await page.waitForURL(url("/group/entry"));
    await hydrated(page);
    await page.getByRole("button", { name: "加入唐诗研读" }).click();
    await page.getByRole("button", { name: "已加入唐诗研读，点按退出" }).waitFor();
    await page.getByRole("heading", { name: "我的圈子" }).waitFor();

    // The circle's page: 发帖 opens the composer.
    await page.goto(url(`/group/share?circleId=${TANG}`));
    await hydrated(page);
    await page.getByRole("button", { name: "发帖" }).click();
    await page.waitForURL(url(`/community/send?circleId=${TANG}`));
    await hydrated(page);
    topic = `杜诗新读${randomInt(0, 10 ** 6)}`;
    await page
      .getByLabel("发到「唐诗研读」")
      .fill(`今天重读《春望》，#${topic}# 与大家分享<script>alert(1)</script>`);
    await page.getByText(`话题：#${topic}#`).waitFor();
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 140, g: 47, b: 30 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId("image-input")
      .setInputFiles({ name: "chun-wang.png", mimeType: "image/png", buffer: png });
    await page.locator(".tj-composer__image--done").waitFor();
    await screenshot(page, { path: "test-results/screenshots/community-composer.png" });
    await page.getByRole("button", { name: "发布" }).click();
    await page.waitForURL(/\/community\/detail\?id=[0-9a-f]{24}$/);
    postPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await hydrated(page);
    const body = page.locator(".tj-post-page__post .tj-post-body");
    await expect(body.textContent()).resolves.toBe(`今天重读《春望》，#${topic}# 与大家分享`);
    await page.locator(".tj-post-page__post .tj-image-grid img").waitFor();
    // The image is served re-encoded.
    const src = await page.locator(".tj-post-page__post .tj-image-grid img").getAttribute("src");
    const image = await context.request.get(url(src ?? ""));
    expect(image.headers()["content-type"]).toBe("image/jpeg");

    // Comment and like.
    await page.getByLabel("写评论").fill("补充一句：此诗作于至德二载。");
    await page.getByRole("button", { name: "发表评论" }).click();
    await page.locator(".tj-comment").getByText("补充一句：此诗作于至德二载。").waitFor();
    await page.getByRole("heading", { name: "评论 1" }).waitFor();
    await page.getByRole("button", { name: "点赞" }).click();
    await page.getByRole("button", { name: "取消点赞" }).waitFor();
    await screenshot(page, { path: "test-results/screenshots/community-post.png" });

    // In the circle, first; then its topic link lists it.
    await page.goto(url(`/group/share?circleId=${TANG}`));
    await hydrated(page);
    const first = page.locator(".tj-post-card").first();
    await expect(first.getAttribute("data-post-id")).resolves.toBe(
      new URL(url(postPath)).searchParams.get("id"),
    );
    await first.getByRole("link", { name: `#${topic}#` }).click();
    await page.waitForURL(/\/community\/topic\?name=/);
    await page.getByRole("heading", { name: `#${topic}#` }).waitFor();
    await expect(page.locator(".tj-post-card").count()).resolves.toBe(1);

    // And on the reader's own page, under 我的帖子, linking back to the post.
    await page.goto(url("/my"));
    const mine = page.locator('[data-slot="posts"]');
    await mine.getByRole("heading", { name: "我的帖子" }).waitFor();
    const item = mine.getByRole("link", { name: /今天重读《春望》/ });
    await expect(item.getAttribute("href")).resolves.toBe(postPath);
    await expect(mine.textContent()).resolves.toContain("唐诗研读");
    await context.close();
  });

  it("another reader reports the post; an admin hides it from the moderation queue", async () => {
    expect(postPath).not.toBe("");
    const reporter = await signedInReader(postPath);
    await hydrated(reporter.page);
    await reporter.page.getByRole("button", { name: "举报" }).click();
    await reporter.page.getByRole("button", { name: "垃圾广告" }).click();
    await reporter.page.getByRole("button", { name: "提交举报" }).click();
    await reporter.page.getByText("举报已提交，管理员会尽快处理").waitFor();
    await reporter.context.close();

    // A reader who is no admin is refused the queue.
    const moderator = await signedInReader("/community/moderation");
    await moderator.page.getByText("只有管理员可以查看审核队列").waitFor();
    await run(
      process.execPath,
      ["--import", "tsx", "tools/account-role.ts", "--phone", moderator.phone, "--role", "admin"],
      {
        env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: "" },
      },
    );
    // Sessions read the role anew within seconds.
    const id = new URL(url(postPath)).searchParams.get("id") as string;
    await expect
      .poll(
        async () => {
          await moderator.page.goto(url("/community/moderation"));
          return moderator.page.locator(`[data-post-id="${id}"]`).count();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(1);
    await hydrated(moderator.page);
    const item = moderator.page.locator(`[data-post-id="${id}"]`);
    await item.getByText("待处理举报 1（垃圾广告 1）").waitFor();
    await screenshot(moderator.page, { path: "test-results/screenshots/community-moderation.png" });
    await item.getByRole("button", { name: "隐藏" }).click();
    await item.waitFor({ state: "detached" });
    await moderator.page.getByText("没有待处理的举报").waitFor();
    await moderator.context.close();

    // Gone for everyone else.
    const res = await fetch(url(postPath));
    expect(res.status).toBe(404);
    const list = await (
      await fetch(url(`/api/m/social/community/v1/n/posts?topic=${encodeURIComponent(topic)}`))
    ).json();
    expect(list.data.total).toBe(0);
  });

  it("a post that fails to send keeps its draft on the device", async () => {
    const { context, page } = await signedInReader(`/community/send?circleId=${TANG}`);
    await hydrated(page);
    // The reader is no member yet: joining here opens the composer.
    await page.getByRole("button", { name: "加入唐诗研读" }).click();
    const text = `草稿不能丢 #草稿${randomInt(0, 10 ** 6)}#`;
    await page.getByLabel("发到「唐诗研读」").fill(text);
    // The network fails just as the post goes.
    await page.route("**/api/m/social/community/v1/y/post", (route) =>
      route.abort("internetdisconnected"),
    );
    await page.getByRole("button", { name: "发布" }).click();
    await page.getByText(/草稿已保存在本机/).waitFor();
    await expect(page.getByLabel("发到「唐诗研读」").inputValue()).resolves.toBe(text);
    await page.unroute("**/api/m/social/community/v1/y/post");
    await page.reload();
    await hydrated(page);
    await page.getByText("已恢复上次没有发出的草稿").waitFor();
    await expect(page.getByLabel("发到「唐诗研读」").inputValue()).resolves.toBe(text);
    // Sent now, the draft is gone.
    await page.getByRole("button", { name: "发布" }).click();
    await page.waitForURL(/\/community\/detail\?id=/);
    const left = await page.evaluate(
      (key) => localStorage.getItem(key),
      `tj:community-draft:${TANG}`,
    );
    expect(left).toBeNull();
    await context.close();
  });

  it("inside the app, a post in a list opens in the app's own community page", async () => {
    const context = await phoneContext(browser, UA.appIos("4.11.2"));
    const user = {
      username: "App读者",
      avatar: "",
      userId: `app-${randomInt(0, 10 ** 9)}`,
      phone: newPhone(),
    };
    await context.addInitScript(
      fakeNativeHostScript({ platform: "ios", user: { ...user, bearer: await appToken(user) } }),
    );
    const page = await context.newPage();
    await page.goto(url(`/group/share?circleId=${TANG}`));
    await hydrated(page);
    await page
      .locator(".tj-post-card")
      .first()
      .getByRole("link", { name: /查看全文/ })
      .click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __nativeCalls: { method: string }[] }).__nativeCalls.some(
            (c) => c.method === "communityDetail",
          ),
        ),
      )
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe("/group/share");
    await context.close();
  });
});
