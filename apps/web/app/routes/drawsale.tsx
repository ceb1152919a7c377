import type { DrawResultView } from "@tongjian/contracts/promotions";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  ActionError,
  Countdown,
  chinaTime,
  PromoNav,
  SignInPrompt,
  useApiAction,
} from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/drawsale";
import "../features/promotions/promotions.css";

// 抽奖特惠 (/drawsale): a sale with a draw. Every prize's odds are stated; a reader draws a few
// times a China day; the server rolls (crypto randomness), gives the prize and records the draw,
// and 我的抽奖记录 lists them with their rolls.
export async function loader({ context }: Route.LoaderArgs) {
  const sale = await orNotFound(
    context.services.promotions.draws.sale(context.viewer),
    "抽奖活动不存在",
  );
  return { sale, now: new Date().toISOString() };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.sale.title ?? "抽奖特惠"} - ${PRODUCT_NAME}` }];
}

export default function DrawSaleRoute({ loaderData: { sale, now } }: Route.ComponentProps) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const action = useApiAction<DrawResultView>();
  const [result, setResult] = useState<DrawResultView | null>(null);
  const draw = async () => {
    const r = await action.run(() =>
      api.post<DrawResultView>("/api/m/drawsale/draw", { sale: sale.key }),
    );
    if (r) {
      setResult(r);
      void revalidator.revalidate();
    }
  };
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">{sale.title}</h1>
      <PromoNav current="/drawsale" />
      <p className="tj-promo__lead">
        每人每天可抽 {sale.dailyLimit} 次。
        {sale.running ? <Countdown endsAt={sale.endsAt} now={now} /> : "活动不在进行中。"}
      </p>
      <section aria-labelledby="tj-draw-odds">
        <h2 id="tj-draw-odds" className="tj-section__title">
          奖品与中奖概率
        </h2>
        <table className="tj-promo__table" data-testid="draw-odds">
          <thead>
            <tr>
              <th scope="col">奖品</th>
              <th scope="col">概率</th>
            </tr>
          </thead>
          <tbody>
            {sale.prizes.map((p) => (
              <tr key={p.key}>
                <td>{p.title}</td>
                <td>{p.odds}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="tj-promo-card__meta">
          概率为各奖品权重占总权重之比；结果由服务器随机产生并记录，可在下方“我的抽奖记录”查看。
        </p>
      </section>
      {!sale.signedIn ? (
        <SignInPrompt what="参与抽奖" />
      ) : (
        <section aria-labelledby="tj-draw-go">
          <h2 id="tj-draw-go" className="tj-visually-hidden">
            抽奖
          </h2>
          <p>今日剩余 {sale.leftToday} 次</p>
          <button
            type="button"
            className="tj-button tj-button--block"
            disabled={!sale.running || sale.leftToday === 0 || action.busy}
            aria-busy={action.busy}
            onClick={() => void draw()}
          >
            {action.busy ? "正在抽奖…" : sale.leftToday === 0 ? "今日次数已用完" : "抽一次"}
          </button>
          <ActionError error={action.error} />
          {result && (
            <div className="tj-promo__ok" role="status" data-testid="draw-result">
              <p>{result.message}</p>
              {result.record.couponGrantId && (
                <AppLink to="/coupon/list">去「我的优惠券」查看</AppLink>
              )}
              {result.record.orderNum && (
                <AppLink to={`/order/${result.record.orderNum}`}>查看订单</AppLink>
              )}
            </div>
          )}
          <h2 className="tj-section__title">我的抽奖记录</h2>
          {sale.records.length === 0 ? (
            <div className="tj-empty">还没有抽过奖</div>
          ) : (
            <table className="tj-promo__table" data-testid="draw-records">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">结果</th>
                  <th scope="col">随机数</th>
                </tr>
              </thead>
              <tbody>
                {sale.records.map((r) => (
                  <tr key={r.id}>
                    <td>{chinaTime(r.createdAt)}</td>
                    <td>{r.prizeTitle}</td>
                    <td>
                      {r.roll} / {r.rollOf}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
