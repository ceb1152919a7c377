import type { LoginUserInfo, SessionInfo } from "@tongjian/contracts/accounts";
import { LOGIN_AGREEMENTS } from "@tongjian/domain/agreement-consent";
import { consentItems } from "@tongjian/domain/agreements";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loginReturnPath } from "@tongjian/domain/viewer";
import { useCallback } from "react";
import { redirect } from "react-router";
import { AccountPanel } from "../features/accounts/account-panel.tsx";
import { AppLogin } from "../features/accounts/app-login.tsx";
import { LoginForms } from "../features/accounts/login-forms.tsx";
import type { BrowserApi } from "../shell/browser-api.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/login";
import "../features/accounts/accounts.css";

/**
 * /login (issue 16, decision 18): the one door every "needs login" sends readers to, with
 * `?redirect=<page>`; it signs them in the way of their environment and sends them back.
 *
 * - Plain browser: 密码登录 / 验证码登录, 注册, 忘记密码.
 * - WeChat: straight on to WeChat's consent page (its state bound to this browser by a cookie),
 *   which returns to the page with ?code&state; `?method=phone` shows the forms instead. A
 *   visitor asked for an account (`need=user`) binds a phone here.
 * - App webview: the app's user and token through the bridge, or the app's own login.
 * - Signed in: who, 退出登录 and the devices signed in.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const env = parseAppEnv(request.headers.get("user-agent") ?? "");
  const redirectTo = loginReturnPath(url.searchParams.get("redirect"));
  const needUser = url.searchParams.get("need") === "user";
  const viewer = context.viewer;
  const done = viewer.kind === "user" || (viewer.kind === "visitor" && !needUser);
  if (done && url.searchParams.has("redirect")) throw redirect(redirectTo);
  if (env.isWeixin && viewer.kind === "anonymous" && url.searchParams.get("method") !== "phone") {
    const back = new URL(redirectTo, context.hosts.publicOrigin ?? url.origin).toString();
    const consent = context.auth.wechatConsent(back, false);
    if (consent) throw redirect(consent.url, { headers: { "set-cookie": consent.cookie } });
  }
  let info: LoginUserInfo | null = null;
  let sessions: SessionInfo[] = [];
  if (viewer.kind !== "anonymous") {
    const { accounts, sessions: sessionService } = context.services;
    info = await accounts.userInfo(viewer);
    const owner =
      viewer.kind === "user"
        ? { accountId: viewer.userId, visitorId: null }
        : { accountId: null, visitorId: viewer.visitorId };
    sessions = (await sessionService.list(owner)).map((row) => ({
      id: row.id,
      kind: row.kind === "app" ? "app" : "browser",
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      userAgent: row.user_agent,
      address: row.address,
      current: row.id === viewer.sessionId,
    }));
  }
  return {
    redirectTo,
    // Decision 40: the login agreements the forms link to and send back with the request.
    consent: consentItems(LOGIN_AGREEMENTS),
    isApp: env.isNativeApp,
    info,
    sessions,
    mode:
      url.searchParams.get("mode") === "register" ? ("register" as const) : ("password" as const),
  };
}

// One reader's page: never kept by a shared cache.
export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `登录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

/** Signed in: the reading history this device kept joins the account (issue 16, features/my). */
const handOverDeviceHistory = (api: BrowserApi) =>
  import("../features/my/merge-device-history.ts").then((m) => m.mergeDeviceHistory(api));

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { redirectTo, isApp, info, sessions, mode, consent } = loaderData;
  const { api } = usePlatform();
  const onSignedIn = useCallback(() => handOverDeviceHistory(api), [api]);
  const signedInToAccount = info !== null && info.role !== "visitor";
  return (
    <main className="tj-auth">
      <h1 className="tj-auth__heading">{signedInToAccount ? "我的账号" : `登录${PRODUCT_NAME}`}</h1>
      {signedInToAccount ? (
        <AccountPanel info={info} sessions={sessions} redirectTo={redirectTo} />
      ) : isApp ? (
        <AppLogin redirectTo={redirectTo} onSignedIn={onSignedIn} />
      ) : info ? (
        <>
          <p className="tj-auth__intro">
            已通过微信登录为「{info.wxName ?? "微信用户"}
            」。绑定手机号后，点赞等记录会保留在账号中，在其他设备上也能用。
          </p>
          <LoginForms redirectTo={redirectTo} bindOnly onSignedIn={onSignedIn} consent={consent} />
          <AccountPanel info={info} sessions={sessions} redirectTo={redirectTo} />
        </>
      ) : (
        <>
          <p className="tj-auth__intro">登录后可点赞、关注，并在各设备间同步阅读记录。</p>
          <LoginForms
            redirectTo={redirectTo}
            initialMode={mode}
            onSignedIn={onSignedIn}
            consent={consent}
          />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
