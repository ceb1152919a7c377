import type { KeyValueStore } from "@tongjian/services/key-value-store";
import { WECHAT_REFRESH_MARGIN_SECONDS } from "./http-wechat-provider.ts";
import { WeChatApiError, type WeChatProvider } from "./wechat-provider.ts";

/** Where the official account's extras, the mini program and 企业微信 are reached. */
export interface WeChatExtrasConfig {
  apiBase: string;
  /** The mini program (小程序) whose URL schemes the site hands out. */
  miniAppId: string | undefined;
  miniAppSecret: string | undefined;
  /** 企业微信: the corp and the secret of its customer-contact (客户联系) app. */
  wecomApiBase: string;
  wecomCorpId: string | undefined;
  wecomSecret: string | undefined;
}

/** What the official account knows of a reader (cgi-bin/user/info). */
export interface Subscriber {
  subscribed: boolean;
  unionId: string | null;
  /** When they followed (ISO), if they do. */
  subscribedAt: string | null;
}

export interface WecomExternalContact {
  externalUserId: string;
  name: string | null;
  unionId: string | null;
  staffUserId: string | null;
}

/** The scene of the official account's permanent follow QR code. */
export const FOLLOW_QR_SCENE = "tongjian_follow";
const DEFAULT_TIMEOUT_MS = 5_000;
/** A permanent QR code's content never changes; it is asked for again after this long anyway. */
const FOLLOW_QR_TTL_SECONDS = 30 * 24 * 60 * 60;

interface ErrorBody {
  errcode?: number;
  errmsg?: string;
}

/**
 * The WeChat calls of issue 16's extras, beside the provider's login, share and pay calls: the
 * official account's subscriber info and follow QR code (cgi-bin, with the provider's
 * access_token), the mini program's URL schemes (wxa/generatescheme, with the mini program's own
 * access_token) and 企业微信's external contacts (qyapi). Tokens live in the shared store.
 */
export function createWeChatExtras(options: {
  config: WeChatExtrasConfig;
  wechat: WeChatProvider;
  store: KeyValueStore;
  timeoutMs?: number;
}) {
  const { config, wechat, store } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const miniConfigured = Boolean(config.miniAppId && config.miniAppSecret);
  const wecomConfigured = Boolean(config.wecomCorpId && config.wecomSecret);
  const inFlight = new Map<string, Promise<string>>();

  async function call<T extends object>(
    api: string,
    url: string,
    body?: unknown,
  ): Promise<T & ErrorBody> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: body === undefined ? "GET" : "POST",
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // The URL carries a token, so only the API name goes into the error.
      throw new WeChatApiError(api, null, error instanceof Error ? error.message : "fetch failed");
    }
    if (!response.ok) throw new WeChatApiError(api, null, `HTTP ${response.status}`);
    let parsed: T & ErrorBody;
    try {
      parsed = (await response.json()) as T & ErrorBody;
    } catch {
      throw new WeChatApiError(api, null, "answer is not JSON");
    }
    if (typeof parsed !== "object" || parsed === null)
      throw new WeChatApiError(api, null, "answer is not an object");
    if (parsed.errcode) throw new WeChatApiError(api, parsed.errcode, parsed.errmsg ?? "");
    return parsed;
  }

  async function cachedToken(
    key: string,
    fetchFresh: () => Promise<{ value: string; expiresIn: number }>,
  ) {
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

  const miniTokenKey = `wechat:${config.miniAppId}:access_token`;
  const wecomTokenKey = `wecom:${config.wecomCorpId}:access_token`;

  function miniToken() {
    return cachedToken(miniTokenKey, async () => {
      const api = "/cgi-bin/token";
      const body = await call<{ access_token?: string; expires_in?: number }>(
        api,
        `${config.apiBase}${api}?${new URLSearchParams({
          grant_type: "client_credential",
          appid: config.miniAppId ?? "",
          secret: config.miniAppSecret ?? "",
        })}`,
      );
      if (!body.access_token) throw new WeChatApiError(api, null, "no access_token");
      return { value: body.access_token, expiresIn: body.expires_in ?? 7200 };
    });
  }

  function wecomToken() {
    return cachedToken(wecomTokenKey, async () => {
      const api = "/cgi-bin/gettoken";
      const body = await call<{ access_token?: string; expires_in?: number }>(
        api,
        `${config.wecomApiBase}${api}?${new URLSearchParams({
          corpid: config.wecomCorpId ?? "",
          corpsecret: config.wecomSecret ?? "",
        })}`,
      );
      if (!body.access_token) throw new WeChatApiError(api, null, "no access_token");
      return { value: body.access_token, expiresIn: body.expires_in ?? 7200 };
    });
  }

  /** A call with a cached token, retried once with a fresh token if WeChat calls it stale. */
  async function withToken<T>(
    token: () => Promise<string>,
    drop: () => Promise<void>,
    run: (token: string) => Promise<T>,
  ): Promise<T> {
    try {
      return await run(await token());
    } catch (error) {
      if (!(error instanceof WeChatApiError) || !error.staleToken) throw error;
      await drop();
      return run(await token());
    }
  }

  const officialAccount = <T>(run: (token: string) => Promise<T>) =>
    withToken(
      () => wechat.accessToken(),
      () => wechat.dropAccessToken(),
      run,
    );

  return {
    miniConfigured,
    wecomConfigured,

    /** Whether the reader with this openid follows the official account. */
    subscriber(openId: string): Promise<Subscriber> {
      const api = "/cgi-bin/user/info";
      return officialAccount(async (token) => {
        const body = await call<{ subscribe?: number; unionid?: string; subscribe_time?: number }>(
          api,
          `${config.apiBase}${api}?${new URLSearchParams({ access_token: token, openid: openId, lang: "zh_CN" })}`,
        );
        const subscribed = body.subscribe === 1;
        return {
          subscribed,
          unionId: body.unionid || null,
          subscribedAt:
            subscribed && body.subscribe_time
              ? new Date(body.subscribe_time * 1000).toISOString()
              : null,
        };
      });
    },

    /**
     * A subscription message (订阅通知) to a reader who consented to its topic:
     * cgi-bin/message/subscribe/bizsend with the official account's access_token.
     */
    async sendSubscribeMessage(message: {
      toUser: string;
      templateId: string;
      page: string;
      data: Record<string, { value: string }>;
    }): Promise<void> {
      const api = "/cgi-bin/message/subscribe/bizsend";
      await officialAccount((token) =>
        call(api, `${config.apiBase}${api}?${new URLSearchParams({ access_token: token })}`, {
          touser: message.toUser,
          template_id: message.templateId,
          page: message.page,
          data: message.data,
        }),
      );
    },

    /** The content of the official account's permanent follow QR code (a weixin.qq.com/q/… URL). */
    async followQrContent(): Promise<string> {
      const key = `wechat:${wechat.appId}:follow_qr`;
      const hit = await store.get(key);
      if (hit) return hit;
      const api = "/cgi-bin/qrcode/create";
      const url = await officialAccount(async (token) => {
        const body = await call<{ ticket?: string; url?: string }>(
          api,
          `${config.apiBase}${api}?${new URLSearchParams({ access_token: token })}`,
          {
            action_name: "QR_LIMIT_STR_SCENE",
            action_info: { scene: { scene_str: FOLLOW_QR_SCENE } },
          },
        );
        if (!body.url) throw new WeChatApiError(api, null, "no url");
        return body.url;
      });
      await store.set(key, url, FOLLOW_QR_TTL_SECONDS);
      return url;
    },

    /** An expiring URL scheme (weixin://dl/business/?t=…) that opens a mini program page. */
    urlScheme(page: { path: string; query: string }, days: number): Promise<string> {
      const api = "/wxa/generatescheme";
      return withToken(
        miniToken,
        () => store.delete(miniTokenKey),
        async (token) => {
          const body = await call<{ openlink?: string }>(
            api,
            `${config.apiBase}${api}?${new URLSearchParams({ access_token: token })}`,
            {
              jump_wxa: { path: page.path, query: page.query, env_version: "release" },
              is_expire: true,
              expire_type: 1,
              expire_interval: days,
            },
          );
          if (!body.openlink) throw new WeChatApiError(api, null, "no openlink");
          return body.openlink;
        },
      );
    },

    /** A 企业微信 external contact; WeChatApiError 84061 when the id is no contact of the corp. */
    wecomContact(externalUserId: string): Promise<WecomExternalContact> {
      const api = "/cgi-bin/externalcontact/get";
      return withToken(
        wecomToken,
        () => store.delete(wecomTokenKey),
        async (token) => {
          const body = await call<{
            external_contact?: { external_userid?: string; name?: string; unionid?: string };
            follow_user?: { userid?: string }[];
          }>(
            api,
            `${config.wecomApiBase}${api}?${new URLSearchParams({ access_token: token, external_userid: externalUserId })}`,
          );
          const contact = body.external_contact;
          if (!contact?.external_userid) throw new WeChatApiError(api, null, "no external_contact");
          return {
            externalUserId: contact.external_userid,
            name: contact.name ?? null,
            unionId: contact.unionid || null,
            staffUserId: body.follow_user?.[0]?.userid ?? null,
          };
        },
      );
    },
  };
}

export type WeChatExtras = ReturnType<typeof createWeChatExtras>;

/** 企业微信 answers these for an id that is not (or no longer) one of its external contacts. */
export function isUnknownContact(error: unknown): boolean {
  return error instanceof WeChatApiError && (error.errcode === 84061 || error.errcode === 40096);
}
