import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useRevalidator, useRouteError } from "react-router";
import { AppLink } from "./app-link.tsx";
import { routeErrorView } from "./route-error-view.ts";

/**
 * The error state of a screen whose data failed to load, inside the shell (kept out of the root
 * route's modules, which every page loads first: only the screens that use it import it): the message with its
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
