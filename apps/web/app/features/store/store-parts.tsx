import type { OrderView, ProductView } from "@tongjian/contracts/commerce";
import type { ConsentItem } from "@tongjian/domain/agreement-consent";
import { formatChinaTime } from "@tongjian/domain/china-time";
import { formatFen, ORDER_STATE_LABELS } from "@tongjian/domain/commerce";
import { useEffect, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { PAY_METHOD_LABELS, type PayMethod, type PayStep } from "./pay-flow.ts";

/** China time, to the second: 2026-11-27 18:00:00. */
export function chinaTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatChinaTime(at);
}

export function StoreLoading({ label = "正在加载…" }: { label?: string }) {
  return (
    <div className="tj-store__state" role="status" aria-live="polite">
      <span className="tj-store__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function StoreError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="tj-store__state tj-store__state--error" role="alert">
      <p>{message || "加载失败"}</p>
      <button type="button" className="tj-button" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

export function StoreEmpty({ children }: { children: React.ReactNode }) {
  return <div className="tj-store__state tj-store__empty">{children}</div>;
}

/** Today's price, with the list price struck through when a discount runs. */
export function PriceTag({ product }: { product: Pick<ProductView, "priceFen" | "listPriceFen"> }) {
  return (
    <span className="tj-store__price">
      <strong>{formatFen(product.priceFen)}</strong>
      {product.priceFen < product.listPriceFen && (
        <del>
          <span className="tj-visually-hidden">原价</span>
          {formatFen(product.listPriceFen)}
        </del>
      )}
    </span>
  );
}

export function StateBadge({ state }: { state: OrderView["state"] }) {
  return (
    <span className="tj-store__badge" data-state={state}>
      {ORDER_STATE_LABELS[state]}
    </span>
  );
}

export function orderPath(orderNum: string) {
  return `/order/${orderNum}`;
}

export function OrderCard({ order }: { order: OrderView }) {
  return (
    <li className="tj-store__card tj-store__order" data-testid="order-card">
      <AppLink to={orderPath(order.orderNum)} className="tj-store__order-link">
        <span className="tj-store__row">
          <span className="tj-store__order-title">{order.product.title}</span>
          <StateBadge state={order.state} />
        </span>
        <span className="tj-store__row tj-store__muted">
          <span>
            {chinaTime(order.createdAt)}
            {order.quantity > 1 ? ` · ×${order.quantity}` : ""}
          </span>
          <span>实付 {formatFen(order.payFen)}</span>
        </span>
      </AppLink>
    </li>
  );
}

/** The amounts of an order or a quote, line by line. */
export function AmountLines(props: {
  listFen: number;
  discountFen: number;
  couponFen: number;
  payFen: number;
  refundedFen?: number;
  couponTitle?: string | null;
  payLabel?: string;
}) {
  return (
    <dl className="tj-store__amounts">
      <div>
        <dt>商品金额</dt>
        <dd>{formatFen(props.listFen)}</dd>
      </div>
      {props.discountFen > 0 && (
        <div>
          <dt>限时优惠</dt>
          <dd>-{formatFen(props.discountFen)}</dd>
        </div>
      )}
      <div>
        <dt>优惠券{props.couponTitle ? `（${props.couponTitle}）` : ""}</dt>
        <dd>{props.couponFen > 0 ? `-${formatFen(props.couponFen)}` : "未使用"}</dd>
      </div>
      <div className="tj-store__amounts-total">
        <dt>{props.payLabel ?? "应付"}</dt>
        <dd>{formatFen(props.payFen)}</dd>
      </div>
      {props.refundedFen !== undefined && props.refundedFen > 0 && (
        <div>
          <dt>已退款</dt>
          <dd>{formatFen(props.refundedFen)}</dd>
        </div>
      )}
    </dl>
  );
}

export function MethodPicker(props: {
  methods: readonly PayMethod[];
  value: PayMethod;
  onChange: (m: PayMethod) => void;
}) {
  return (
    <fieldset className="tj-store__methods">
      <legend className="tj-store__label">支付方式</legend>
      {props.methods.map((m) => (
        <label key={m} className="tj-store__method" data-method={m}>
          <span
            className={`tj-store__method-icon tj-store__method-icon--${m.split("-")[0]}`}
            aria-hidden="true"
          >
            {m.startsWith("alipay") ? "支" : "微"}
          </span>
          <span className="tj-store__method-name">{PAY_METHOD_LABELS[m]}</span>
          <input
            type="radio"
            name="pay-method"
            value={m}
            checked={props.value === m}
            onChange={() => props.onChange(m)}
          />
        </label>
      ))}
    </fieldset>
  );
}

export function AgreementCheck(props: {
  checked: boolean;
  onChange: (v: boolean) => void;
  /** VIP also agrees to the membership's terms; other products to the payment terms alone. */
  vip: boolean;
  /**
   * The agreements this order accepts, at their versions (decision 40): the product's, the
   * renewal's, and any login agreement the reader has not accepted at its current version.
   */
  items?: readonly ConsentItem[];
}) {
  return (
    <label className="tj-store__agree">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>
        我已阅读并同意
        {props.items && props.items.length > 0 ? (
          props.items.map((item) => (
            <AppLink key={item.agreement} to={item.path}>
              《{item.title}》
            </AppLink>
          ))
        ) : (
          <>
            {props.vip && (
              <>
                <AppLink to="/buyvip/agreement/service">《会员服务协议》</AppLink>和
              </>
            )}
            <AppLink to="/buyvip/agreement/pay">《会员支付协议》</AppLink>
          </>
        )}
      </span>
    </label>
  );
}

/** Minutes and seconds until `iso`, ticking; 00:00 once passed. */
export function useCountdown(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, new Date(iso).getTime() - now) : 0;
}

export function mmss(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** What the payment is doing, or why it stopped, in words and with the next thing to do. */
export function PayStatus(props: {
  step: PayStep | null;
  onRetry?: () => void;
  orderNum?: string | null;
}) {
  const { step } = props;
  if (!step || step.kind === "done") return null;
  if (step.kind === "confirming")
    return (
      <div className="tj-store__paystatus" role="status" aria-live="polite">
        <span className="tj-store__spinner" aria-hidden="true" />
        正在确认支付结果（{step.attempt}）…
        <progress max={6} value={step.attempt} aria-label="确认进度" />
      </div>
    );
  if (step.kind === "redirected")
    return (
      <div className="tj-store__paystatus" role="status">
        正在前往支付页面…
      </div>
    );
  const text =
    step.kind === "kept"
      ? "支付已取消，订单为你保留，可继续支付或换一种支付方式。"
      : step.kind === "failed"
        ? step.message
        : step.kind === "pending"
          ? "暂未收到支付结果。如已付款，请稍后在订单中查看，不会重复扣款。"
          : "订单已关闭，请重新下单。";
  return (
    <div
      className="tj-store__paystatus tj-store__paystatus--stop"
      role={step.kind === "failed" ? "alert" : "status"}
    >
      <p>{text}</p>
      {props.orderNum && (
        <AppLink to={`/upgradepay/order?orderNum=${props.orderNum}`}>查看待支付订单</AppLink>
      )}
    </div>
  );
}
