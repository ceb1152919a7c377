import { parseAppEnv } from "@tongjian/domain/app-env";
import { describe, expect, it } from "vitest";
import { createBrowserApi } from "./browser-api.ts";
import type { NativeBridge } from "./native-bridge.ts";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WECHAT_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160083 MMWEBSDK/20240301 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";
const APP = (v: string) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 TongjianApp/${v}`;

interface Sent {
  url: string;
  init: RequestInit;
}

function setup(
  ua: string,
  reply: unknown = { code: 200, message: "ok", data: { a: 1 } },
  bridge?: Partial<NativeBridge>,
) {
  const sent: Sent[] = [];
  const csrfFetches: number[] = [];
  const proxied: unknown[] = [];
  const slept: number[] = [];
  let clock = 0;
  const api = createBrowserApi({
    env: parseAppEnv(ua),
    hosts: { default: "", technology: "https://tech.example" },
    bridge: {
      available: bridge?.available ?? false,
      call: (async (method: string, params: unknown) => {
        proxied.push({ method, params });
        return bridge?.call ? bridge.call(method as never, params as never) : null;
      }) as NativeBridge["call"],
    },
    fetchImpl: (async (url: string, init: RequestInit) => {
      if (url.endsWith("/api/auth/csrf")) {
        csrfFetches.push(1);
        return new Response(
          JSON.stringify({ code: 200, data: { token: `tok${csrfFetches.length}` } }),
        );
      }
      sent.push({ url, init });
      clock += 50;
      return new Response(JSON.stringify(reply), { status: 200 });
    }) as typeof fetch,
    sleep: async (ms) => {
      slept.push(ms);
    },
    now: () => clock,
  });
  return { api, sent, proxied, slept, csrfFetches };
}

describe("browser API wrapper", () => {
  it("sends a CSRF token with every POST, fetched once, and none with GETs", async () => {
    const t = setup(SAFARI);
    await t.api.get("/api/x");
    await t.api.post("/api/a", {});
    await t.api.post("/api/b", {});
    const header = (i: number) =>
      (t.sent[i]?.init.headers as Record<string, string> | undefined)?.["x-csrf-token"];
    expect(header(0)).toBeUndefined();
    expect(header(1)).toBe("tok1");
    expect(header(2)).toBe("tok1");
    expect(t.csrfFetches).toHaveLength(1);
  });

  it("fetches a new token and tries once more when the server refuses the token (419)", async () => {
    const t = setup(SAFARI, { code: 419, message: "页面已过期，请刷新后重试", data: null });
    await expect(t.api.post("/api/a", {})).rejects.toMatchObject({ code: 419 });
    expect(t.sent).toHaveLength(2);
    expect((t.sent[1]?.init.headers as Record<string, string> | undefined)?.["x-csrf-token"]).toBe(
      "tok2",
    );
  });

  it("adds language=cn to POST bodies and the terminal header outside the app", async () => {
    const t = setup(WECHAT_ANDROID);
    await t.api.post("/api/social/like/send", { itemId: "x" });
    const sent = t.sent[0];
    expect(JSON.parse(String(sent?.init.body))).toEqual({ itemId: "x", language: "cn" });
    expect((sent?.init.headers as Record<string, string> | undefined)?.["X-APP-TERMINAL-ID"]).toBe(
      "ANDROID_weixin",
    );
  });

  it("sends uploads as they are and uses the technology host when asked", async () => {
    const t = setup(SAFARI);
    const form = new FormData();
    form.set("file", "x");
    await t.api.upload("/api/upload", form, "technology");
    expect(t.sent[0]?.url).toBe("https://tech.example/api/upload");
    expect(t.sent[0]?.init.body).toBe(form);
  });

  it("waits so that every call takes at least 200 ms", async () => {
    const t = setup(SAFARI);
    await t.api.get("/api/x");
    expect(t.slept).toEqual([150]);
  });

  it("resolves 200, 201, 617 and 9009 and rejects 600, 888 and the rest with the message", async () => {
    for (const code of [200, 201, 617, 9009]) {
      await expect(setup(SAFARI, { code, message: "m", data: 1 }).api.get("/a")).resolves.toBe(1);
    }
    for (const code of [600, 888, 500, 404]) {
      await expect(
        setup(SAFARI, { code, message: `错误${code}`, data: null }).api.get("/a"),
      ).rejects.toMatchObject({
        code,
        message: `错误${code}`,
      });
    }
  });

  it("goes through the app's network on iOS 1.5.2+ without the terminal header", async () => {
    const t = setup(APP("1.5.2"), undefined, {
      available: true,
      call: (async () => ({ code: 200, data: { b: 2 } })) as NativeBridge["call"],
    });
    await expect(t.api.post("/api/x", { q: 1 })).resolves.toEqual({ b: 2 });
    expect(t.sent).toHaveLength(0);
    expect(t.proxied).toEqual([
      {
        method: "networkProxy",
        params: { url: "/api/x", type: "POST", parameters: { q: 1, language: "cn" } },
      },
    ]);
  });

  it("rejects a missing proxy response or a code other than 200", async () => {
    const none = setup(APP("4.0.0"), undefined, {
      available: true,
      call: (async () => null) as NativeBridge["call"],
    });
    await expect(none.api.get("/api/x")).rejects.toThrow("无响应");
    const bad = setup(APP("4.0.0"), undefined, {
      available: true,
      call: (async () => ({ code: 617, message: "被拒绝" })) as NativeBridge["call"],
    });
    await expect(bad.api.get("/api/x")).rejects.toThrow("被拒绝");
  });

  it("uses plain HTTP in older apps (iOS below 1.5.2) and sends no terminal header there", async () => {
    const t = setup(APP("1.5.1"), undefined, { available: true });
    await t.api.get("/api/x");
    expect(t.proxied).toHaveLength(0);
    expect(
      (t.sent[0]?.init.headers as Record<string, string> | undefined)?.["X-APP-TERMINAL-ID"],
    ).toBeUndefined();
  });
});
