import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import "./shell/load-context.ts";
import "./app.css";
import { AppShell } from "./shell/app-shell.tsx";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#8c2f1e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
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
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Spec §8: the error page shows the message with its status, 500 by default.
  let status = 500;
  let message = "页面出错了，请稍后再试";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message =
      status === 404
        ? "抱歉，页面找不到了"
        : typeof error.data === "string" && error.data
          ? error.data
          : error.statusText || message;
  } else if (error instanceof Error && error.message) {
    message = error.message;
  }
  return (
    <AppShell>
      <title>{`${status === 404 ? "页面找不到了" : "出错了"} - ${PRODUCT_NAME}`}</title>
      <main className="tj-state tj-state--error" data-status={status}>
        <div className="tj-state__code">{status}</div>
        <h1 className="tj-state__title">{message}</h1>
        <p className="tj-state__hint">
          {status === 404 ? "链接可能已失效，或内容已被移除。" : "可以刷新重试，或先去首页看看。"}
        </p>
        <Link className="tj-button" to="/">
          返回首页
        </Link>
      </main>
    </AppShell>
  );
}
