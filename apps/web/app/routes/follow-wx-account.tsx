import type { VipcnReply } from "@tongjian/contracts/wechat";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loginReturnPath } from "@tongjian/domain/viewer";
import { useCallback, useEffect, useState } from "react";
import { ApiRequestError } from "../shell/api-client.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/follow-wx-account";
import "../features/wechat/wechat-pages.css";

// /followwxaccount: follow the official account. The QR code is drawn by the server from the
// official account's follow code; whether the reader follows is asked from WeChat (vipcn with
// follow), again whenever the reader comes back to the page (after following in WeChat).
export function loader({ request, context, url }: Route.LoaderArgs) {
  const env = parseAppEnv(request.headers.get("user-agent") ?? "");
  return {
    isWeixin: env.isWeixin,
    returnTo: url.searchParams.has("redirect")
      ? loginReturnPath(url.searchParams.get("redirect"))
      : null,
    signedIn: context.viewer.kind !== "anonymous",
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `关注公众号 - ${PRODUCT_NAME}` }];
}

type FollowView =
  | { kind: "loading" }
  | { kind: "ready"; follow: NonNullable<VipcnReply["follow"]> }
  | { kind: "off" }
  | { kind: "failed"; message: string };

export default function FollowWeChatAccount({ loaderData }: Route.ComponentProps) {
  const { isWeixin, returnTo } = loaderData;
  const { api } = usePlatform();
  const [view, setView] = useState<FollowView>({ kind: "loading" });

  const check = useCallback(async () => {
    setView((v) => (v.kind === "ready" ? v : { kind: "loading" }));
    try {
      const answer = await api.post<VipcnReply>("/api/auth/w1/n/weixin/vipcn", {
        url: window.location.href.split("#")[0],
        follow: true,
      });
      if (answer.follow) setView({ kind: "ready", follow: answer.follow });
      else setView({ kind: "failed", message: "关注状态暂时查不到，请重试" });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 503) setView({ kind: "off" });
      else
        setView({
          kind: "failed",
          message: error instanceof Error ? error.message : "查询失败，请重试",
        });
    }
  }, [api]);

  useEffect(() => {
    void check();
    // Following happens in WeChat's own screen; coming back, the page asks again.
    const again = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", again);
    return () => document.removeEventListener("visibilitychange", again);
  }, [check]);

  const name = view.kind === "ready" ? view.follow.accountName : "通鉴";
  return (
    <main className="tj-article tj-wx">
      <h1 className="tj-article__title">关注公众号</h1>
      <p className="tj-wx__lead">
        关注公众号“{name}”，每天收到一则历史上的今天、新文章和你订阅的更新。
      </p>
      {view.kind === "loading" && (
        <p className="tj-wx__lead" role="status">
          正在查询关注状态…
        </p>
      )}
      {view.kind === "off" && (
        <p className="tj-wx__error" role="alert">
          公众号暂未开放关注，请稍后再来。
        </p>
      )}
      {view.kind === "failed" && (
        <div className="tj-wx__card">
          <p className="tj-wx__error" role="alert">
            {view.message}
          </p>
          <button type="button" className="tj-button" onClick={() => void check()}>
            重试
          </button>
        </div>
      )}
      {view.kind === "ready" && (
        <section className="tj-wx__card" aria-labelledby="follow-state">
          <h2 id="follow-state" className="tj-visually-hidden">
            关注状态
          </h2>
          {view.follow.subscribed === true ? (
            <p className={"tj-wx__status tj-wx__status--on"} role="status">
              ✓ 你已关注“{view.follow.accountName}”
            </p>
          ) : view.follow.subscribed === false ? (
            <p className="tj-wx__status" role="status">
              你还没有关注“{view.follow.accountName}”
            </p>
          ) : (
            <p className="tj-wx__status" role="status">
              {isWeixin ? "登录后可查看是否已关注。" : "在微信中打开本页并登录，可查看是否已关注。"}
            </p>
          )}
          {view.follow.subscribed !== true && (
            <>
              <img
                className="tj-wx__qr"
                src={view.follow.qrcode}
                width={200}
                height={200}
                alt={`公众号“${view.follow.accountName}”的关注二维码`}
              />
              <p className="tj-wx__qr-caption">
                {isWeixin ? "长按识别二维码，关注公众号" : "用微信扫一扫二维码，关注公众号"}
              </p>
              {view.follow.subscribed === false && (
                <button
                  type="button"
                  className="tj-button tj-button--block"
                  onClick={() => void check()}
                >
                  我已关注，刷新状态
                </button>
              )}
              {view.follow.subscribed === null && isWeixin && (
                <AppLink
                  className="tj-button tj-button--block"
                  to="/wx?redirect=%2Ffollowwxaccount"
                >
                  微信登录
                </AppLink>
              )}
            </>
          )}
        </section>
      )}
      {returnTo && (
        <AppLink className="tj-button tj-button--ghost tj-button--block" to={returnTo}>
          返回
        </AppLink>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
