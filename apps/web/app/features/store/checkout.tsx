import type { OrderView, ProductView, QuoteView } from "@tongjian/contracts/commerce";
import {
  type ConsentItem,
  checkoutAgreements,
  consentRefs,
} from "@tongjian/domain/agreement-consent";
import type { AgreementKey } from "@tongjian/domain/agreement-types";
import { formatFen } from "@tongjian/domain/commerce";
import Popup from "antd-mobile/es/components/popup";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { canAutoRenew, type PayMethod } from "./pay-flow.ts";
import type { ShippingAddress } from "./store-api.ts";
import {
  AgreementCheck,
  AmountLines,
  MethodPicker,
  PayStatus,
  StoreError,
  StoreLoading,
} from "./store-parts.tsx";
import { usePayment } from "./use-payment.ts";
import { useRemote } from "./use-remote.ts";

const PHONE = /^1[3-9][0-9]{9}$/;

function addressProblem(a: ShippingAddress): string | null {
  if (!a.name.trim()) return "请填写收件人";
  if (!PHONE.test(a.phone)) return "请填写 11 位手机号";
  if (a.region.trim().length < 2) return "请填写所在地区";
  if (a.detail.trim().length < 4) return "请填写详细地址";
  return null;
}

/** Where a paid order lands: VIP's own page, or the store's. */
export function successPath(order: Pick<OrderView, "orderNum" | "product">) {
  return order.product.kind === "vip"
    ? `/buyvip/success?orderNum=${order.orderNum}`
    : `/upgradepay/success?orderNum=${order.orderNum}`;
}

/**
 * The checkout of a product (decision 0037): quantity and address for goods, the coupon the
 * quote suggests (changeable), the methods of this environment, renewal where the channel
 * signs it, the agreements; then an order, paid by pay-flow.ts. A payment that stops keeps the
 * order on the page: 继续支付 pays the same order again.
 */
export function Checkout(props: {
  product: ProductView;
  signedIn: boolean;
  loginHref: string;
  returnPath: string | null;
  /** The agreements the order accepts, from the page's loader (decision 40). */
  consent?: { items: ConsentItem[]; pendingLogin: AgreementKey[] };
}) {
  const { product } = props;
  const navigate = useNavigate();
  const { store, step, busy, pay, methods } = usePayment();
  const [quantity, setQuantity] = useState(1);
  const [couponId, setCouponId] = useState<string | null | undefined>(undefined);
  const [method, setMethod] = useState<PayMethod>(methods[0] ?? "wechat-h5");
  const [autoRenew, setAutoRenew] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [sheet, setSheet] = useState(false);
  const [address, setAddress] = useState<ShippingAddress>({
    name: "",
    phone: "",
    region: "",
    detail: "",
  });
  const [order, setOrder] = useState<OrderView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isGoods = product.kind === "goods";
  const maxQuantity = Math.max(1, Math.min(10, product.stock ?? 10));
  const soldOut = product.stock === 0 || !product.onSale;
  const renewable = canAutoRenew(product, method);
  const consentKeys: AgreementKey[] = props.consent
    ? [...checkoutAgreements(product.kind, renewable && autoRenew), ...props.consent.pendingLogin]
    : [];
  const consentItems = props.consent
    ? consentKeys.flatMap((key) => props.consent?.items.filter((i) => i.agreement === key) ?? [])
    : undefined;

  const quote = useRemote<QuoteView>(
    props.signedIn
      ? () =>
          store.quote({
            productKey: product.key,
            quantity,
            ...(couponId !== undefined ? { couponId } : {}),
          })
      : null,
    `${product.key}|${quantity}|${couponId}`,
  );
  // A new product, quantity or coupon is a new order.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these start a new order
  useEffect(() => setOrder(null), [product.key, quantity, couponId, autoRenew]);
  useEffect(() => {
    if (!renewable) setAutoRenew(false);
  }, [renewable]);

  const q = quote.status === "ready" ? quote.data : null;
  const chosenCoupon = q ? (q.coupons.find((c) => c.id === q.couponId) ?? null) : null;

  async function submit() {
    setProblem(null);
    if (!agreed) {
      setProblem(
        product.kind === "vip" ? "请先阅读并同意会员服务协议和支付协议" : "请先阅读并同意支付协议",
      );
      return;
    }
    if (isGoods) {
      const p = addressProblem(address);
      if (p) {
        setProblem(p);
        return;
      }
    }
    let current = order;
    if (!current) {
      try {
        current = await store.create({
          productKey: product.key,
          quantity,
          couponId: q?.couponId ?? null,
          autoRenew: renewable && autoRenew,
          ...(isGoods ? { address } : {}),
          ...(props.returnPath ? { returnPath: props.returnPath } : {}),
          ...(props.consent ? { agreements: consentRefs(props.consent.items, consentKeys) } : {}),
        });
        setOrder(current);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : "下单失败，请重试");
        return;
      }
    }
    if (method === "alipay-wap") {
      navigate(`/upgradepay/alipay?orderNum=${current.orderNum}`);
      return;
    }
    const last = await pay(current.orderNum, method);
    if (last.kind === "done") navigate(successPath(last.order));
  }

  if (soldOut)
    return (
      <section className="tj-store__checkout" aria-label="结算">
        <button type="button" className="tj-button tj-button--block" disabled>
          {product.stock === 0 ? "已售罄" : "已下架"}
        </button>
      </section>
    );

  return (
    <section className="tj-store__checkout" aria-label="结算">
      {isGoods && (
        <div className="tj-store__field tj-store__row">
          <span className="tj-store__label" id="tj-store-qty">
            数量
          </span>
          <span className="tj-store__stepper" role="group" aria-labelledby="tj-store-qty">
            <button
              type="button"
              aria-label="减少一件"
              disabled={quantity <= 1}
              onClick={() => setQuantity((n) => Math.max(1, n - 1))}
            >
              −
            </button>
            <output aria-live="polite">{quantity}</output>
            <button
              type="button"
              aria-label="增加一件"
              disabled={quantity >= maxQuantity}
              onClick={() => setQuantity((n) => Math.min(maxQuantity, n + 1))}
            >
              +
            </button>
          </span>
        </div>
      )}
      {isGoods && (
        <fieldset className="tj-store__address">
          <legend className="tj-store__label">收货地址</legend>
          {(
            [
              ["name", "收件人", "姓名", "name"],
              ["phone", "手机号", "11 位手机号", "tel"],
              ["region", "所在地区", "省 市 区", "address-level1"],
              ["detail", "详细地址", "街道、门牌号", "street-address"],
            ] as const
          ).map(([k, label, placeholder, autoComplete]) => (
            <label key={k} className="tj-store__input">
              <span>{label}</span>
              <input
                value={address[k]}
                placeholder={placeholder}
                autoComplete={autoComplete}
                inputMode={k === "phone" ? "numeric" : undefined}
                maxLength={k === "detail" ? 80 : k === "phone" ? 11 : 40}
                onChange={(e) => setAddress({ ...address, [k]: e.currentTarget.value })}
              />
            </label>
          ))}
        </fieldset>
      )}

      {props.signedIn && (
        <div className="tj-store__quote" data-testid="quote">
          {quote.status === "loading" && <StoreLoading label="正在计算价格…" />}
          {quote.status === "error" && <StoreError message={quote.error} onRetry={quote.retry} />}
          {q && (
            <>
              <button
                type="button"
                className="tj-store__coupon-row"
                onClick={() => setSheet(true)}
                aria-haspopup="dialog"
              >
                <span>优惠券</span>
                <span className="tj-store__coupon-pick">
                  {chosenCoupon
                    ? `${chosenCoupon.title} -${formatFen(chosenCoupon.offFen)}`
                    : q.coupons.some((c) => c.usable)
                      ? `${q.coupons.filter((c) => c.usable).length} 张可用`
                      : "暂无可用"}
                  {chosenCoupon && q.couponId === q.suggestedCouponId && (
                    <em className="tj-store__tag">最优</em>
                  )}
                </span>
              </button>
              <AmountLines
                listFen={q.listFen}
                discountFen={q.discountFen}
                couponFen={q.couponFen}
                payFen={q.payFen}
              />
            </>
          )}
        </div>
      )}

      {props.signedIn && <MethodPicker methods={methods} value={method} onChange={setMethod} />}
      {props.signedIn && renewable && product.autoRenewPriceFen !== null && (
        <label className="tj-store__agree">
          <input
            type="checkbox"
            checked={autoRenew}
            onChange={(e) => setAutoRenew(e.currentTarget.checked)}
          />
          <span>
            到期自动续费，之后每期 {formatFen(product.autoRenewPriceFen)}，可随时在会员中心取消
          </span>
        </label>
      )}
      {props.signedIn && (
        <AgreementCheck
          checked={agreed}
          onChange={setAgreed}
          vip={product.kind === "vip"}
          {...(consentItems ? { items: consentItems } : {})}
        />
      )}

      {problem && (
        <p className="tj-store__problem" role="alert">
          {problem}
        </p>
      )}
      <PayStatus step={step} orderNum={order?.orderNum ?? null} />

      <div className="tj-store__paybar">
        <span className="tj-store__paybar-price">
          {q ? formatFen(q.payFen) : formatFen(product.priceFen * quantity)}
        </span>
        {props.signedIn ? (
          <button
            type="button"
            className="tj-button tj-store__paybtn"
            disabled={busy || !q}
            aria-busy={busy}
            onClick={() => void submit()}
          >
            {order ? "继续支付" : busy ? "支付中…" : "立即支付"}
          </button>
        ) : (
          <AppLink className="tj-button tj-store__paybtn" to={props.loginHref}>
            登录后购买
          </AppLink>
        )}
      </div>

      <Popup
        visible={sheet}
        onMaskClick={() => setSheet(false)}
        onClose={() => setSheet(false)}
        bodyClassName="tj-store__sheet"
      >
        <div role="dialog" aria-label="选择优惠券">
          <h2 className="tj-store__sheet-title">选择优惠券</h2>
          <ul className="tj-store__coupons">
            {(q?.coupons ?? []).map((c) => (
              <li key={c.id}>
                <label className="tj-store__coupon" data-usable={c.usable}>
                  <input
                    type="radio"
                    name="coupon"
                    disabled={!c.usable}
                    checked={q?.couponId === c.id}
                    onChange={() => {
                      setCouponId(c.id);
                      setSheet(false);
                    }}
                  />
                  <span className="tj-store__coupon-off">
                    {c.usable ? `-${formatFen(c.offFen)}` : "不可用"}
                  </span>
                  <span>
                    <strong>{c.title}</strong>
                    {c.id === q?.suggestedCouponId && <em className="tj-store__tag">推荐</em>}
                    <small>{c.reason ?? `有效期至 ${c.endsAt.slice(0, 10)}`}</small>
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="tj-store__coupon">
                <input
                  type="radio"
                  name="coupon"
                  checked={q?.couponId === null}
                  onChange={() => {
                    setCouponId(null);
                    setSheet(false);
                  }}
                />
                <span>不使用优惠券</span>
              </label>
            </li>
          </ul>
        </div>
      </Popup>
    </section>
  );
}
