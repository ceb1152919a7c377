import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client.ts";
import { sharePayload } from "./share-payload.ts";
import {
  configureWeChat,
  configureWeChatShare,
  ensureWeChatVisitor,
  signedPageUrl,
  type WxSdk,
} from "./wechat.ts";

describe("WeChat share", () => {
  it("builds the share payload with the suffix, a 100-wide description and a 50×50 thumbnail", () => {
    const p = sharePayload({
      title: "贞观之治",
      desc: "长".repeat(80),
      link: "https://h5.example.cn/ah/article/abc#section",
      imgUrl: "/media/cover/abc.svg",
    });
    expect(p.title).toBe("贞观之治 - 通鉴");
    expect(p.link).toBe("https://h5.example.cn/ah/article/abc");
    expect(p.imgUrl).toBe("https://h5.example.cn/media/cover/abc.svg?w=50&h=50");
    expect(p.desc.endsWith("…")).toBe(true);
  });

  it("signs the page URL without its fragment and sets the share data when WeChat is ready", async () => {
    const posted: unknown[] = [];
    const calls: string[] = [];
    const wx: WxSdk = {
      config: (o) => calls.push(`config:${o.appId}:${o.nonceStr}:${o.jsApiList.join(",")}`),
      ready: (fn) => fn(),
      error: () => {},
      updateAppMessageShareData: (d) => calls.push(`app:${d.title}`),
      updateTimelineShareData: (d) => calls.push(`timeline:${d.title}`),
    };
    const api = {
      post: async <T>(path: string, body?: Record<string, unknown>) => {
        posted.push({ path, body });
        return { appId: "wx1", timestamp: "1414587457", noncestr: "n", signature: "s" } as T;
      },
    };
    const payload = sharePayload({
      title: "标题",
      desc: "描述",
      link: "https://h5.example.cn/a",
      imgUrl: "/i.png",
    });
    await configureWeChatShare(api, payload, "https://h5.example.cn/a?x=1#frag", async () => wx);
    expect(posted).toEqual([
      { path: "/api/auth/w1/n/weixin/vipcn", body: { url: "https://h5.example.cn/a?x=1" } },
    ]);
    expect(calls).toEqual([
      "config:wx1:n:updateAppMessageShareData,updateTimelineShareData",
      "app:标题 - 通鉴",
      "timeline:标题 - 通鉴",
    ]);
  });
});

describe("WeChat visitor login", () => {
  function fakeLocation(href: string) {
    const visited: string[] = [];
    return {
      visited,
      location: {
        href,
        assign: (u: string) => visited.push(u),
        replace: (u: string) => visited.push(u),
      },
    };
  }

  it("exchanges a returning code and strips code and state from the address", async () => {
    const asked: string[] = [];
    const api = { get: async <T>(p: string) => (asked.push(p), {} as T) };
    const { location } = fakeLocation(
      "https://h5.example.cn/ah/article/a?from=share&code=C1&state=S1",
    );
    const replaced: string[] = [];
    await expect(ensureWeChatVisitor(api, location, (u) => replaced.push(u))).resolves.toBe(
      "logged-in",
    );
    expect(asked).toEqual(["/api/m/social/auth/v1/n/visitor/login?code=C1&state=S1"]);
    expect(replaced).toEqual(["/ah/article/a?from=share"]);
  });

  it("strips a refused code from the address too, and passes the failure on", async () => {
    const api = {
      get: async (): Promise<never> =>
        Promise.reject(new ApiRequestError(400, "微信授权已失效，请重新进入页面", 400)),
    };
    const replaced: string[] = [];
    const { location } = fakeLocation("https://h5.example.cn/my?code=C1&state=S1#wechat_redirect");
    await expect(ensureWeChatVisitor(api, location, (u) => replaced.push(u))).rejects.toThrow(
      "微信授权已失效",
    );
    expect(replaced).toEqual(["/my"]);
  });

  it("goes to WeChat's consent page when the visitor is not logged in (code 600)", async () => {
    const api = {
      get: async <T>(p: string): Promise<T> => {
        if (p.endsWith("/user/info")) throw new ApiRequestError(600, "未登录", 401);
        return { url: "https://open.weixin.qq.com/connect/oauth2/authorize?x=1" } as T;
      },
    };
    const f = fakeLocation("https://h5.example.cn/my");
    await expect(ensureWeChatVisitor(api, f.location, () => {})).resolves.toBe("redirected");
    expect(f.visited).toEqual(["https://open.weixin.qq.com/connect/oauth2/authorize?x=1"]);
  });

  it("passes other failures on", async () => {
    const api = {
      get: async (): Promise<never> => Promise.reject(new ApiRequestError(888, "拒绝", 200)),
    };
    await expect(
      ensureWeChatVisitor(api, fakeLocation("https://h5.example.cn/").location, () => {}),
    ).rejects.toThrow("拒绝");
  });
});

describe("WeChat JS-SDK configuration", () => {
  function fakeWx(ready: boolean) {
    const configs: { openTagList?: string[]; jsApiList: string[] }[] = [];
    const wx: WxSdk = {
      config: (o) => configs.push(o),
      ready: (fn) => {
        if (ready) fn();
      },
      error: (fn) => {
        if (!ready) fn({ errMsg: "config:invalid signature" });
      },
      updateAppMessageShareData: () => {},
      updateTimelineShareData: () => {},
    };
    return { wx, configs };
  }
  const api = () => ({
    posted: [] as unknown[],
    async post<T>(_path: string, body?: Record<string, unknown>) {
      this.posted.push(body);
      return { appId: "wx1", timestamp: 1, noncestr: "n", signature: "s" } as T;
    },
  });

  it("asks for the open-app tag and configures once per signed URL", async () => {
    const client = api();
    const { wx, configs } = fakeWx(true);
    await configureWeChat(client, "https://h5.example.cn/a", async () => wx);
    await configureWeChat(client, "https://h5.example.cn/a", async () => wx);
    expect(configs).toHaveLength(1);
    expect(configs[0]?.openTagList).toEqual(["wx-open-launch-app"]);
    await configureWeChat(client, "https://h5.example.cn/b", async () => wx);
    expect(client.posted).toEqual([
      { url: "https://h5.example.cn/a" },
      { url: "https://h5.example.cn/b" },
    ]);
  });

  it("rejects on a configuration error and tries again next time", async () => {
    const client = api();
    const { wx } = fakeWx(false);
    await expect(
      configureWeChat(client, "https://h5.example.cn/a", async () => wx),
    ).rejects.toThrow("微信配置失败");
    await expect(
      configureWeChat(client, "https://h5.example.cn/a", async () => wx),
    ).rejects.toThrow();
    expect(client.posted).toHaveLength(2);
  });

  it("signs the landing URL on iOS and the current one elsewhere, without the fragment", () => {
    expect(signedPageUrl(true, "https://h/b#x", "https://h/a?c=1#y")).toBe("https://h/a?c=1");
    expect(signedPageUrl(false, "https://h/b#x", "https://h/a")).toBe("https://h/b");
  });
});
