import { formatFen } from "@tongjian/domain/commerce";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { PriceTag, StoreEmpty } from "../features/store/store-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/product-card";
import "../features/store/store.css";

// 学习卡 (/productDetail/card, /productDetail/card/*): the cards of uses (次卡), the reissue
// cards that make up a missed check-in day.
export async function loader({ context }: Route.LoaderArgs) {
  return { cards: await context.services.catalogue.list("card") };
}

export function meta() {
  return [{ title: `补签卡 - ${PRODUCT_NAME}` }];
}

export default function CardProduct({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">补签卡</h1>
      <p className="tj-store__lead">
        漏了一天打卡？用一张补签卡把那天补上，连续打卡天数不断。补签卡放在账户里长期有效，打卡页随时可用。
      </p>
      {d.cards.length === 0 && <StoreEmpty>补签卡暂未开售</StoreEmpty>}
      <ul className="tj-store__list">
        {d.cards.map((c) => (
          <li key={c.key} className="tj-store__card" data-testid="card-product">
            <div className="tj-store__row">
              <strong>{c.title}</strong>
              <PriceTag product={c} />
            </div>
            <p className="tj-store__muted">
              {c.subtitle}
              {c.uses ? ` · 每张约 ${formatFen(Math.round(c.priceFen / c.uses))}` : ""}
            </p>
            <AppLink
              className="tj-button tj-button--block"
              to={`/upgradepay?product=${c.key}&returnPath=${encodeURIComponent("/clockin")}`}
            >
              购买
            </AppLink>
          </li>
        ))}
      </ul>
      <p className="tj-store__muted">
        <AppLink to="/clockin">去打卡</AppLink> · <AppLink to="/recharge/qa">支付问题</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
