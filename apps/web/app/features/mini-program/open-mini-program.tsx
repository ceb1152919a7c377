import type { UrlScheme } from "@tongjian/contracts/wechat";
import { miniProgramLaunchProblem } from "@tongjian/domain/mini-program-home";
import { MINI_PROGRAM_PAGES, type MiniProgramPageKey } from "@tongjian/domain/mini-program-pages";
import { useEffect, useRef, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform, wechatModule } from "../../shell/platform.tsx";
import "../../shell/open-app-button.css";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** WeChat's open tag for mini programs (JS-SDK 1.6.0+), live once wx.config lists it. */
      "wx-open-launch-weapp": React.DetailedHTMLProps<
        React.HTMLAttributes<HTMLElement>,
        HTMLElement
      > & { username: string; path?: string };
    }
  }
}

// As for wx-open-launch-app: WeChat draws the tag from this template, a transparent layer the
// size of our button, so the reader sees our button and taps WeChat's.
const TAG_TEMPLATE =
  '<div style="position:absolute;top:0;left:0;width:100%;height:100%;opacity:0"></div>';

type LaunchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "opening"; openlink: string }
  | { status: "error"; message: string };

/**
 * Inside WeChat, with the JS-SDK configured and the mini program's original ID set: the
 * `wx-open-launch-weapp` tag is ready over the button. Elsewhere null.
 */
function useWeappTag(): string | null {
  const { env, api, wechat } = usePlatform();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!env.isWeixin || env.isWeixinMiniProgram || !wechat.miniUsername) return;
    let live = true;
    const url = window.location.href.split("#")[0] ?? window.location.href;
    wechatModule()
      .then(async ({ configureWeChat, loadWeChatSdk, WECHAT_MINI_OPEN_TAGS }) => {
        const load = () => loadWeChatSdk(wechat.jsSdkUrl);
        // The shell configures every page for its own open tag; the last wx.config wins, so
        // this one waits for the shell's and then lists both tags.
        if (wechat.openAppId) await configureWeChat(api, url, load).catch(() => undefined);
        return configureWeChat(api, url, load, WECHAT_MINI_OPEN_TAGS);
      })
      .then(() => {
        if (live) setReady(true);
      })
      .catch((error: unknown) => console.warn("微信开放标签配置失败，改用链接打开小程序", error));
    return () => {
      live = false;
    };
  }, [
    env.isWeixin,
    env.isWeixinMiniProgram,
    api,
    wechat.miniUsername,
    wechat.openAppId,
    wechat.jsSdkUrl,
  ]);
  return ready ? wechat.miniUsername : null;
}

/**
 * 打开小程序: WeChat's open tag where it can (inside WeChat with the JS-SDK configured), else the
 * mini program's URL scheme from the server (GET /api/m/social/wx/v1/n/getUrlScheme), followed
 * at once and also offered as a link; when the scheme cannot be had, a clear reason and a retry.
 */
export function OpenMiniProgram({
  page,
  label = "打开小程序",
  testId = "open-mini-program",
}: {
  page: MiniProgramPageKey;
  label?: string;
  testId?: string;
}) {
  const { api, env } = usePlatform();
  const [state, setState] = useState<LaunchState>({ status: "idle" });
  const username = useWeappTag();
  const tagRef = useRef<HTMLElement>(null);
  const target = MINI_PROGRAM_PAGES[page];

  const launch = async () => {
    setState({ status: "loading" });
    try {
      const scheme = await api.get<UrlScheme>(
        `/api/m/social/wx/v1/n/getUrlScheme?key=${encodeURIComponent(page)}`,
      );
      setState({ status: "opening", openlink: scheme.openlink });
      window.location.href = scheme.openlink;
    } catch (error) {
      setState({
        status: "error",
        message: miniProgramLaunchProblem(error instanceof ApiRequestError ? error.status : null),
      });
    }
  };
  const launchRef = useRef(launch);
  launchRef.current = launch;

  useEffect(() => {
    const tag = tagRef.current;
    if (!username || !tag) return;
    const onLaunch = () => setState({ status: "idle" });
    const onError = (event: Event) => {
      console.warn("微信打开小程序失败，改用链接", (event as CustomEvent).detail);
      void launchRef.current();
    };
    tag.addEventListener("launch", onLaunch);
    tag.addEventListener("error", onError);
    return () => {
      tag.removeEventListener("launch", onLaunch);
      tag.removeEventListener("error", onError);
    };
  }, [username]);

  if (env.isWeixinMiniProgram)
    return (
      <p className="tj-state" data-testid={`${testId}-inside`}>
        你正在小程序中浏览。
      </p>
    );
  const path = `${target.path}.html${target.query ? `?${target.query}` : ""}`;
  return (
    <div className="tj-mini-open">
      <span className="tj-open-app" data-open-tag={username ? "ready" : "none"}>
        <button
          type="button"
          className="tj-button"
          onClick={() => void launch()}
          disabled={state.status === "loading"}
          aria-busy={state.status === "loading"}
          data-testid={testId}
        >
          {state.status === "loading" ? "正在打开…" : label}
        </button>
        {username ? (
          <wx-open-launch-weapp
            ref={tagRef}
            className="tj-open-app__tag"
            username={username}
            path={path}
          >
            <script type="text/wxtag-template">{TAG_TEMPLATE}</script>
          </wx-open-launch-weapp>
        ) : null}
      </span>
      {state.status === "opening" ? (
        <p className="tj-mini__meta" role="status" data-testid={`${testId}-opening`}>
          正在打开微信小程序「{target.title}」。没有反应？
          <a href={state.openlink} data-testid={`${testId}-link`}>
            点此打开
          </a>
          （需安装微信）
        </p>
      ) : null}
      {state.status === "error" ? (
        <div role="alert" className="tj-mini-open__error" data-testid={`${testId}-error`}>
          <p>{state.message}</p>
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => void launch()}
            data-testid={`${testId}-retry`}
          >
            重试
          </button>
        </div>
      ) : null}
    </div>
  );
}
