import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { PriceTag, StoreEmpty } from "../features/store/store-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/starmall";
import "../features/store/store.css";

// 星宝商城 (/starmalllandscape): the goods of the star mall in a grid that widens in landscape,
// each with its stock (read fresh: orders change it), 售罄 at 0.
export async function loader({ context }: Route.LoaderArgs) {
  return { goods: await context.services.catalogue.list("goods") };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `星宝商城 - ${PRODUCT_NAME}` }];
}

export default function StarMall({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-store">
      <h1 className="tj-store__title">星宝商城</h1>
      <p className="tj-store__lead">读史之余的小物件：实物包邮，下单后 3 个工作日内发出。</p>
      {d.goods.length === 0 ? (
        <StoreEmpty>商品正在上新，敬请期待</StoreEmpty>
      ) : (
        <ul className="tj-store__goods" aria-label="商品">
          {d.goods.map((g) => {
            const soldOut = g.stock === 0;
            const body = (
              <>
                <span className="tj-store__good-art" aria-hidden="true">
                  {g.title.slice(0, 2)}
                </span>
                <strong>{g.title}</strong>
                <span className="tj-store__muted">{g.subtitle}</span>
                <span className="tj-store__row">
                  <PriceTag product={g} />
                  {soldOut ? (
                    <span className="tj-store__soldout">售罄</span>
                  ) : (
                    <span className="tj-store__muted" data-testid="goods-stock">
                      库存 {g.stock ?? "充足"}
                    </span>
                  )}
                </span>
              </>
            );
            return (
              <li key={g.key} data-testid="goods">
                {soldOut ? (
                  <div className="tj-store__good" data-soldout="true" aria-disabled="true">
                    {body}
                  </div>
                ) : (
                  <AppLink
                    className="tj-store__good"
                    to={`/upgradepay?product=${g.key}&returnPath=${encodeURIComponent("/starmalllandscape")}`}
                  >
                    {body}
                  </AppLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="tj-store__muted">
        <AppLink to="/order">我的订单</AppLink> · <AppLink to="/recharge/qa">支付与退款</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
