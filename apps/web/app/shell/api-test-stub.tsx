import { useLocation } from "react-router";
import { vi } from "vitest";

/** A Safari on an iPhone: a plain browser, neither WeChat nor the app (parseAppEnv). */
export const SAFARI_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

export interface StubbedApi {
  /** What the next call (other than the CSRF token's) answers. */
  reply: { status: number; body: unknown };
  /** The JSON bodies the calls were sent, in order. */
  sent: Record<string, unknown>[];
}

/**
 * For component tests of a screen that calls the API: `fetch` answers the CSRF token and then
 * every call with `api.reply`, collecting what was sent. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(api: StubbedApi): void {
  api.sent.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/api/auth/csrf"))
        return new Response(JSON.stringify({ code: 200, message: "", data: { token: "t" } }));
      api.sent.push(JSON.parse(String(init?.body ?? "{}")));
      return new Response(JSON.stringify(api.reply.body), { status: api.reply.status });
    }),
  );
}

/** Where the router is, for tests of what a screen navigates to. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}
