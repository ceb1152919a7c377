import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { successPath } from "../features/store/checkout.tsx";
import { ORDER_NUM } from "../features/store/store-api.ts";
import { PayStatus, StoreLoading } from "../features/store/store-parts.tsx";
import { usePayment } from "../features/store/use-payment.ts";
import { AppLink } from "../shell/app-link.tsx";
import { requirePageReader } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/upgradepay-alipay";
import "../features/store/store.css";

// 支付宝支付 (/upgradepay/alipay): hands an order over to Alipay (?orderNum=, the redirect from
// the pay call), and is where Alipay's return_url lands (?out_trade_no=…): then it asks the
// server to confirm with Alipay and shows the result. Alipay's return alone pays nothing.
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePageReader(context, request);
  const url = new URL(request.url);
  const returned = url.searchParams.get("out_trade_no");
  const raw = returned ?? url.searchParams.get("orderNum");
  return {
    orderNum: raw && ORDER_NUM.test(raw) ? raw : null,
    mode: returned ? ("return" as const) : ("handover" as const),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `支付宝支付 - ${PRODUCT_NAME}` }];
}

export default function AlipayPage({ loaderData: d }: Route.ComponentProps) {
  const { step, pay, confirm, busy } = usePayment();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (!d.orderNum || started.current) return;
    started.current = true;
    const run = d.mode === "return" ? confirm(d.orderNum) : pay(d.orderNum, "alipay-wap");
    void run.then((last) => {
      if (last.kind === "done") navigate(successPath(last.order), { replace: true });
    });
  }, [d.orderNum, d.mode, pay, confirm, navigate]);

  if (!d.orderNum)
    return (
      <main className="tj-store">
        <h1 className="tj-store__title">支付宝支付</h1>
        <p className="tj-store__lead">链接里缺少订单号，请回到订单重新发起支付。</p>
        <AppLink className="tj-button tj-button--block" to="/order?state=unpaid">
          待支付订单
        </AppLink>
      </main>
    );
  const stopped =
    step && step.kind !== "confirming" && step.kind !== "redirected" && step.kind !== "done";
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">支付宝支付</h1>
      {!step && (
        <StoreLoading label={d.mode === "return" ? "正在确认支付结果…" : "正在前往支付宝…"} />
      )}
      <PayStatus step={step} orderNum={d.orderNum} />
      {stopped && (
        <div className="tj-store__actions">
          <button
            type="button"
            className="tj-button tj-button--block"
            disabled={busy}
            onClick={() => void pay(d.orderNum as string, "alipay-wap")}
          >
            重新前往支付宝
          </button>
          <button
            type="button"
            className="tj-button tj-button--ghost tj-button--block"
            disabled={busy}
            onClick={() =>
              void confirm(d.orderNum as string).then((last) => {
                if (last.kind === "done") navigate(successPath(last.order), { replace: true });
              })
            }
          >
            我已支付，查询结果
          </button>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
