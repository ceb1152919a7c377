import { PRODUCT_KEY, PRODUCT_KIND_LABELS } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { checkoutConsent } from "../features/agreements/consent.server.ts";
import { Checkout } from "../features/store/checkout.tsx";
import { storePageBasics } from "../features/store/store-page.server.ts";
import { PriceTag } from "../features/store/store-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/upgradepay";
import "../features/store/store.css";

// 升级支付 (/upgradepay?product=<key>): the checkout outside WeChat's VIP page, for courses, cards
// and goods (and VIP in a plain browser): the product, quantity and address for goods, the
// coupon, the method (微信支付 H5 or 支付宝 in a browser).
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const key = url.searchParams.get("product") ?? url.searchParams.get("productKey");
  const basics = storePageBasics(context, request);
  if (!key) return { product: null, ...basics };
  if (!PRODUCT_KEY.test(key)) throw notFound("没有这件商品");
  const product = await context.services.catalogue.get(key);
  if (!product) throw notFound("没有这件商品");
  return { product, consent: await checkoutConsent(context), ...basics };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.product ? `购买${data.product.title}` : "升级支付"} - ${PRODUCT_NAME}` },
  ];
}

export default function UpgradePay({ loaderData: d }: Route.ComponentProps) {
  const p = d.product;
  if (!p)
    return (
      <main className="tj-store">
        <h1 className="tj-store__title">选择要购买的商品</h1>
        <ul className="tj-store__list">
          {(
            [
              ["/buyvip", "通鉴会员", "全文阅读、天梯全部关卡、会员词条、无广告"],
              ["/productDetail/ladder", "天梯课程", "文史、少儿、新闻天梯的全部关卡"],
              ["/productDetail/card", "补签卡", "漏打卡的日子补签"],
              ["/starmalllandscape", "星宝商城", "书签、挂图、帆布袋"],
            ] as const
          ).map(([to, title, sub]) => (
            <li key={to} className="tj-store__card">
              <AppLink to={to} className="tj-store__order-link">
                <strong>{title}</strong>
                <span className="tj-store__muted">{sub}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </main>
    );
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">确认订单</h1>
      <section className="tj-store__card" data-testid="product-summary">
        <div className="tj-store__row">
          <strong>{p.title}</strong>
          <PriceTag product={p} />
        </div>
        <p className="tj-store__muted">
          {PRODUCT_KIND_LABELS[p.kind]} · {p.subtitle}
          {p.stock !== null ? ` · 库存 ${p.stock}` : ""}
        </p>
      </section>
      <Checkout
        product={p}
        signedIn={d.signedIn}
        loginHref={d.loginHref}
        returnPath={d.returnPath}
        consent={d.consent}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
