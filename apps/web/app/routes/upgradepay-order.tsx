import { formatFen } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useNavigate } from "react-router";
import { successPath } from "../features/store/checkout.tsx";
import { canAutoRenew, type PayMethod } from "../features/store/pay-flow.ts";
import { ORDER_NUM } from "../features/store/store-api.ts";
import {
  AmountLines,
  MethodPicker,
  mmss,
  PayStatus,
  StateBadge,
  StoreError,
  StoreLoading,
  useCountdown,
} from "../features/store/store-parts.tsx";
import { useOrder, usePollWhilePaying } from "../features/store/use-order.ts";
import { usePayment } from "../features/store/use-payment.ts";
import { AppLink } from "../shell/app-link.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/upgradepay-order";
import "../features/store/store.css";

// 待支付订单 (/upgradepay/order?orderNum=): keeps the reader's place after a payment stopped —
// pay again, or with another method — with the time left before the order closes. WeChat's H5
// pay comes back here too: 我已支付 asks the server to check with the channel.
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageReader(context, request);
  const raw = new URL(request.url).searchParams.get("orderNum");
  return { orderNum: raw && ORDER_NUM.test(raw) ? raw : null };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `待支付订单 - ${PRODUCT_NAME}` }];
}

export default function PendingOrder({ loaderData: d }: Route.ComponentProps) {
  const order = useOrder(d.orderNum);
  usePollWhilePaying(order, d.orderNum);
  const { step, busy, pay, confirm, methods } = usePayment();
  const [method, setMethod] = useState<PayMethod>(methods[0] ?? "wechat-h5");
  const navigate = useNavigate();
  const left = useCountdown(order.status === "ready" ? order.data.expiresAt : null);

  if (!d.orderNum)
    return (
      <main className="tj-store">
        <h1 className="tj-store__title">待支付订单</h1>
        <p className="tj-store__lead">链接里缺少订单号。</p>
        <AppLink className="tj-button tj-button--block" to="/order?state=unpaid">
          查看待支付订单
        </AppLink>
      </main>
    );
  if (order.status !== "ready")
    return (
      <main className="tj-store">
        <h1 className="tj-store__title">待支付订单</h1>
        {order.status === "loading" ? (
          <StoreLoading label="正在加载订单…" />
        ) : (
          <StoreError message={order.error} onRetry={order.retry} />
        )}
      </main>
    );
  const o = order.data;
  const unpaid = o.state === "created" || o.state === "paying";
  const expired = unpaid && left === 0;
  async function payAgain() {
    if (method === "alipay-wap") {
      navigate(`/upgradepay/alipay?orderNum=${o.orderNum}`);
      return;
    }
    const last = await pay(o.orderNum, method);
    if (last.kind === "done") navigate(successPath(last.order));
    else if (last.kind === "closed") order.setData(last.order);
  }
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">待支付订单</h1>
      <section className="tj-store__card">
        <div className="tj-store__row">
          <strong>{o.product.title}</strong>
          <StateBadge state={o.state} />
        </div>
        {unpaid && (
          <p className="tj-store__muted" data-testid="pay-countdown">
            {expired ? "订单已超时，即将关闭" : `剩余支付时间 ${mmss(left)}`}
          </p>
        )}
        <AmountLines
          listFen={o.listFen}
          discountFen={o.discountFen}
          couponFen={o.couponFen}
          couponTitle={o.couponTitle}
          payFen={o.payFen}
        />
      </section>
      {unpaid && !expired ? (
        <div className="tj-store__checkout">
          <MethodPicker methods={methods} value={method} onChange={setMethod} />
          {o.autoRenew && !canAutoRenew({ kind: o.product.kind, autoRenewPriceFen: 0 }, method) && (
            <p className="tj-store__muted">这种支付方式不支持自动续费，将按单次购买。</p>
          )}
          <PayStatus step={step} />
          <button
            type="button"
            className="tj-button tj-button--block"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void payAgain()}
          >
            继续支付 {formatFen(o.payFen)}
          </button>
          <button
            type="button"
            className="tj-button tj-button--ghost tj-button--block"
            disabled={busy}
            onClick={() =>
              void confirm(o.orderNum).then((last) => {
                if (last.kind === "done") navigate(successPath(last.order));
              })
            }
          >
            我已支付，查询结果
          </button>
        </div>
      ) : (
        <div className="tj-store__actions">
          {(o.state === "paid" || o.state === "fulfilled") && (
            <AppLink className="tj-button tj-button--block" to={successPath(o)}>
              查看支付结果
            </AppLink>
          )}
          <AppLink
            className="tj-button tj-button--ghost tj-button--block"
            to={`/order/${o.orderNum}`}
          >
            订单详情
          </AppLink>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
