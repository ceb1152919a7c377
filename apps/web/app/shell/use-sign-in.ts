import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { loginPath } from "@tongjian/domain/viewer";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "./api-client.ts";
import { usePlatform } from "./platform.tsx";

/** Sends the reader to sign in the way of their environment, and back to this page. */
export function useSignIn() {
  const { env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return async () => {
    if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
    else navigate(loginPath(pathname + search, "user"));
  };
}

/** The message to show for a failed call; null when it asked the reader to sign in (and did). */
export function failureMessage(error: unknown, signIn: () => Promise<void>): string | null {
  if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) {
    void signIn();
    return null;
  }
  return error instanceof ApiRequestError ? error.message : "网络异常，请检查网络后重试";
}
