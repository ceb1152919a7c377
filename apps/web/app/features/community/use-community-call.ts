import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { loginPath } from "@tongjian/domain/viewer";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

/**
 * Runs a community call that needs an account. Code 600 sends the reader to sign in the way of
 * their environment (decision 18): the app's native login inside the app, else /login, which in
 * WeChat asks the visitor to bind a phone (`need=user`) and comes back here. Any other failure
 * is kept as a message for the page to show.
 */
export function useCommunityCall() {
  const { env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      try {
        return await call();
      } catch (failure) {
        if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
          if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
          else navigate(loginPath(pathname + search, "user"));
          return undefined;
        }
        // fetch itself fails (TypeError) when the network is down: say so in the page's words.
        setError(
          failure instanceof ApiRequestError ? failure.message : "网络异常，请检查网络后重试",
        );
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [env.isNativeApp, bridge, navigate, pathname, search],
  );

  return { run, busy, error, setError };
}
