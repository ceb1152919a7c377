import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { exchangeAppToken, forgetSignedOut } from "../../shell/native-login.ts";
import { usePlatform } from "../../shell/platform.tsx";

/**
 * /login inside the app webview (spec §4 login flow, step 1): the user comes from the app
 * (`getUserInfo`); with a token and a phone it becomes this webview's session and the reader goes
 * back; without, the app's own login is shown, and the page asks again when it is visible again.
 */
export function AppLogin({
  redirectTo,
  onSignedIn,
}: {
  redirectTo: string;
  /** Runs once the reader is signed in, before the page leaves (its failure is not the login's). */
  onSignedIn?: () => Promise<unknown>;
}) {
  const { bridge } = usePlatform();
  const [state, setState] = useState<"working" | "waiting" | "failed">("working");
  const [message, setMessage] = useState("");

  const attempt = useCallback(
    async (askLogin: boolean) => {
      setState("working");
      try {
        const user = await bridge.call("getUserInfo", {});
        if (user?.bearer && user.phone) {
          // Asked for here: pages may sign in from the app's token again after a logout.
          forgetSignedOut();
          await exchangeAppToken(user.bearer);
          await onSignedIn?.().catch(() => undefined);
          window.location.assign(redirectTo);
          return;
        }
        if (askLogin) await bridge.call("login", {});
        setState("waiting");
      } catch (error) {
        setMessage(error instanceof ApiRequestError || error instanceof Error ? error.message : "");
        setState("failed");
      }
    },
    [bridge, redirectTo, onSignedIn],
  );

  useEffect(() => {
    void attempt(true);
    const again = () => {
      if (document.visibilityState === "visible") void attempt(false);
    };
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, [attempt]);

  return (
    <section className="tj-auth__app" aria-live="polite">
      {state === "working" && <p className="tj-auth__hint">正在通过通鉴App登录…</p>}
      {state === "waiting" && <p className="tj-auth__hint">请在App中完成登录</p>}
      {state === "failed" && (
        <p className="tj-auth__message" role="alert">
          {message || "App 登录失败"}
        </p>
      )}
      {state !== "working" && (
        <button
          type="button"
          className="tj-button tj-button--block"
          onClick={() => void attempt(true)}
        >
          重新登录
        </button>
      )}
    </section>
  );
}
