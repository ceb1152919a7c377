import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { chinaTime, PromoNav, SignInPrompt } from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/exchange-order";
import "../features/promotions/promotions.css";

// 兑换记录 (/exchange/order): what the reader redeemed, each with its order.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind !== "user") return { signedIn: false as const };
  return {
    signedIn: true as const,
    ...(await context.services.promotions.exchange.mine(context.viewer)),
  };
}

export function meta() {
  return [{ title: `兑换记录 - ${PRODUCT_NAME}` }];
}

export default function ExchangeOrderRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">兑换记录</h1>
      <PromoNav current="/exchange/order" />
      {!d.signedIn ? (
        <SignInPrompt what="查看兑换记录" />
      ) : d.redemptions.length === 0 ? (
        <div className="tj-empty" data-testid="exchange-empty">
          还没有兑换过，<AppLink to="/exchange">去兑换</AppLink>
        </div>
      ) : (
        <ul className="tj-promo__list" data-testid="exchange-orders">
          {d.redemptions.map((r) => (
            <li key={`${r.orderNum}-${r.redeemedAt}`} className="tj-promo-card">
              <div className="tj-promo-card__body">
                <h2 className="tj-promo-card__name">{r.productTitle}</h2>
                <p className="tj-promo-card__meta">兑换于 {chinaTime(r.redeemedAt)}</p>
                {r.orderNum && <AppLink to={`/order/${r.orderNum}`}>订单 {r.orderNum}</AppLink>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
