import { ApiRequestError } from "./api-client.ts";
import type { NativeBridge } from "./native-bridge.ts";

/**
 * Spec §4 login flow, step 1, and §6, inside our app: the user comes from the app
 * (`getUserInfo`). Its bearer token is verified by the server and becomes this webview's
 * session (an HttpOnly cookie the page's own scripts cannot read: decision 18), once per app
 * user; a user without a phone is asked to log in natively.
 */
export async function signInFromApp(bridge: NativeBridge, signedInAs: string | null) {
  if (signedOutHere()) return;
  const user = await bridge.call("getUserInfo", {});
  if (user?.bearer && user.userId !== signedInAs) {
    await exchangeAppToken(user.bearer).catch((error: unknown) =>
      console.warn("App 登录凭证未被接受", error),
    );
  }
  if (!user?.phone) await bridge.call("login", {});
}

/**
 * A reader who logs out inside the app stays out for the rest of this webview's visit: pages no
 * longer turn the app's token into a session on their own, until the reader signs in on /login.
 */
const SIGNED_OUT_KEY = "tj:app-signed-out";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function signedOutHere(): boolean {
  return session()?.getItem(SIGNED_OUT_KEY) === "1";
}

/** The reader logged out (decision 18): no silent sign-in from the app's token after it. */
export function rememberSignedOut() {
  session()?.setItem(SIGNED_OUT_KEY, "1");
}

/** The reader asked to sign in (/login): the app's token may become a session again. */
export function forgetSignedOut() {
  session()?.removeItem(SIGNED_OUT_KEY);
}

/**
 * The app's token becomes a session of this webview (POST /api/auth, type app). Sent by the
 * webview itself, never through the app's network, so that the session cookie lands here; the
 * token also goes as the bearer, which is what authenticates the call (no CSRF token needed).
 */
export async function exchangeAppToken(token: string): Promise<void> {
  const response = await fetch("/api/auth", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: "app", token, language: "cn" }),
  });
  const body = (await response.json().catch(() => null)) as {
    code?: number;
    message?: string;
  } | null;
  if (body?.code !== 200)
    throw new ApiRequestError(
      body?.code ?? response.status,
      body?.message || "App 登录失败",
      response.status,
    );
}
