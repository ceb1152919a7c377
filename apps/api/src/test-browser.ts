import type { LightMyRequestResponse } from "fastify";
import type { TypedApp } from "./typed-app.ts";

type Headers = Record<string, string>;

/**
 * What a browser does with the API, for API tests: keeps the cookies the server sets (and
 * forgets those it clears), fetches a CSRF token before its first state-changing call, takes a
 * fresh one from `X-CSRF-Token` when the server sends it (sign-in, logout), and sends it with
 * every POST, as apps/web's client does.
 */
export function testBrowser(
  app: TypedApp,
  options: {
    origin?: string;
    userAgent?: string;
    /** The client address a proxy on the loopback address forwards (`X-Forwarded-For`). */
    address?: string;
    /** The address the request comes from itself (inject's default: 127.0.0.1, a proxy). */
    remoteAddress?: string;
  } = {},
) {
  const jar = new Map<string, string>();
  let csrf: string | null = null;

  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  function remember(res: LightMyRequestResponse) {
    const raw = res.headers["set-cookie"];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    for (const cookie of list) {
      const [pair = "", ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const cleared = attributes.some((a) => a.trim() === "Max-Age=0");
      if (cleared || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    const token = res.headers["x-csrf-token"];
    if (typeof token === "string") csrf = token;
  }

  async function request(
    method: "GET" | "POST",
    url: string,
    body?: unknown,
    headers: Headers = {},
  ): Promise<LightMyRequestResponse> {
    const all: Headers = {
      ...(options.userAgent ? { "user-agent": options.userAgent } : {}),
      // The client address (TRUST_PROXY believes the header from a loopback proxy, which
      // inject's requests come from), for per-address limits.
      ...(options.address ? { "x-forwarded-for": options.address } : {}),
      ...(jar.size ? { cookie: cookieHeader() } : {}),
      ...headers,
    };
    const res = await app.inject({
      method,
      url,
      headers: all,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    remember(res);
    return res;
  }

  return {
    jar,
    cookieHeader,
    get: (url: string, headers?: Headers) => request("GET", url, undefined, headers),
    /** A POST as the site's own page sends it: same origin, with the CSRF token. */
    async post(url: string, body: unknown = {}, headers: Headers = {}) {
      if (!csrf) {
        const res = await request("GET", "/api/auth/csrf");
        csrf = res.json().data.token as string;
      }
      return request("POST", url, body, {
        ...(options.origin ? { origin: options.origin } : {}),
        "x-csrf-token": csrf ?? "",
        ...headers,
      });
    },
    /** A POST without the token (what a forged cross-site request looks like at best). */
    rawPost: (url: string, body: unknown = {}, headers: Headers = {}) =>
      request("POST", url, body, headers),
    get csrfToken() {
      return csrf;
    },
    forgetCsrf() {
      csrf = null;
    },
  };
}

export type TestBrowser = ReturnType<typeof testBrowser>;
