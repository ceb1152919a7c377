import { CODE_CSRF, CSRF_HEADER } from "@tongjian/domain/api-codes";
import {
  type AppEnv,
  canUseNativeProxy,
  shouldSendTerminalHeader,
  TERMINAL_ID_HEADER,
  terminalId,
} from "@tongjian/domain/app-env";
import { ApiRequestError, type ApiTransport, callApi } from "./api-client.ts";
import type { NativeBridge } from "./native-bridge.ts";
import { MIN_FETCH_DELAY_MS } from "./timing.ts";

export type ApiHost = "default" | "technology";

/**
 * Calls about this webview's own session (sign-in, logout, sessions, who is signed in) go from
 * the webview itself even where other calls go through the app's network: the session is the
 * webview's cookie, which the app's requests do not carry (decision 18).
 */
export function isSessionPath(path: string): boolean {
  return (
    path.startsWith("/api/auth") ||
    path.startsWith("/api/user/") ||
    path.startsWith("/api/m/social/auth/")
  );
}

export interface BrowserApiOptions {
  env: AppEnv;
  bridge: NativeBridge;
  /** Origins of the default and the "technology" API hosts ("" = this site). */
  hosts: Record<ApiHost, string>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * The wrapper every page uses in the browser (spec §7 "Generic wrapper"): two hosts; POST bodies
 * get language=cn except uploads; the terminal header outside our app; at least 200 ms per call
 * so that loading states do not flicker; through the app's own network when it supports that.
 */
export function createBrowserApi(options: BrowserApiOptions) {
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? (() => Date.now());
  const useProxy = canUseNativeProxy(options.env) && options.bridge.available;

  // Decision 18: every state-changing call carries a CSRF token bound to the reader's session
  // (or anonymous id). It is fetched before the first such call, replaced by the one the server
  // sends when the session changes (sign-in, logout), and fetched anew once if refused.
  let csrf: Promise<string> | null = null;
  const csrfToken = () => {
    csrf ??= fetchImpl(`${options.hosts.default}/api/auth/csrf`, { credentials: "include" })
      .then((response) => response.json() as Promise<{ data?: { token?: unknown } }>)
      .then((body) => {
        if (typeof body.data?.token !== "string") throw new ApiRequestError(0, "安全校验失败", 0);
        return body.data.token;
      });
    csrf.catch(() => {
      csrf = null;
    });
    return csrf;
  };

  const transportFor =
    (host: ApiHost): ApiTransport =>
    async (path, init = {}) => {
      const url = `${options.hosts[host]}${path}`;
      const method = init.method ?? "GET";
      if (useProxy && !isSessionPath(path)) {
        const reply = await options.bridge.call("networkProxy", {
          url,
          type: method,
          parameters: (init.body as Record<string, unknown> | undefined) ?? {},
        });
        // Spec §8: a missing response rejects, and so does a code other than 200.
        if (!reply) throw new ApiRequestError(0, "App 网络请求无响应", 0);
        if (reply.code !== 200)
          throw new ApiRequestError(reply.code, reply.message || "请求失败，请稍后重试", 0);
        return { status: 200, body: reply };
      }
      const headers: Record<string, string> = {};
      if (shouldSendTerminalHeader(options.env))
        headers[TERMINAL_ID_HEADER] = terminalId(options.env);
      let body: BodyInit | null = null;
      if (init.body instanceof FormData) {
        body = init.body;
      } else if (init.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(init.body);
      }
      const send = async () => {
        if (method !== "GET") headers[CSRF_HEADER] = await csrfToken();
        const response = await fetchImpl(url, { method, headers, body, credentials: "include" });
        const fresh = response.headers?.get(CSRF_HEADER);
        if (fresh) csrf = Promise.resolve(fresh);
        let json: unknown;
        try {
          json = await response.json();
        } catch {
          json = { code: response.status, message: "网络异常，请稍后重试", data: null };
        }
        return { status: response.status, body: json };
      };
      const first = await send();
      if (method === "GET" || (first.body as { code?: unknown } | null)?.code !== CODE_CSRF)
        return first;
      csrf = null;
      return send();
    };

  async function request<T>(
    host: ApiHost,
    path: string,
    init?: { method?: "GET" | "POST"; body?: unknown },
  ) {
    const started = now();
    try {
      return await callApi<T>(transportFor(host), path, init);
    } finally {
      const left = MIN_FETCH_DELAY_MS - (now() - started);
      if (left > 0) await sleep(left);
    }
  }

  return {
    get: <T>(path: string, host: ApiHost = "default") => request<T>(host, path),
    post: <T>(path: string, body: Record<string, unknown> = {}, host: ApiHost = "default") =>
      request<T>(host, path, { method: "POST", body: { ...body, language: "cn" } }),
    /**
     * The CSRF token for a state-changing call made outside this wrapper (an upload sent with
     * XMLHttpRequest for its progress); `fresh` drops a token the server refused (code 419).
     */
    csrfToken: (fresh = false) => {
      if (fresh) csrf = null;
      return csrfToken();
    },
    /** Uploads go as multipart and get no language field. */
    upload: <T>(path: string, form: FormData, host: ApiHost = "default") =>
      request<T>(host, path, { method: "POST", body: form }),
  };
}

export type BrowserApi = ReturnType<typeof createBrowserApi>;
