import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createAlipayChannel } from "./providers/alipay/alipay-channel.ts";
import {
  DEFAULT_APP_DOWNLOADS,
  parseTrustProxy,
  readServerConfig,
  resolveWebConcurrency,
} from "./server-config.ts";
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

describe("TRUST_PROXY", () => {
  it("believes only a proxy on the loopback address unless set", () => {
    expect(readServerConfig({}).trustProxy).toBe("loopback");
    expect(readServerConfig({ TRUST_PROXY: " " }).trustProxy).toBe("loopback");
    expect(parseTrustProxy(undefined)).toBe("loopback");
  });

  it("takes true, false, a hop count or addresses", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("10.0.0.0/8,::1")).toBe("10.0.0.0/8,::1");
    const twoHops = parseTrustProxy("2");
    if (typeof twoHops !== "function") throw new Error("a hop count is a function");
    expect([0, 1, 2].map((hop) => twoHops("203.0.113.9", hop))).toEqual([true, true, false]);
  });

  it("takes the client address from X-Forwarded-For only when a loopback proxy sent it", async () => {
    const app = Fastify({ trustProxy: readServerConfig({}).trustProxy });
    app.get("/ip", async (request) => request.ip);
    try {
      const ip = async (remoteAddress: string) =>
        (
          await app.inject({
            url: "/ip",
            remoteAddress,
            headers: { "x-forwarded-for": "198.51.100.7" },
          })
        ).body;
      expect(await ip("127.0.0.1")).toBe("198.51.100.7");
      expect(await ip("::1")).toBe("198.51.100.7");
      expect(await ip("::ffff:127.0.0.1")).toBe("198.51.100.7");
      expect(await ip("203.0.113.9")).toBe("203.0.113.9");
      expect(await ip("2001:db8::9")).toBe("2001:db8::9");
    } finally {
      await app.close();
    }
  });
});

describe("PASSWORD_SCRYPT_N", () => {
  it("keeps the recommended cost unless set, and allows a lower one only in a test run", () => {
    expect(readServerConfig({ NODE_ENV: "production" }).auth.passwordScryptN).toBeUndefined();
    expect(
      readServerConfig({ NODE_ENV: "production", PASSWORD_SCRYPT_N: "65536" }).auth.passwordScryptN,
    ).toBe(65536);
    expect(
      readServerConfig({ NODE_ENV: "test", PASSWORD_SCRYPT_N: "1024" }).auth.passwordScryptN,
    ).toBe(1024);
    for (const NODE_ENV of ["production", "development"])
      expect(() => readServerConfig({ NODE_ENV, PASSWORD_SCRYPT_N: "1024" })).toThrow(
        /配置无效：PASSWORD_SCRYPT_N 不得小于 32768/,
      );
  });

  it.each(["1000", "0", "-2", "many"])("rejects %s with a clear message", (value) => {
    expect(() => readServerConfig({ NODE_ENV: "test", PASSWORD_SCRYPT_N: value })).toThrow(
      /配置无效：PASSWORD_SCRYPT_N/,
    );
  });
});

describe("Alipay settings", () => {
  const keys = () =>
    generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });

  it("is off until the app, keys and seller are all set", () => {
    const config = readServerConfig({});
    expect(config.alipay).toEqual({
      gateway: "https://openapi.alipay.com/gateway.do",
      appId: undefined,
      privateKey: undefined,
      alipayPublicKey: undefined,
      sellerId: undefined,
      notifyUrl: undefined,
    });
    expect(createAlipayChannel(config.alipay).configured).toBe(false);
    const app = keys();
    const alipay = keys();
    const partial = readServerConfig({
      ALIPAY_APP_ID: "2021004143670001",
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
    });
    expect(createAlipayChannel(partial.alipay).configured).toBe(false);
    const full = readServerConfig({
      ALIPAY_GATEWAY: "http://127.0.0.1:4020/gateway.do",
      ALIPAY_APP_ID: " 2021004143670001 ",
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_SELLER_ID: "2088721043670001",
      PUBLIC_ORIGIN: "https://h5.example.cn/",
    });
    expect(full.alipay).toMatchObject({
      gateway: "http://127.0.0.1:4020/gateway.do",
      appId: "2021004143670001",
      sellerId: "2088721043670001",
      notifyUrl: "https://h5.example.cn/api/pay/notify/alipay",
    });
    // Keys are kept as PKCS#8 / SPKI PEM whatever form they came in.
    expect(full.alipay.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(createAlipayChannel(full.alipay)).toMatchObject({
      configured: true,
      merchantId: "2088721043670001",
      appId: "2021004143670001",
    });
  });

  it("reads keys from files, one-line base64 and escaped newlines", () => {
    const dir = mkdtempSync(join(tmpdir(), "alipay-keys-"));
    const app = keys();
    const alipay = keys();
    writeFileSync(join(dir, "app.pem"), app.privateKey);
    const base64 = alipay.publicKey
      .split("\n")
      .filter((line) => line && !line.startsWith("-----"))
      .join("");
    const config = readServerConfig({
      ALIPAY_PRIVATE_KEY_FILE: join(dir, "app.pem"),
      ALIPAY_PUBLIC_KEY: base64,
      ALIPAY_NOTIFY_URL: "https://pay.example.cn/api/pay/notify/alipay",
    });
    expect(config.alipay.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(config.alipay.alipayPublicKey).toBe(alipay.publicKey);
    expect(config.alipay.notifyUrl).toBe("https://pay.example.cn/api/pay/notify/alipay");
    const escaped = readServerConfig({
      ALIPAY_PRIVATE_KEY: app.privateKey.replaceAll("\n", "\\n"),
    });
    expect(escaped.alipay.privateKey).toBe(config.alipay.privateKey);
  });

  it("refuses a key that is not an RSA key, or a key file that is not there", () => {
    expect(() => readServerConfig({ ALIPAY_PRIVATE_KEY: "not a key" })).toThrow(
      /配置无效：ALIPAY_PRIVATE_KEY/,
    );
    expect(() => readServerConfig({ ALIPAY_PUBLIC_KEY: "bm90IGEga2V5" })).toThrow(
      /配置无效：ALIPAY_PUBLIC_KEY/,
    );
    expect(() =>
      readServerConfig({ ALIPAY_PUBLIC_KEY_FILE: "/nonexistent/alipay-public.pem" }),
    ).toThrow(/配置无效：ALIPAY_PUBLIC_KEY_FILE/);
    expect(() => readServerConfig({ ALIPAY_GATEWAY: "openapi.alipay.com" })).toThrow(
      /配置无效：ALIPAY_GATEWAY/,
    );
  });
});
