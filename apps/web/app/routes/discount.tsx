import type { DiscountView } from "@tongjian/contracts/promotions";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { DiscountCard } from "../features/promotions/discount-card.tsx";
import { PromoNav } from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/discount";
import "../features/promotions/promotions.css";

const ID = /^[0-9a-f]{24}$/;
const SALES: Record<1 | 2, { title: string; lead: string }> = {
  1: { title: "会员特惠", lead: "限时会员价，到点恢复原价。" },
  2: { title: "课程与好物特惠", lead: "天梯课程与星宝商城好物，限时优惠。" },
};

// 限时折扣 (/discount, /discount/{id}, /discount/list/{theme?}) and the sale pages /sales/1 and
// /sales/2: discounted products with their countdown; 立即抢购 opens the checkout (VIP on /buyvip,
// the rest on /upgradepay). The price paid is computed again on the server at checkout.
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const discounts = context.services.promotions.discounts;
  const sale = /^\/sales\/([12])\/?$/.exec(url.pathname);
  if (sale) {
    const theme = Number(sale[1]) as 1 | 2;
    const list = await discounts.list(theme);
    return { kind: "sale" as const, theme, ...SALES[theme], ...list };
  }
  const id = "id" in params ? params.id : undefined;
  if (url.pathname.startsWith("/discount/list")) {
    const theme = id === "1" || id === "2" ? (Number(id) as 1 | 2) : undefined;
    if (id && !theme) throw notFound("没有这个折扣分类");
    return { kind: "list" as const, ...(await discounts.list(theme)) };
  }
  if (id) {
    if (!ID.test(id)) throw notFound("没有这个折扣活动");
    const one = await orNotFound(discounts.get(id), "没有这个折扣活动");
    return { kind: "one" as const, discounts: [one] as DiscountView[], now: one.now };
  }
  return { kind: "list" as const, ...(await discounts.list()) };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title =
    d?.kind === "sale" ? d.title : d?.kind === "one" ? d.discounts[0]?.product.title : "限时折扣";
  return [{ title: `${title ?? "限时折扣"} - ${PRODUCT_NAME}` }];
}

export default function DiscountRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">{d.kind === "sale" ? d.title : "限时折扣"}</h1>
      {d.kind === "sale" ? (
        <>
          <p className="tj-promo__lead">{d.lead}</p>
          <nav aria-label="特惠">
            <ul className="tj-pill-nav">
              <li>
                <AppLink to="/sales/1" aria-current={d.theme === 1 ? "page" : undefined}>
                  会员特惠
                </AppLink>
              </li>
              <li>
                <AppLink to="/sales/2" aria-current={d.theme === 2 ? "page" : undefined}>
                  课程与好物
                </AppLink>
              </li>
              <li>
                <AppLink to="/drawsale">抽奖特惠</AppLink>
              </li>
            </ul>
          </nav>
        </>
      ) : (
        <PromoNav current="/discount" />
      )}
      {d.discounts.length === 0 ? (
        <div className="tj-empty" data-testid="discount-empty">
          当前没有进行中的折扣，<AppLink to="/coupon">去领券中心看看</AppLink>
        </div>
      ) : (
        <ul className="tj-promo__list">
          {d.discounts.map((x) => (
            <li key={x.id}>
              <DiscountCard
                discount={x}
                now={d.now}
                {...(d.kind === "one" ? {} : { href: `/discount/${x.id}` })}
              />
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
