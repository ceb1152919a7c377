import { execFile } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startWeChatSimulator,
  type WeChatSimulator,
} from "../../tools/wechat-simulator/wechat-simulator.ts";
import { axeProblems, clippedText, smallTargets } from "../support/accessibility-rig.ts";
import { launchBrowser, phoneContext } from "../support/browser.ts";
import {
  appToken,
  fakeNativeHostScript,
  TEST_APP_TOKEN_SECRET,
} from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { newPhone, registerInBrowser, sentCode } from "../support/sign-in.ts";
import { type RunningServer, startServer } from "../support/start-server.ts";
import { UA } from "../support/user-agents.ts";

// Issue 19 §4–5 in the browser at phone size: a reader watches a sample video (it plays, with
// captions), reopens it and goes on where they stopped; a broken source shows the retry state;
// they open live sessions in each state, sign up for a reminder, and upload a recording and
// play it back. A reader signed up for a session that is moved to start soon sees the in-site
// reminder and gets the 直播提醒 WeChat message (decision 48); inside the app the reminder is
// handed to the app's own notifications.

const SHOTS = "test-results/screenshots/video-live";
const PASSWORD = "大江东去浪淘尽千古";

const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let dataDir: string;
let wechat: WeChatSimulator;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "tongjian-video-"));
  wechat = await startWeChatSimulator();
  server = await startServer({
    contentDir: "content",
    env: {
      ...wechat.env,
      SMS_PROVIDER: "simulator",
      DATA_DIR: dataDir,
      APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET,
      WECHAT_TEMPLATE_LIVE: "tpl-live",
      // The reminder job runs with the store's jobs: every second here, so a moved session's
      // reminders go out while the test waits.
      ORDER_JOBS_MS: "1000",
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await wechat?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run live:session` against this server's database. */
async function liveSession(...args: string[]) {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "tools/live-session.ts", ...args],
    {
      env: { ...process.env, SQLITE_PATH: server.sqlitePath, DATABASE_URL: "", REDIS_URL: "" },
    },
  );
  return stdout;
}

const at = (path: string) => `${server.baseUrl}${path}`;

async function open(page: Page, path: string) {
  await page.goto(at(path));
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
}

const player = (page: Page) => page.getByTestId("video-player");
const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector("video")?.currentTime ?? -1);

async function playerReady(page: Page) {
  await page.locator('[data-testid="video-player"][data-state="ready"]').waitFor({
    timeout: 30_000,
  });
}

async function play(page: Page) {
  await page.evaluate(async () => {
    const video = document.querySelector("video");
    if (!video) throw new Error("no video");
    video.muted = true;
    await video.play();
  });
}

/** A mono 16-bit WAV of a 440 Hz tone. */
function toneWav(seconds: number, rate = 22_050): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** No serious axe finding and no tap target under 44 px, in the light theme and the dark. */
async function expectAccessible(page: Page, name: string) {
  // After a tap the new page fades in; its colours are its own once the fade is done.
  await page.waitForFunction(
    () => document.querySelector(".tj-page")?.getAttribute("data-transition") === "idle",
  );
  for (const theme of ["light", "dark"]) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    expect(await axeProblems(page), `${name} (${theme})`).toEqual([]);
    expect(await smallTargets(page), `${name} (${theme})`).toEqual([]);
  }
  await page.evaluate(() => {
    delete document.documentElement.dataset.theme;
  });
}

describe("videos, live sessions and recordings", () => {
  it("watches a sample video with captions, reopens it and resumes; a broken source offers a retry", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/watch");
    await expect(page.locator("h1").textContent()).resolves.toBe("视频");
    await expect(page.locator(".tj-video-card").count()).resolves.toBeGreaterThanOrEqual(3);
    await screenshot(page, { path: `${SHOTS}/01-video-list.png` });
    await expectAccessible(page, "/watch");

    await page.locator(".tj-video-card", { hasText: "秦汉大事" }).click();
    await page.waitForURL("**/watch?id=qin-han-da-shi");
    await playerReady(page);
    await expect(page.locator("h1").textContent()).resolves.toBe("秦汉大事");
    await expect(player(page).getByText("示意").count()).resolves.toBe(1);
    // The captions track is there and its cues are loaded.
    await expect(page.locator("video track[kind=captions]").getAttribute("srclang")).resolves.toBe(
      "zh",
    );
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(5);
    const cues = await page.evaluate(() => {
      const track = document.querySelector("video")?.textTracks[0];
      return {
        mode: track?.mode,
        count: track?.cues?.length ?? 0,
        text: (track?.activeCues?.[0] as VTTCue | undefined)?.text,
      };
    });
    expect(cues.mode).toBe("showing");
    expect(cues.count).toBe(7);
    // The title cue can still be showing at the playback position: wait for a narrated one.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.querySelector("video")?.textTracks[0]?.activeCues?.[0] as VTTCue | undefined)
              ?.text,
        ),
      )
      .toMatch(/年，/);
    await page.evaluate(() => document.querySelector("video")?.pause());
    const stoppedAt = Math.floor(await currentTime(page));
    await screenshot(page, { path: `${SHOTS}/02-playing-with-captions.png` });

    // Reopened, it goes on from where the reader stopped (kept on this device).
    await open(page, "/watch?id=qin-han-da-shi");
    await playerReady(page);
    await expect(player(page).textContent()).resolves.toContain(
      `已从上次看到的 00:${String(stoppedAt).padStart(2, "0")} 继续`,
    );
    expect(Math.floor(await currentTime(page))).toBe(stoppedAt);
    await screenshot(page, { path: `${SHOTS}/03-resumed.png` });
    await expectAccessible(page, "/watch?id=");

    // An unknown video is the 404 screen.
    const missing = await page.goto(at("/watch?id=wu-ci-shi-pin"));
    expect(missing?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("抱歉，页面找不到了");

    // Segments that will not load: the retry state, then playing once they load again.
    await page.route("**/media/video/sui-tang-da-shi/*.ts", (route) => route.abort());
    await open(page, "/watch?id=sui-tang-da-shi");
    await page.locator('[data-testid="video-player"][data-state="error"]').waitFor({
      timeout: 30_000,
    });
    await expect(page.getByRole("alert").textContent()).resolves.toContain("视频加载失败");
    await screenshot(page, { path: `${SHOTS}/04-broken-source-retry.png` });
    await expectAccessible(page, "/watch 重试");
    await page.unroute("**/media/video/sui-tang-da-shi/*.ts");
    await page.getByTestId("video-retry").click();
    await playerReady(page);
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    await context.close();
  });

  it("plays through hls.js where the browser has no HLS of its own, and retries a broken source", async () => {
    const context = await phoneContext(browser);
    // A browser like desktop Chrome before native HLS: the playlist type is not playable.
    await context.addInitScript(() => {
      const canPlay = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : canPlay.call(this, type);
      };
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await open(page, "/live");
    // hls.js is loaded only where a video is shown.
    expect(scripts.some((u) => /\/hls\.light-[^/]*\.js$/.test(u))).toBe(false);
    await page.route("**/media/video/ming-qing-da-shi/*.ts", (route) => route.abort());
    await open(page, "/watch?id=ming-qing-da-shi");
    await page.locator('[data-testid="video-player"][data-state="error"]').waitFor({
      timeout: 30_000,
    });
    expect(scripts.some((u) => /\/hls\.light-[^/]*\.js$/.test(u))).toBe(true);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("视频加载失败");
    await page.unroute("**/media/video/ming-qing-da-shi/*.ts");
    await page.getByTestId("video-retry").click();
    await playerReady(page);
    // Media Source, not a src attribute: hls.js is playing it.
    await expect(page.evaluate(() => document.querySelector("video")?.src ?? "")).resolves.toMatch(
      /^blob:/,
    );
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(2);
    const captions = await page.evaluate(
      () => document.querySelector("video")?.textTracks[0]?.cues?.length ?? 0,
    );
    expect(captions).toBe(7);
    await screenshot(page, { path: `${SHOTS}/04b-hls-js-playing.png` });
    await context.close();
  });

  it("opens live sessions in each state and signs up for a reminder after signing in", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, "/live");
    await expect(page.locator("h1").textContent()).resolves.toBe("文史直播");
    const states = await page.locator(".tj-live-card .tj-live-state").allTextContents();
    expect(new Set(states)).toEqual(new Set(["预告", "直播中", "回放"]));
    expect(states[0]).toBe("直播中");
    await screenshot(page, { path: `${SHOTS}/05-live-list.png` });
    await expectAccessible(page, "/live");

    // 直播中: the live stream plays, from the broadcast's moment: a playlist with no end that the
    // player asks for again as it goes, without the video's own captions.
    const streamed: string[] = [];
    page.on("response", async (response) => {
      if (/\/api\/live\/n\/stream\/[a-z0-9-]+\/index\.m3u8$/.test(response.url()))
        streamed.push(await response.text().catch(() => ""));
    });
    await page.locator(".tj-live-card", { hasText: "直播中" }).first().click();
    await page.waitForURL("**/wenshilivedetail/**");
    await playerReady(page);
    await expect(page.locator("main").getAttribute("data-state")).resolves.toBe("直播中");
    await play(page);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    expect(streamed.length).toBeGreaterThan(0);
    expect(streamed[0]).toContain("#EXT-X-MEDIA-SEQUENCE:");
    expect(streamed[0]).not.toContain("#EXT-X-ENDLIST");
    await expect(page.locator("video track").count()).resolves.toBe(0);
    await expect(page.getByTestId("video-player").textContent()).resolves.toContain("直播中");
    await screenshot(page, { path: `${SHOTS}/06-live-on-air.png` });

    // 回放: the replay, and no reminder.
    await open(page, "/live");
    await page.locator(".tj-live-card", { hasText: "回放" }).first().click();
    await playerReady(page);
    await expect(page.locator("main").getAttribute("data-state")).resolves.toBe("回放");
    await expect(page.getByTestId("live-remind").count()).resolves.toBe(0);
    await expect(page.getByText("直播已结束，可观看回放").count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/07-live-replay.png` });
    await expectAccessible(page, "直播：回放");

    // 预告: a countdown, and the reminder asks the reader to sign in first.
    await open(page, "/live");
    await page.locator(".tj-live-card", { hasText: "预告" }).first().click();
    await page.waitForURL("**/wenshilivedetail/**");
    const detail = new URL(page.url()).pathname;
    await page.getByTestId("live-countdown").waitFor();
    const first = await page.locator(".tj-live-countdown__clock").textContent();
    expect(first).toMatch(/^\d+天 \d{2}:\d{2}:\d{2}$/);
    await expect
      .poll(() => page.locator(".tj-live-countdown__clock").textContent(), { timeout: 5000 })
      .not.toBe(first);
    await page.getByRole("button", { name: "登录后预约提醒" }).click();
    await page.waitForURL("**/login?**");
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: detail });
    await page.getByTestId("live-countdown").waitFor();
    await page.getByRole("button", { name: "预约提醒" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("预约成功，开播前 10 分钟会提醒你");
    await expect(page.getByTestId("live-remind").textContent()).resolves.toBe("已预约 · 取消提醒");
    await expect(page.getByTestId("live-remind-state").textContent()).resolves.toBe(
      "提醒状态：待提醒（开播前 10 分钟）",
    );
    await screenshot(page, { path: `${SHOTS}/08-live-coming-reminded.png` });
    await expectAccessible(page, "直播：预告");
    // Still signed up when the page is opened again.
    await open(page, detail);
    await expect(page.getByTestId("live-remind").getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );

    await open(page, "/younglive");
    await expect(page.locator("h1").textContent()).resolves.toBe("少儿直播");
    await expect(page.locator(".tj-live-card").count()).resolves.toBeGreaterThanOrEqual(3);
    await screenshot(page, { path: `${SHOTS}/09-young-live-list.png` });
    await expectAccessible(page, "/younglive");
    await context.close();
  });

  it("uploads a recording with a progress bar and plays it back; a wrong type is refused", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // Signed out, the page asks for a sign-in and comes back.
    await page.goto(at("/audioupload"));
    await page.waitForURL("**/login?**");
    await registerInBrowser(page, server.baseUrl, { password: PASSWORD, redirect: "/audioupload" });
    await page.getByText("还没有上传过录音").waitFor();

    // A slow upload link, so the progress bar is seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByLabel("录音文件").setInputFiles({
      name: "朗读.wav",
      mimeType: "audio/wav",
      buffer: toneWav(30),
    });
    await page.getByLabel("标题（可不填）").fill("朗读《论语·学而》");
    await page.getByTestId("upload-submit").click();
    const bar = page.getByTestId("upload-progress");
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute("value")), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(page, { path: `${SHOTS}/10-upload-progress.png` });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(() => page.getByRole("status").textContent(), { timeout: 30_000 })
      .toBe("「朗读《论语·学而》」已上传，时长 00:30");
    const item = page.getByTestId("recording");
    await expect.poll(() => item.count()).toBe(1);
    await expect(item.textContent()).resolves.toContain("WAV · 00:30");

    // Played back from the server.
    await page.evaluate(async () => {
      const audio = document.querySelector<HTMLAudioElement>(".tj-recording audio");
      if (!audio) throw new Error("no audio");
      audio.muted = true;
      await audio.play();
    });
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.querySelector<HTMLAudioElement>(".tj-recording audio")?.currentTime ?? 0,
          ),
        // Half a second of playing, which a busy machine may take a while to get to.
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0.5);
    await screenshot(page, { path: `${SHOTS}/11-recording-playing.png` });
    await expectAccessible(page, "/audioupload");

    // Not audio, whatever its name says: refused with a Chinese message, nothing listed.
    await page.getByLabel("录音文件").setInputFiles({
      name: "不是录音.mp3",
      mimeType: "audio/mpeg",
      buffer: Buffer.from("这是一段文字，不是声音。".repeat(50)),
    });
    await page.getByTestId("upload-submit").click();
    await expect
      .poll(() => page.getByTestId("upload-error").textContent())
      .toBe("不支持的文件类型，请上传 WAV、MP3、M4A 或 OGG 格式的录音");
    await expect(item.count()).resolves.toBe(1);
    await screenshot(page, { path: `${SHOTS}/12-upload-refused.png` });

    // 200 % zoom of a 375 px phone: nothing on these pages is cut off at 187 px.
    await page.setViewportSize({ width: 187, height: 406 });
    for (const path of [
      "/audioupload",
      "/watch",
      "/watch?id=song-yuan-da-shi",
      "/live",
      "/younglive",
      "/wenshilivedetail/song-yuan-bing-li",
      "/wenshilivedetail/qin-han-yi-tong",
    ]) {
      await open(page, path);
      expect(await clippedText(page), path).toEqual([]);
    }
    await screenshot(page, { path: `${SHOTS}/13-zoomed-live-detail.png` });
    await context.close();
  });
  it("a signed-up reader gets the 直播提醒 in WeChat and the in-site notice when the session is near", async () => {
    const key = "ming-qing-bian-ju";
    const detail = `/wenshilivedetail/${key}`;
    // A phone account in WeChat, bound to the reader's WeChat (its openid), who chose 直播提醒.
    const context = await phoneContext(browser, UA.wechatIos);
    const page = await context.newPage();
    await page.goto(at("/login?method=phone&redirect=%2Fwx"));
    await page.getByRole("tab", { name: "验证码登录" }).click();
    const phone = newPhone();
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await page.getByLabel("验证码", { exact: true }).fill(await sentCode(server.baseUrl, phone));
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await page.waitForURL(at("/wx"));
    await page.getByRole("button", { name: "同步微信资料" }).click();
    await page.getByText("✓ 已同步微信资料：").waitFor({ timeout: 10_000 });
    await open(page, "/subscribe");
    await page.getByRole("checkbox", { name: /直播提醒/ }).check();
    await page.getByRole("button", { name: "保存订阅" }).click();
    await page.getByText("已保存：订阅了 1 项。").waitFor();

    // Signed up for a session six days away: 待提醒, and no notice yet.
    await open(page, detail);
    await page.getByRole("button", { name: "预约提醒" }).click();
    await expect
      .poll(() => page.getByTestId("live-remind-state").textContent())
      .toBe("提醒状态：待提醒（开播前 10 分钟）");
    const asked = page.waitForResponse((r) => r.url().includes("/api/live/y/notices"));
    await open(page, "/live");
    await asked;
    await expect(page.getByTestId("live-notice").count()).resolves.toBe(0);

    // The session is moved to start in five minutes: within the lead time.
    expect(await liveSession("move", key, "+5")).toContain(`直播 ${key} 改为`);
    const openId = wechat.openIdOf("default");
    await expect
      .poll(
        () =>
          wechat
            .sentMessages()
            .filter((m) => m.touser === openId && m.templateId === "tpl-live")
            .map((m) => m.page),
        { timeout: 20_000 },
      )
      .toEqual([detail]);

    // The next page the reader opens shows the notice, linking to the session.
    await open(page, "/watch");
    const notice = page.getByTestId("live-notice");
    await notice.waitFor();
    await expect(notice.locator("p").textContent()).resolves.toBe(
      "你预约的直播《明清：五百年里的变与不变》即将开始 进入直播间",
    );
    await expect(
      notice.getByRole("link", { name: "进入直播间" }).getAttribute("href"),
    ).resolves.toBe(detail);
    await screenshot(page, { path: `${SHOTS}/14-live-reminder-notice.png` });
    await expectAccessible(page, "站内直播提醒");
    // Dismissed, it is not shown again, on this page or the next.
    await notice.getByRole("button", { name: "知道了" }).click();
    await expect(notice.count()).resolves.toBe(0);
    const again = page.waitForResponse((r) => r.url().includes("/api/live/y/notices"));
    await open(page, "/live");
    await again;
    await expect(page.getByTestId("live-notice").count()).resolves.toBe(0);
    await open(page, detail);
    await expect(page.getByTestId("live-remind-state").textContent()).resolves.toBe(
      "提醒状态：已提醒",
    );
    // WeChat got one message only, whatever the job's runs since.
    expect(
      wechat.sentMessages().filter((m) => m.touser === openId && m.templateId === "tpl-live"),
    ).toHaveLength(1);
    await context.close();
  });

  it("inside the app, signing up hands the reminder to the app's own notifications", async () => {
    const context = await phoneContext(browser, UA.appIos("4.20.0"));
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
    const detail = "/wenshilivedetail/shao-er-zao-zhi";
    await page.goto(at(`/login?redirect=${encodeURIComponent(detail)}`));
    await page.waitForURL(at(detail));
    await page.getByRole("button", { name: "预约提醒" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("预约成功，开播前 10 分钟 App 会提醒你");
    const session = await (
      await page.request.get(at("/api/live/n/session/shao-er-zao-zhi"))
    ).json();
    const setReminder = await page.evaluate(
      () =>
        (
          window as unknown as { __nativeCalls: { method: string; params: unknown }[] }
        ).__nativeCalls
          .filter((c) => c.method === "setReminder")
          .at(-1)?.params,
    );
    expect(setReminder).toMatchObject({
      reminders: [],
      url: "/studyrecord",
      once: [
        {
          id: "live:shao-er-zao-zhi",
          at: new Date(Date.parse(session.data.startsAt) - 10 * 60_000).toISOString(),
          title: "直播即将开始",
          body: "你预约的直播《少儿讲堂：纸是怎样造出来的》10 分钟后开播",
          url: "/wenshilivedetail/shao-er-zao-zhi",
        },
      ],
    });
    await context.close();
  });
});
