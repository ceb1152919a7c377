import type { LoginInfo, WeChatAuthorize } from "@tongjian/contracts/accounts";
import type { MpLogin, UrlScheme } from "@tongjian/contracts/wechat";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loginPath, loginReturnPath } from "@tongjian/domain/viewer";
import { useEffect, useRef, useState } from "react";
import { redirect } from "react-router";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wx";
import "../features/wechat/wechat-pages.css";

/**
 * /wx, the WeChat entry (issue 16, spec §7 loginFromMpServiceAccount): the official account's
 * menu links here (`/wx`, or `/wx?redirect=/some/page`). Inside WeChat a reader not signed in is
 * sent through WeChat's silent consent (its state bound to this browser) and comes back with
 * ?code&state, which the page trades for a session; then it goes on to `redirect`, or shows the
 * WeChat corner: follow the official account, subscriptions, the mini program. A reader signed in
 * by phone inside WeChat can bring their WeChat name and avatar to the account here
 * (`?bind=1` on the way back: POST /api/m/auth/v1/n/weixin/user/info).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const env = parseAppEnv(request.headers.get("user-agent") ?? "");
  const hasRedirect = url.searchParams.has("redirect");
  const target = loginReturnPath(url.searchParams.get("redirect"));
  const viewer = context.viewer;
  const returning = url.searchParams.has("code") && url.searchParams.has("state");
  if (viewer.kind !== "anonymous" && hasRedirect && !returning) throw redirect(target);
  if (env.isWeixin && viewer.kind === "anonymous" && !returning) {
    const back = new URL(url.pathname + url.search, context.hosts.publicOrigin ?? url.origin);
    const consent = context.auth.wechatConsent(back.toString(), true);
    if (consent) throw redirect(consent.url, { headers: { "set-cookie": consent.cookie } });
  }
  const info =
    viewer.kind === "anonymous" ? null : await context.services.accounts.userInfo(viewer);
  return {
    isWeixin: env.isWeixin,
    returning,
    binding: returning && url.searchParams.get("bind") === "1",
    hasRedirect,
    target,
    name: info?.ahName ?? info?.wxName ?? null,
    signedIn: viewer.kind !== "anonymous",
    /** An account without a WeChat profile here: it can bring one. */
    canBind: env.isWeixin && viewer.kind === "user" && !info?.wxName,
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `微信 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

type LoginState =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "done"; login: MpLogin }
  | { kind: "bound"; info: LoginInfo }
  | { kind: "failed"; message: string };

export default function WeChatEntry({ loaderData }: Route.ComponentProps) {
  const { isWeixin, returning, binding, hasRedirect, target, signedIn, name, canBind } = loaderData;
  const { api } = usePlatform();
  const [login, setLogin] = useState<LoginState>({ kind: returning ? "working" : "idle" });
  const started = useRef(false);

  useEffect(() => {
    if (!returning || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const code = url.searchParams.get("code") ?? "";
    const state = url.searchParams.get("state") ?? "";
    const query = `code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`;
    // A code works once: it leaves the address whatever the answer.
    url.searchParams.delete("code");
    url.searchParams.delete("state");
    url.searchParams.delete("bind");
    window.history.replaceState(null, "", url.pathname + url.search);
    if (binding) {
      api
        .post<LoginInfo>("/api/m/auth/v1/n/weixin/user/info", { code, state })
        .then((info) => setLogin({ kind: "bound", info }))
        .catch((error: unknown) =>
          setLogin({
            kind: "failed",
            message: error instanceof Error ? error.message : "同步微信资料失败，请重试",
          }),
        );
      return;
    }
    api
      .get<MpLogin>(`/api/m/social/auth/v1/n/loginFromMpServiceAccount?${query}`)
      .then((result) => {
        // A full load: every part of the page (the shell's signed-in state too) sees the session.
        if (hasRedirect) window.location.replace(target);
        else setLogin({ kind: "done", login: result });
      })
      .catch((error: unknown) =>
        setLogin({
          kind: "failed",
          message: error instanceof Error ? error.message : "微信登录失败，请重试",
        }),
      );
  }, [api, returning, binding, hasRedirect, target]);

  const retryPath = hasRedirect ? `/wx?redirect=${encodeURIComponent(target)}` : "/wx";

  if (login.kind === "working")
    return (
      <main className="tj-article tj-wx" aria-busy="true">
        <h1 className="tj-article__title">{binding ? "同步微信资料" : "微信登录"}</h1>
        <p className="tj-wx__lead" role="status">
          {binding ? "正在同步微信头像和昵称…" : "正在通过微信登录…"}
        </p>
      </main>
    );
  if (login.kind === "failed")
    return (
      <main className="tj-article tj-wx">
        <h1 className="tj-article__title">{binding ? "同步微信资料" : "微信登录"}</h1>
        <p className="tj-wx__error" role="alert">
          {login.message}
        </p>
        <a className="tj-button tj-button--block" href={retryPath}>
          重试
        </a>
      </main>
    );

  const welcome =
    login.kind === "done"
      ? `欢迎，${login.login.nickname}`
      : login.kind === "bound"
        ? `欢迎，${login.info.userInfo.userProfile?.name ?? login.info.nickname}`
        : signedIn
          ? `欢迎${name ? `，${name}` : "回来"}`
          : null;
  return (
    <main className="tj-article tj-wx">
      <h1 className="tj-article__title">{welcome ?? "从微信进入"}</h1>
      {welcome ? (
        <p className="tj-wx__lead">
          {login.kind === "done" && login.login.subscribed === false
            ? "你已通过微信登录。关注公众号后，订阅的更新会推送给你。"
            : "你已登录，可以从这里继续。"}
        </p>
      ) : isWeixin ? (
        <p className="tj-wx__lead">微信登录暂未开放，可用手机号登录。</p>
      ) : (
        <p className="tj-wx__lead">在微信中打开本页即可一键登录；在浏览器里，可以用手机号登录。</p>
      )}
      {!welcome && (
        <AppLink className="tj-button tj-button--block" to={loginPath(retryPath)}>
          用手机号登录
        </AppLink>
      )}
      {login.kind === "bound" ? (
        <p className="tj-wx__status tj-wx__status--on" role="status">
          ✓ 已同步微信资料：{login.info.wxNickname ?? "微信用户"}
        </p>
      ) : (
        canBind && <BindWeChatProfile />
      )}
      <section className="tj-wx__card" aria-labelledby="wx-more">
        <h2 id="wx-more">微信里的通鉴</h2>
        <ul className="tj-wx__links">
          <li>
            <AppLink className="tj-wx__link" to="/followwxaccount?redirect=%2Fwx">
              关注公众号 <small>查看关注状态</small>
            </AppLink>
          </li>
          <li>
            <AppLink className="tj-wx__link" to="/subscribe">
              订阅更新 <small>选择想收到的内容</small>
            </AppLink>
          </li>
          <li>
            <MiniProgramLink />
          </li>
          <li>
            <AppLink className="tj-wx__link" to="/board">
              热榜 <small>最近大家在读什么</small>
            </AppLink>
          </li>
        </ul>
      </section>
    </main>
  );
}

/**
 * 同步微信头像昵称: an account signed in by phone inside WeChat goes through WeChat's consent
 * (snsapi_userinfo) and comes back to /wx?bind=1, which posts the code.
 */
function BindWeChatProfile() {
  const { api } = usePlatform();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const back = `${window.location.origin}/wx?bind=1`;
      const { url } = await api.get<WeChatAuthorize>(
        `/api/m/social/auth/v1/n/weixin/authorize?redirect=${encodeURIComponent(back)}&silent=0`,
      );
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof Error ? failure.message : "暂时无法连接微信，请重试");
    }
  };
  return (
    <section className="tj-wx__card" aria-labelledby="wx-bind">
      <h2 id="wx-bind">同步微信头像昵称</h2>
      <p>授权后，你的微信头像和昵称会显示在账号上，也可以用微信直接登录这个账号。</p>
      <button type="button" className="tj-button" onClick={start} disabled={busy}>
        {busy ? "正在前往微信授权…" : "同步微信资料"}
      </button>
      {error && (
        <p className="tj-wx__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** 打开小程序: asks for the mini program's URL scheme and opens it. */
function MiniProgramLink() {
  const { api } = usePlatform();
  const [state, setState] = useState<
    { kind: "idle" | "working" } | { kind: "failed"; message: string }
  >({
    kind: "idle",
  });
  const open = async () => {
    setState({ kind: "working" });
    try {
      const scheme = await api.get<UrlScheme>("/api/m/social/wx/v1/n/getUrlScheme?key=home");
      setState({ kind: "idle" });
      window.location.href = scheme.openlink;
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof Error ? error.message : "打开失败，请重试",
      });
    }
  };
  return (
    <>
      <button
        type="button"
        className="tj-wx__link"
        onClick={open}
        disabled={state.kind === "working"}
      >
        打开小程序 <small>{state.kind === "working" ? "正在打开…" : "在小程序中继续"}</small>
      </button>
      {state.kind === "failed" && (
        <p className="tj-wx__error" role="alert">
          {state.message}
        </p>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
