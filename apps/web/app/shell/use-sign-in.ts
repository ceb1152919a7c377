import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "./api-client.ts";
import { usePlatform } from "./platform.tsx";

/**
 * Sends the reader to sign in the way of their environment, and back to this page (see
 * sign-in.ts, loaded the first time it is needed). `need` "reader" lets a WeChat visitor do it;
 * "user" (the default) asks for a phone account.
 */
export function useSignIn(need: "reader" | "user" = "user"): () => Promise<void> {
  const platform = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () =>
    import("./sign-in.ts").then(({ signIn }) =>
      signIn(platform, navigate, pathname + search, need),
    );
}

/** The message to show for a failed call; null when it asked the reader to sign in (and did). */
export function failureMessage(error: unknown, signIn: () => Promise<void>): string | null {
  if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) {
    void signIn();
    return null;
  }
  return error instanceof ApiRequestError ? error.message : "网络异常，请检查网络后重试";
}
