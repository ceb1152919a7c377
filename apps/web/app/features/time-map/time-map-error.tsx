import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { routeErrorView } from "../../shell/route-error-view.ts";

/**
 * The map pages' error state: a link that names nothing the map knows is a 404 that says what
 * was not found and leads to the map itself; a failure to load offers a retry.
 */
export function TimeMapErrorState() {
  const error = useRouteError();
  const view = routeErrorView(error);
  const { status } = view;
  // A 404 of the map says what was not found (the loader's message), not only 页面找不到了.
  const message =
    isRouteErrorResponse(error) && status === 404 && typeof error.data === "string" && error.data
      ? error.data
      : view.message;
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <main className="tj-state tj-state--error tj-timemap-error" data-status={status}>
      <title>{`${status === 404 ? "地图上没有找到" : "地图出错了"} - ${PRODUCT_NAME}`}</title>
      <div className="tj-state__code">{status}</div>
      <h1 className="tj-state__title">{message}</h1>
      <p className="tj-state__hint">
        {status === 404
          ? "链接可能有误，或所指的内容已被移除。可以打开时空地图，自己选年份看看。"
          : "地图数据暂时没有加载出来，可能是网络或服务暂时不稳定。"}
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
      <AppLink className="tj-button" to="/home/timemap">
        打开时空地图
      </AppLink>
      <AppLink className="tj-button tj-button--ghost" to="/">
        返回首页
      </AppLink>
    </main>
  );
}
