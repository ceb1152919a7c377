import { type AppEnv, PLAIN_BROWSER_ENV, parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { Component, type ReactNode, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { AppLink } from "./shell/app-link.tsx";
import "./shell/load-context.ts";
import "./shell/theme.css";
import "./shell/base.css";
import "./shell/common.css";
import type { Route } from "./+types/root";
import { ARTICLE_FONT_SCRIPT } from "./features/content/article-font-script.ts";
import { AppShell } from "./shell/app-shell.tsx";
import { isChunkLoadError, reloadOnceForChunkError } from "./shell/chunk-reload.ts";
import { useOfflineReading } from "./shell/offline-reading.ts";
import { routeErrorView } from "./shell/route-error-view.ts";
import { THEME_COLORS, THEME_SCRIPT } from "./shell/theme-script.ts";

// The environment is read from the request, so the first HTML already has the right bars.
// Who is signed in, as far as the shell needs it: the app webview compares it with the app's user
// before turning the app's token into a session (decision 18). The same for every anonymous
// reader, so anonymous pages stay in the page cache.
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  return {
    env: parseAppEnv(request.headers.get("user-agent") ?? ""),
    wechat: context.wechat,
    signedIn: {
      kind: viewer.kind,
      appUserId: viewer.kind === "user" ? viewer.appUserId : null,
    },
    // A signed-in reader who accepted an earlier version of an agreement is asked again
    // (decision 40): only then does the page load the question's code.
    askAgreements:
      viewer.kind !== "anonymous" &&
      (await context.services.agreements.standing(viewer)).pending.length > 0,
  };
}

// The user agent does not change while the page is open.
export function shouldRevalidate() {
  return false;
}

/**
 * The environment the root loader read from the request. Without it (the error page of a failed
 * root loader) the page is drawn as in a plain browser, on the server and in the browser alike,
 * and the browser never loads the user-agent parser.
 */
function useEnv(): AppEnv {
  const data = useRouteLoaderData<typeof loader>("root");
  return data?.env ?? PLAIN_BROWSER_ENV;
}

/**
 * A fixed script of our own that runs in the head, before the first paint. Its text is written
 * by the server only: by the time the page hydrates it has run, so the client bundle leaves the
 * text out (an empty script hydrates over it; React does not patch it).
 */
function HeadScript({ source }: { source: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own
    <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: source }} />
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The head scripts set the theme and the text size on <html> before React hydrates it.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* One per system theme; the theme script sets both to the theme a reader or app forced. */}
        <meta
          name="theme-color"
          content={THEME_COLORS.light}
          media="(prefers-color-scheme: light)"
        />
        <meta name="theme-color" content={THEME_COLORS.dark} media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <HeadScript source={import.meta.env.SSR ? THEME_SCRIPT : ""} />
        <HeadScript source={import.meta.env.SSR ? ARTICLE_FONT_SCRIPT : ""} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useOfflineReading();
  return (
    <AppShell env={useEnv()}>
      <Outlet />
    </AppShell>
  );
}

/** Spec §8: if the error page itself fails, show the failure text with a link home. */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="tj-state tj-state--error">
        <h1 className="tj-state__title">显示错误页面时出错了</h1>
        <a className="tj-button" href="/">
          返回首页
        </a>
      </main>
    );
  }
}

export function ErrorBoundary() {
  return (
    <ErrorPageGuard>
      <ErrorScreen />
    </ErrorPageGuard>
  );
}

function ErrorScreen() {
  const error = useRouteError();
  const env = useEnv();
  // Spec §8: a chunk that failed to load (a new release replaced it) reloads the page once.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceForChunkError();
  }, [error]);
  const { status, message } = routeErrorView(error);
  return (
    <AppShell env={env}>
      <title>{`${status === 404 ? "页面找不到了" : "出错了"} - ${PRODUCT_NAME}`}</title>
      <main className="tj-state tj-state--error" data-status={status}>
        <div className="tj-state__code">{status}</div>
        <h1 className="tj-state__title">{message}</h1>
        <p className="tj-state__hint">
          {status === 404 ? "链接可能已失效，或内容已被移除。" : "可以刷新重试，或先去首页看看。"}
        </p>
        <AppLink className="tj-button" to="/">
          返回首页
        </AppLink>
      </main>
    </AppShell>
  );
}
