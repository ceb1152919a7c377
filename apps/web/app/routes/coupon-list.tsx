import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { GrantCard } from "../features/promotions/coupon-card.tsx";
import { PromoNav, SignInPrompt } from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/coupon-list";
import "../features/promotions/promotions.css";

const TABS = [
  ["available", "可用"],
  ["used", "已使用"],
  ["expired", "已过期"],
] as const;
type Tab = (typeof TABS)[number][0];

// 我的优惠券 (/coupon/list, /coupon/list/{tab}): the reader's coupons in three tabs; 去使用 opens
// the product the coupon is for.
export async function loader({ context, params }: Route.LoaderArgs) {
  const tab: Tab = TABS.some(([t]) => t === params.id) ? (params.id as Tab) : "available";
  if (context.viewer.kind !== "user") return { signedIn: false as const, tab };
  return {
    signedIn: true as const,
    tab,
    mine: await context.services.promotions.coupons.mine(context.viewer, tab),
  };
}

export function meta() {
  return [{ title: `我的优惠券 - ${PRODUCT_NAME}` }];
}

export default function CouponListRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">我的优惠券</h1>
      <PromoNav current="/coupon/list" />
      {!d.signedIn ? (
        <SignInPrompt what="查看你的优惠券" />
      ) : (
        <>
          <nav aria-label="优惠券分类">
            <ul className="tj-pill-nav">
              {TABS.map(([tab, label]) => (
                <li key={tab}>
                  <AppLink
                    to={`/coupon/list/${tab}`}
                    aria-current={d.tab === tab ? "page" : undefined}
                  >
                    {label}（{d.mine.counts[tab]}）
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
          {d.mine.coupons.length === 0 ? (
            <div className="tj-empty" data-testid="coupon-list-empty">
              {d.tab === "available" ? (
                <>
                  还没有可用的优惠券，<AppLink to="/coupon">去领券中心看看</AppLink>
                </>
              ) : d.tab === "used" ? (
                "还没有用过优惠券"
              ) : (
                "没有过期的优惠券"
              )}
            </div>
          ) : (
            <ul className="tj-promo__list">
              {d.mine.coupons.map((c) => (
                <li key={c.id}>
                  <GrantCard coupon={c} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
