import { formatFen } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useRef } from "react";
import { showOrderNotice } from "../features/store/app-notice.ts";
import { ORDER_NUM } from "../features/store/store-api.ts";
import { chinaTime, StoreError, StoreLoading } from "../features/store/store-parts.tsx";
import { useOrder, usePollWhilePaying } from "../features/store/use-order.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/store-success";
import "../features/store/store.css";

// 开通成功 (/buyvip/success) and 升级成功 (/upgradepay/success): what the paid order granted,
// on the server's word (a 支付中 order is asked again), and the way back to where the reader was.
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageReader(context, request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("orderNum") ?? url.searchParams.get("out_trade_no");
  return {
    orderNum: raw && ORDER_NUM.test(raw) ? raw : null,
    vip: url.pathname.startsWith("/buyvip"),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.vip ? "开通成功" : "支付成功"} - ${PRODUCT_NAME}` }];
}

export default function StoreSuccess({ loaderData: d }: Route.ComponentProps) {
  const order = useOrder(d.orderNum);
  usePollWhilePaying(order, d.orderNum);
  const { env, bridge } = usePlatform();
  const ready = order.status === "ready" ? order.data : null;
  const shown = useRef(ready);
  shown.current = ready;
  const noticeKey = ready ? `${ready.orderNum}:${ready.state}` : null;
  // Inside the app, the app shows the order's notice (docs/native-bridge.md "Notices").
  useEffect(() => {
    if (noticeKey && shown.current) void showOrderNotice(env, bridge, shown.current);
  }, [env, bridge, noticeKey]);
  if (!d.orderNum)
    return (
      <main className="tj-store">
        <h1 className="tj-store__title">没有找到订单</h1>
        <p className="tj-store__lead">链接里缺少订单号。可以在“我的订单”中查看支付结果。</p>
        <AppLink className="tj-button tj-button--block" to="/order">
          我的订单
        </AppLink>
      </main>
    );
  if (order.status === "loading")
    return (
      <main className="tj-store">
        <StoreLoading label="正在确认订单…" />
      </main>
    );
  if (order.status === "error")
    return (
      <main className="tj-store">
        <StoreError message={order.error} onRetry={order.retry} />
      </main>
    );
  const o = order.data;
  const done = o.state === "fulfilled" || o.state === "paid";
  const back = o.returnPath;
  return (
    <main className="tj-store" data-testid="pay-success" data-state={o.state}>
      <header className="tj-store__hero">
        <h1>{done ? (o.product.kind === "vip" ? "会员开通成功" : "支付成功") : o.stateLabel}</h1>
        <p>
          {o.product.title} · 实付 {formatFen(o.payFen)}
        </p>
      </header>
      {done ? (
        <section className="tj-store__card">
          <p>{o.granted ?? "权益正在发放，稍后刷新即可看到。"}</p>
          {o.paidAt && <p className="tj-store__muted">支付时间 {chinaTime(o.paidAt)}</p>}
        </section>
      ) : o.state === "paying" || o.state === "created" ? (
        <StoreLoading label="正在等待支付结果，请稍候…" />
      ) : (
        <p className="tj-store__lead">这笔订单未完成支付。</p>
      )}
      <div className="tj-store__actions">
        {back && done && (
          <AppLink className="tj-button tj-button--block" to={back}>
            返回刚才的内容
          </AppLink>
        )}
        <AppLink
          className="tj-button tj-button--ghost tj-button--block"
          to={`/order/${o.orderNum}`}
        >
          查看订单
        </AppLink>
        {o.product.kind === "vip" && (
          <AppLink className="tj-button tj-button--ghost tj-button--block" to="/buyvip/member">
            会员中心
          </AppLink>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
