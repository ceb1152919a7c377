import type { OrderView } from "@tongjian/contracts/commerce";
import { formatFen, ORDER_STATE_LABELS, PRODUCT_KIND_LABELS } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMemo } from "react";
import { ORDER_NUM, type OrdersTab, storeApi } from "../features/store/store-api.ts";
import {
  AmountLines,
  chinaTime,
  OrderCard,
  StateBadge,
  StoreEmpty,
  StoreError,
  StoreLoading,
} from "../features/store/store-parts.tsx";
import { useOrder } from "../features/store/use-order.ts";
import { useRemote } from "../features/store/use-remote.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/orders";
import "../features/store/store.css";

// 订单 (/order, /order/{orderNum}, /order/detail?orderNum=): the reader's orders by tab, and one
// order with its state, amounts, the timeline of its events and what it granted.
const TABS: [OrdersTab, string][] = [
  ["all", "全部"],
  ["unpaid", "待支付"],
  ["done", "已完成"],
  ["refund", "退款"],
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePageReader(context, request);
  const url = new URL(request.url);
  const id = params.id ?? url.searchParams.get("orderNum");
  if (url.pathname.startsWith("/order/detail") || id) {
    if (!id || !ORDER_NUM.test(id)) throw notFound("没有这笔订单");
    return { kind: "detail", orderNum: id } as const;
  }
  const raw = url.searchParams.get("state");
  const tab = TABS.find(([k]) => k === raw)?.[0] ?? "all";
  return { kind: "list", tab } as const;
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.kind === "detail" ? "订单详情" : "我的订单"} - ${PRODUCT_NAME}` }];
}

function OrderList({ tab }: { tab: OrdersTab }) {
  const { api } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const orders = useRemote(() => store.list(tab), tab);
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">我的订单</h1>
      <nav className="tj-store__tabs" aria-label="订单状态">
        {TABS.map(([k, label]) => (
          <AppLink
            key={k}
            to={k === "all" ? "/order" : `/order?state=${k}`}
            aria-current={k === tab ? "page" : undefined}
          >
            {label}
          </AppLink>
        ))}
      </nav>
      {orders.status === "loading" && <StoreLoading label="正在加载订单…" />}
      {orders.status === "error" && <StoreError message={orders.error} onRetry={orders.retry} />}
      {orders.status === "ready" &&
        (orders.data.orders.length === 0 ? (
          <StoreEmpty>
            <p data-testid="orders-empty">
              {tab === "all" ? "还没有订单" : `没有${TABS.find(([k]) => k === tab)?.[1]}的订单`}
            </p>
            <AppLink className="tj-button" to="/buyvip">
              去开通会员
            </AppLink>
          </StoreEmpty>
        ) : (
          <ul className="tj-store__list" aria-label="订单">
            {orders.data.orders.map((o) => (
              <OrderCard key={o.orderNum} order={o} />
            ))}
          </ul>
        ))}
    </main>
  );
}

const METHOD_LABEL: Record<string, string> = {
  "wechat-jsapi": "微信支付",
  "wechat-h5": "微信支付（H5）",
  "wechat-app": "微信支付（App）",
  "alipay-wap": "支付宝",
  exchange: "兑换码",
  gift: "赠送",
};

export function OrderDetailView({ o }: { o: OrderView }) {
  const unpaid = o.state === "created" || o.state === "paying";
  return (
    <>
      <section className="tj-store__card">
        <div className="tj-store__row">
          <strong>{o.product.title}</strong>
          <StateBadge state={o.state} />
        </div>
        <p className="tj-store__muted">
          {PRODUCT_KIND_LABELS[o.product.kind]} · 数量 {o.quantity}
          {o.autoRenew ? " · 自动续费" : ""}
        </p>
        <AmountLines
          listFen={o.listFen}
          discountFen={o.discountFen}
          couponFen={o.couponFen}
          couponTitle={o.couponTitle}
          payFen={o.payFen}
          refundedFen={o.refundedFen}
          payLabel={unpaid ? "应付" : "实付"}
        />
      </section>
      {o.granted && (
        <section className="tj-store__section">
          <h2 className="tj-section__title">已发放</h2>
          <p data-testid="order-granted">{o.granted}</p>
        </section>
      )}
      {o.address && (
        <section className="tj-store__section">
          <h2 className="tj-section__title">收货地址</h2>
          <p>
            {o.address.name} {o.address.phone}
            <br />
            {o.address.region} {o.address.detail}
          </p>
        </section>
      )}
      <section className="tj-store__section">
        <h2 className="tj-section__title">订单信息</h2>
        <dl className="tj-store__amounts">
          <div>
            <dt>订单号</dt>
            <dd>{o.orderNum}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{chinaTime(o.createdAt)}</dd>
          </div>
          {o.paidAt && (
            <div>
              <dt>支付时间</dt>
              <dd>{chinaTime(o.paidAt)}</dd>
            </div>
          )}
          {o.method && (
            <div>
              <dt>支付方式</dt>
              <dd>{METHOD_LABEL[o.method] ?? o.method}</dd>
            </div>
          )}
        </dl>
      </section>
      <section className="tj-store__section">
        <h2 className="tj-section__title">订单进度</h2>
        <ol className="tj-store__timeline" data-testid="order-events">
          {o.events.map((e) => (
            <li key={`${e.at}-${e.state}`}>
              <strong>{ORDER_STATE_LABELS[e.state]}</strong> {e.cause}
              <div className="tj-store__muted">{chinaTime(e.at)}</div>
            </li>
          ))}
        </ol>
      </section>
      {unpaid && (
        <div className="tj-store__actions">
          <AppLink
            className="tj-button tj-button--block"
            to={`/upgradepay/order?orderNum=${o.orderNum}`}
          >
            去支付 {formatFen(o.payFen)}
          </AppLink>
        </div>
      )}
    </>
  );
}

function OrderDetail({ orderNum }: { orderNum: string }) {
  const order = useOrder(orderNum);
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">订单详情</h1>
      {order.status === "loading" && <StoreLoading label="正在加载订单…" />}
      {order.status === "error" && <StoreError message={order.error} onRetry={order.retry} />}
      {order.status === "ready" && <OrderDetailView o={order.data} />}
      <p className="tj-store__muted">
        <AppLink to="/order">全部订单</AppLink> ·{" "}
        <AppLink to="/recharge/qa">支付与退款问题</AppLink>
      </p>
    </main>
  );
}

export default function Orders({ loaderData: d }: Route.ComponentProps) {
  return d.kind === "list" ? <OrderList tab={d.tab} /> : <OrderDetail orderNum={d.orderNum} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
