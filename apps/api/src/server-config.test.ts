import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { DEFAULT_APP_DOWNLOADS, readServerConfig, resolveWebConcurrency } from "./server-config.ts";
import { createTestApp } from "./test-app.ts";

describe("server settings for the download page and WeChat's open tag", () => {
  it("has store links by default and takes configured ones", () => {
    expect(readServerConfig({}).appDownloads).toEqual(DEFAULT_APP_DOWNLOADS);
    const config = readServerConfig({
      APP_IOS_DOWNLOAD_URL: "https://apps.apple.com/cn/app/id123/",
      APP_ANDROID_DOWNLOAD_URL: "https://dl.example.cn/tongjian.apk",
      WECHAT_OPEN_APP_ID: " wx0123456789abcdef ",
      WECHAT_JSSDK_URL: "https://res.wx.qq.com/open/js/jweixin-1.6.0.js",
    });
    expect(config.appDownloads).toEqual({
      ios: "https://apps.apple.com/cn/app/id123",
      android: "https://dl.example.cn/tongjian.apk",
    });
    expect(config.wechat.openAppId).toBe("wx0123456789abcdef");
    expect(config.wechat.jsSdkUrl).toBe("https://res.wx.qq.com/open/js/jweixin-1.6.0.js");
    expect(readServerConfig({}).wechat).toMatchObject({
      openAppId: undefined,
      jsSdkUrl: undefined,
    });
  });

  it("refuses a download link that is not a URL", () => {
    expect(() => readServerConfig({ APP_IOS_DOWNLOAD_URL: "App Store" })).toThrow(/配置无效/);
  });

  it("lets the page load the JS-SDK from its configured origin and no other", async () => {
    const csp = async (env: Record<string, string>) => {
      const t = await createTestApp({}, env);
      try {
        const res = await t.app.inject({ url: "/healthz" });
        return String(res.headers["content-security-policy"]);
      } finally {
        await t.close();
      }
    };
    const withSdk = await csp({
      WECHAT_JSSDK_URL: "https://res.wx.qq.com/open/js/jweixin-1.6.0.js",
    });
    expect(withSdk).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/res\.wx\.qq\.com(;|$)/);
    expect(await csp({})).not.toContain("res.wx.qq.com");
  });
});

describe("WEB_CONCURRENCY", () => {
  it("runs one worker per CPU in production and one process otherwise", () => {
    expect(resolveWebConcurrency(undefined, true, 4)).toBe(4);
    expect(resolveWebConcurrency(undefined, false, 4)).toBe(1);
    expect(resolveWebConcurrency(undefined, true, 0)).toBe(1);
    expect(resolveWebConcurrency(3, false, 8)).toBe(3);
  });

  it("reads a positive whole number from the environment", () => {
    expect(readServerConfig({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(readServerConfig({ WEB_CONCURRENCY: " 2 " }).webConcurrency).toBe(2);
    expect(readServerConfig({ WEB_CONCURRENCY: "", NODE_ENV: "production" }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(readServerConfig({ NODE_ENV: "development" }).webConcurrency).toBe(1);
  });

  it.each(["0", "-1", "1.5", "many", "65"])("rejects %s with a clear message", (value) => {
    expect(() => readServerConfig({ WEB_CONCURRENCY: value })).toThrow(/配置无效：WEB_CONCURRENCY/);
  });
});
