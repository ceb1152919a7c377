import { VIP_RIGHTS } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMemo, useState } from "react";
import { checkoutConsent } from "../features/agreements/consent.server.ts";
import { Checkout } from "../features/store/checkout.tsx";
import { storeApi } from "../features/store/store-api.ts";
import { storePageBasics } from "../features/store/store-page.server.ts";
import { chinaTime, PriceTag, StoreEmpty } from "../features/store/store-parts.tsx";
import { useRemote } from "../features/store/use-remote.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/buyvip";
import "../features/store/store.css";

// 开通会员 (/buyvip): the VIP plans of the catalogue, the recommended one preselected, what VIP
// unlocks (VIP_RIGHTS, the one rule the gates use) and the checkout.
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    plans: await context.services.catalogue.list("vip"),
    consent: await checkoutConsent(context),
    ...storePageBasics(context, request),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `开通会员 - ${PRODUCT_NAME}` }];
}

function VipLine({ signedIn }: { signedIn: boolean }) {
  const { api } = usePlatform();
  const store = useMemo(() => storeApi(api), [api]);
  const vip = useRemote(signedIn ? () => store.vip() : null, String(signedIn));
  if (!signedIn) return <p>登录后开通，全站付费内容一次解锁。</p>;
  if (vip.status !== "ready") return <p>开通会员，全站付费内容一次解锁。</p>;
  return vip.data.active && vip.data.expiresAt ? (
    <p data-testid="vip-status">
      会员有效期至 {chinaTime(vip.data.expiresAt)}，续费将顺延。
      <AppLink to="/buyvip/member">会员中心</AppLink>
    </p>
  ) : (
    <p data-testid="vip-status">你还不是会员，开通后全站付费内容一次解锁。</p>
  );
}

export default function BuyVip({ loaderData: d }: Route.ComponentProps) {
  const preselected = d.plans.find((p) => p.recommended) ?? d.plans[0];
  const [key, setKey] = useState(preselected?.key ?? "");
  const plan = d.plans.find((p) => p.key === key) ?? preselected;
  return (
    <main className="tj-store">
      <header className="tj-store__hero">
        <h1>通鉴会员</h1>
        <VipLine signedIn={d.signedIn} />
      </header>

      <section className="tj-store__section" aria-labelledby="tj-vip-plans">
        <h2 id="tj-vip-plans" className="tj-section__title">
          选择套餐
        </h2>
        {d.plans.length === 0 ? (
          <StoreEmpty>会员套餐暂未开售</StoreEmpty>
        ) : (
          <ul className="tj-store__plans" aria-label="会员套餐">
            {d.plans.map((p) => (
              <li key={p.key}>
                <label className="tj-store__plan" data-testid="vip-plan">
                  <input
                    type="radio"
                    name="vip-plan"
                    value={p.key}
                    checked={plan?.key === p.key}
                    onChange={() => setKey(p.key)}
                  />
                  {p.recommended && <span className="tj-store__plan-tag">推荐</span>}
                  <span className="tj-store__plan-title">{p.title.replace(/^通鉴会员·/, "")}</span>
                  <PriceTag product={p} />
                  <small>{p.subtitle}</small>
                  {p.discount && <small>{p.discount.title}</small>}
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="tj-store__section" aria-labelledby="tj-vip-rights">
        <div className="tj-store__row">
          <h2 id="tj-vip-rights" className="tj-section__title">
            会员权益
          </h2>
          <AppLink to="/buyvip/rights">全部权益</AppLink>
        </div>
        <ul className="tj-store__rights" data-testid="vip-rights">
          {VIP_RIGHTS.map((r) => (
            <li key={r.key}>
              <strong>{r.title}</strong>
              <p>{r.description}</p>
            </li>
          ))}
        </ul>
        <p className="tj-store__muted">
          <AppLink to="/buyvip/content">会员内容</AppLink> ·{" "}
          <AppLink to="/buyvip/qa">常见问题</AppLink> ·{" "}
          <AppLink to="/buyvip/member">会员中心</AppLink> · <AppLink to="/order">我的订单</AppLink>
        </p>
      </section>

      {plan && (
        <Checkout
          key={plan.key}
          product={plan}
          signedIn={d.signedIn}
          loginHref={d.loginHref}
          returnPath={d.returnPath}
          consent={d.consent}
        />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
