import { loginPath } from "@tongjian/domain/viewer";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { usePlatform, wechatModule } from "../../shell/platform.tsx";

/**
 * After a call answered 600 (未登录): signs the reader in the way of their environment, as the
 * like button does (decision 18): the app's login in the app, WeChat's consent in WeChat, /login
 * in a plain browser (which comes back to this page).
 */
export function useSignIn(): () => Promise<void> {
  const { env, bridge, api } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(async () => {
    if (env.isNativeApp) {
      await bridge.call("login", {}).catch(() => {});
      return;
    }
    if (env.isWeixin) {
      await wechatModule()
        .then(({ ensureWeChatVisitor }) =>
          ensureWeChatVisitor(api, window.location, (u) =>
            window.history.replaceState(null, "", u),
          ),
        )
        .catch(() => {});
      return;
    }
    void navigate(loginPath(pathname + search));
  }, [env.isNativeApp, env.isWeixin, bridge, api, navigate, pathname, search]);
}
