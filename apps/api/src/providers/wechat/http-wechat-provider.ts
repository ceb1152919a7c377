import type { KeyValueStore } from "@tongjian/services/key-value-store";
import type { WeChatConfig } from "../../server-config.ts";
import {
  WeChatApiError,
  WeChatNotConfiguredError,
  type WeChatOAuthScope,
  type WeChatOAuthToken,
  type WeChatProvider,
  type WeChatUserInfo,
} from "./wechat-provider.ts";

/**
 * WeChat limits how often access_token and jsapi_ticket may be fetched, and fetching a new
 * access_token retires the old one; so both live in the shared store (Redis when several
 * processes run) and are refreshed this long before WeChat says they expire.
 */
export const WECHAT_REFRESH_MARGIN_SECONDS = 5 * 60;
const DEFAULT_TIMEOUT_MS = 5_000;

export interface HttpWeChatProviderOptions {
  config: WeChatConfig;
  store: KeyValueStore;
  timeoutMs?: number;
}

interface WeChatErrorBody {
  errcode?: number;
  errmsg?: string;
}

export function createHttpWeChatProvider(options: HttpWeChatProviderOptions): WeChatProvider {
  const { config, store } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const appId = config.appId;
  const configured = Boolean(config.appId && config.appSecret);
  const tokenKey = `wechat:${appId}:access_token`;
  const ticketKey = `wechat:${appId}:jsapi_ticket`;
  // Concurrent requests in this process wait for one refresh instead of each starting one.
  const inFlight = new Map<string, Promise<string>>();

  function requireApp(): { appId: string; appSecret: string } {
    if (!config.appId || !config.appSecret) throw new WeChatNotConfiguredError("app");
    return { appId: config.appId, appSecret: config.appSecret };
  }

  async function send(api: string, url: string, init?: RequestInit): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // The URL carries the secret, so only the API name goes into the error.
      throw new WeChatApiError(api, null, error instanceof Error ? error.message : "fetch failed");
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new WeChatApiError(api, null, `HTTP ${response.status}`);
    return text;
  }

  async function getJson<T extends object>(
    api: string,
    base: string,
    query: Record<string, string>,
  ): Promise<T> {
    const text = await send(api, `${base}${api}?${new URLSearchParams(query)}`);
    let body: T & WeChatErrorBody;
    try {
      body = JSON.parse(text) as T & WeChatErrorBody;
    } catch {
      throw new WeChatApiError(api, null, "answer is not JSON");
    }
    if (typeof body !== "object" || body === null)
      throw new WeChatApiError(api, null, "answer is not an object");
    if (body.errcode) throw new WeChatApiError(api, body.errcode, body.errmsg ?? "");
    return body;
  }

  async function cached(
    key: string,
    fetchFresh: () => Promise<{ value: string; expiresIn: number }>,
  ): Promise<string> {
    const hit = await store.get(key);
    if (hit) return hit;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const refresh = (async () => {
      const { value, expiresIn } = await fetchFresh();
      const ttl = expiresIn - WECHAT_REFRESH_MARGIN_SECONDS;
      if (ttl > 0) await store.set(key, value, ttl);
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, refresh);
    return refresh;
  }

  function accessToken(): Promise<string> {
    const app = requireApp();
    return cached(tokenKey, async () => {
      const body = await getJson<{ access_token?: string; expires_in?: number }>(
        "/cgi-bin/token",
        config.apiBase,
        { grant_type: "client_credential", appid: app.appId, secret: app.appSecret },
      );
      if (!body.access_token) throw new WeChatApiError("/cgi-bin/token", null, "no access_token");
      return { value: body.access_token, expiresIn: body.expires_in ?? 7200 };
    });
  }

  async function fetchTicket(token: string) {
    const body = await getJson<{ ticket?: string; expires_in?: number }>(
      "/cgi-bin/ticket/getticket",
      config.apiBase,
      { access_token: token, type: "jsapi" },
    );
    if (!body.ticket) throw new WeChatApiError("/cgi-bin/ticket/getticket", null, "no ticket");
    return { value: body.ticket, expiresIn: body.expires_in ?? 7200 };
  }

  return {
    configured,
    appId,
    accessToken,
    async dropAccessToken() {
      await store.delete(tokenKey);
    },

    jsapiTicket() {
      requireApp();
      return cached(ticketKey, async () => {
        const token = await accessToken();
        try {
          return await fetchTicket(token);
        } catch (error) {
          // WeChat can retire a token before our cache lets it go (another system with the same
          // secret fetched a newer one, or the clocks disagree): drop it and retry once.
          if (!(error instanceof WeChatApiError) || !error.staleToken) throw error;
          await store.delete(tokenKey);
          return fetchTicket(await accessToken());
        }
      });
    },

    authorizeUrl(redirectUri, state, scope: WeChatOAuthScope = "snsapi_userinfo") {
      const app = requireApp();
      // WeChat reads the parameters in this order and requires the #wechat_redirect suffix.
      const query = new URLSearchParams({
        appid: app.appId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope,
        state,
      });
      return `${config.openBase}/connect/oauth2/authorize?${query}#wechat_redirect`;
    },

    async exchangeCode(code) {
      const app = requireApp();
      const body = await getJson<{
        access_token?: string;
        expires_in?: number;
        openid?: string;
        unionid?: string;
        scope?: string;
      }>("/sns/oauth2/access_token", config.apiBase, {
        appid: app.appId,
        secret: app.appSecret,
        code,
        grant_type: "authorization_code",
      });
      if (!body.access_token || !body.openid)
        throw new WeChatApiError("/sns/oauth2/access_token", null, "no access_token or openid");
      return {
        accessToken: body.access_token,
        openId: body.openid,
        unionId: body.unionid || null,
        scope: body.scope ?? "",
        expiresIn: body.expires_in ?? 7200,
      };
    },

    async userInfo(token: WeChatOAuthToken): Promise<WeChatUserInfo> {
      requireApp();
      const body = await getJson<{
        openid?: string;
        nickname?: string;
        headimgurl?: string;
        unionid?: string;
      }>("/sns/userinfo", config.apiBase, {
        access_token: token.accessToken,
        openid: token.openId,
        lang: "zh_CN",
      });
      return {
        openId: body.openid ?? token.openId,
        unionId: body.unionid || token.unionId,
        nickname: body.nickname ?? "",
        headImgUrl: body.headimgurl || null,
      };
    },
  };
}
