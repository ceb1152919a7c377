/**
 * What the site needs from WeChat: the JS-SDK ticket for share signatures, web OAuth for the
 * visitor login (spec §4). The HTTP implementation talks to WeChat or, in development and tests,
 * to tools/wechat-simulator. WeChat Pay is a payment channel of its own
 * (providers/wechat-pay, API v3, decision 34).
 */
export interface WeChatProvider {
  /** App id and secret are set, so sharing and login can work. */
  readonly configured: boolean;
  readonly appId: string | undefined;
  /**
   * The official account's access_token (cgi-bin), shared through the key-value store; other
   * official-account calls (wechat-extras.ts) use it.
   */
  accessToken(): Promise<string>;
  /** Drops a token WeChat refused as stale, so the next accessToken() fetches a new one. */
  dropAccessToken(): Promise<void>;
  /** The JS-SDK jsapi_ticket, shared through the key-value store until shortly before expiry. */
  jsapiTicket(): Promise<string>;
  /** The WeChat page that asks the reader's consent and returns to `redirectUri` with a code. */
  authorizeUrl(redirectUri: string, state: string, scope?: WeChatOAuthScope): string;
  /** Exchanges a one-time OAuth code for the reader's web access token and openid. */
  exchangeCode(code: string): Promise<WeChatOAuthToken>;
  /** Nickname and avatar; needs a token from the snsapi_userinfo scope. */
  userInfo(token: WeChatOAuthToken): Promise<WeChatUserInfo>;
}

export type WeChatOAuthScope = "snsapi_base" | "snsapi_userinfo";

export interface WeChatOAuthToken {
  accessToken: string;
  openId: string;
  unionId: string | null;
  scope: string;
  expiresIn: number;
}

export interface WeChatUserInfo {
  openId: string;
  unionId: string | null;
  nickname: string;
  headImgUrl: string | null;
}

/** WeChat answered with an error (errcode/errmsg), or could not be reached (errcode null). */
export class WeChatApiError extends Error {
  constructor(
    readonly api: string,
    readonly errcode: number | null,
    readonly errmsg: string,
  ) {
    super(`WeChat ${api}: ${errcode ?? "unreachable"} ${errmsg}`);
    this.name = "WeChatApiError";
  }

  /** The OAuth code was unknown, expired or already used (40029, 40163). */
  get badCode(): boolean {
    return this.errcode === 40029 || this.errcode === 40163;
  }

  /** The access_token was rejected as invalid or expired, so a fresh one may succeed. */
  get staleToken(): boolean {
    return this.errcode === 40001 || this.errcode === 40014 || this.errcode === 42001;
  }
}

export class WeChatNotConfiguredError extends Error {
  constructor(_what: "app") {
    super("WECHAT_APP_ID and WECHAT_APP_SECRET are not set");
    this.name = "WeChatNotConfiguredError";
  }
}
