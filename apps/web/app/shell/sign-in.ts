import type { AppEnv } from "@tongjian/domain/app-env";
import { loginPath } from "@tongjian/domain/viewer";
import type { BrowserApi } from "./browser-api.ts";
import type { NativeBridge } from "./native-bridge.ts";
import { ensureWeChatVisitor } from "./wechat.ts";

/**
 * Signs the reader in the way of their environment, then back to `returnTo` (decision 18): the
 * app's login inside the app; WeChat's consent inside WeChat when a WeChat visitor may do what
 * was asked (`need` "reader": likes, notes, graphs); /login everywhere else, and for what needs a
 * phone account (`need` "user": orders, study records). Loaded only when a call answered 未登录.
 */
export async function signIn(
  platform: { env: AppEnv; bridge: NativeBridge; api: BrowserApi },
  navigate: (to: string) => unknown,
  returnTo: string,
  need: "reader" | "user",
): Promise<void> {
  const { env, bridge, api } = platform;
  if (env.isNativeApp) {
    await bridge.call("login", {}).catch(() => {});
    return;
  }
  if (env.isWeixin && need === "reader") {
    await ensureWeChatVisitor(api, window.location, (url) =>
      window.history.replaceState(null, "", url),
    ).catch(() => {});
    return;
  }
  await navigate(loginPath(returnTo, need));
}
