import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { AppLink } from "./app-link.tsx";
import { NOT_FOUND_MESSAGE } from "./not-found.ts";

/** Spec §8: an error page shows the message with its status, 500 by default. */
export function routeErrorView(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    const message =
      status === 404
        ? NOT_FOUND_MESSAGE
        : typeof error.data === "string" && error.data
          ? error.data
          : error.statusText || "页面出错了，请稍后再试";
    return { status, message };
  }
  if (error instanceof Error && error.message) return { status: 500, message: error.message };
  return { status: 500, message: "页面出错了，请稍后再试" };
}

/**
 * The error state of a screen whose data failed to load, inside the shell: the message with its
 * status, and for anything but a missing page a retry that loads the data again in place.
 */
export function RouteErrorState() {
  const { status, message } = routeErrorView(useRouteError());
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <main className="tj-state tj-state--error" data-status={status}>
      <title>{`${status === 404 ? "页面找不到了" : "出错了"} - ${PRODUCT_NAME}`}</title>
      <div className="tj-state__code">{status}</div>
      <h1 className="tj-state__title">{message}</h1>
      <p className="tj-state__hint">
        {status === 404 ? "链接可能已失效，或内容已被移除。" : "可能是网络或服务暂时不稳定。"}
      </p>
      {status !== 404 && (
        <button
          type="button"
          className="tj-button"
          onClick={() => void revalidator.revalidate()}
          disabled={retrying}
          aria-busy={retrying}
        >
          {retrying ? "正在重新加载…" : "重新加载"}
        </button>
      )}
      <AppLink className="tj-button tj-button--ghost" to="/">
        返回首页
      </AppLink>
    </main>
  );
}
