import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMemo } from "react";
import { storeApi } from "../features/store/store-api.ts";
import {
  chinaTime,
  OrderCard,
  StoreEmpty,
  StoreError,
  StoreLoading,
} from "../features/store/store-parts.tsx";
import { useRemote } from "../features/store/use-remote.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/buyvip-member";
import "../features/store/store.css";

// 会员中心 (/buyvip/member): the reader's membership to the second, renewal, and VIP orders.
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageReader(context, request);
  return {};
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `会员中心 - ${PRODUCT_NAME}` }];
}

export default function VipMember() {
  const { api } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const vip = useRemote(() => store.vip(), "vip");
  const orders = useRemote(() => store.list("all"), "orders");
  const vipOrders =
    orders.status === "ready" ? orders.data.orders.filter((o) => o.product.kind === "vip") : [];
  return (
    <main className="tj-store">
      <header className="tj-store__hero">
        <h1>会员中心</h1>
        {vip.status === "loading" && <p>正在读取会员状态…</p>}
        {vip.status === "ready" &&
          (vip.data.active && vip.data.expiresAt ? (
            <p data-testid="vip-status">
              会员有效期至 {chinaTime(vip.data.expiresAt)}
              <br />
              {vip.data.autoRenew ? "已开通自动续费，到期前会提醒你" : "未开通自动续费"}
            </p>
          ) : (
            <p data-testid="vip-status">
              {vip.data.expiresAt
                ? `会员已于 ${chinaTime(vip.data.expiresAt)} 到期`
                : "你还不是会员"}
            </p>
          ))}
      </header>
      {vip.status === "error" && <StoreError message={vip.error} onRetry={vip.retry} />}
      <div className="tj-store__actions">
        <AppLink className="tj-button tj-button--block" to="/buyvip">
          {vip.status === "ready" && vip.data.active ? "续费会员" : "开通会员"}
        </AppLink>
        <AppLink className="tj-button tj-button--ghost tj-button--block" to="/buyvip/rights">
          会员权益
        </AppLink>
      </div>
      <section className="tj-store__section">
        <div className="tj-store__row">
          <h2 className="tj-section__title">会员订单</h2>
          <AppLink to="/order">全部订单</AppLink>
        </div>
        {orders.status === "loading" && <StoreLoading label="正在加载订单…" />}
        {orders.status === "error" && <StoreError message={orders.error} onRetry={orders.retry} />}
        {orders.status === "ready" &&
          (vipOrders.length === 0 ? (
            <StoreEmpty>还没有会员订单</StoreEmpty>
          ) : (
            <ul className="tj-store__list">
              {vipOrders.map((o) => (
                <OrderCard key={o.orderNum} order={o} />
              ))}
            </ul>
          ))}
      </section>
      <p className="tj-store__muted">
        <AppLink to="/buyvip/qa">会员常见问题</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
