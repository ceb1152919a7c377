import type { GiftView } from "@tongjian/contracts/promotions";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import {
  ActionError,
  chinaTime,
  PromoNav,
  SignInPrompt,
  useApiAction,
} from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform, useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/sharegetgift";
import "../features/promotions/promotions.css";

const ID = /^[0-9a-f]{24}$/;

// 分享领礼 (/sharegetgift, /sharegetgift/{id}): a VIP (or a buyer) makes a gift link of a few
// units of a product; a friend who opens it and signs in receives it once. The giver sees who
// claimed and when, and what is left; the friend sees 已领取, 已领完 or 不能领取自己的礼物.
export async function loader({ context, params }: Route.LoaderArgs) {
  const gifts = context.services.promotions.gifts;
  if (params.id) {
    if (!ID.test(params.id)) throw notFound("没有这份礼物，链接可能有误");
    return {
      kind: "gift" as const,
      gift: await orNotFound(gifts.get(context.viewer, params.id), "没有这份礼物，链接可能有误"),
    };
  }
  if (context.viewer.kind !== "user") return { kind: "login" as const };
  return { kind: "mine" as const, mine: await gifts.mine(context.viewer) };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title =
    d?.kind === "gift" ? `${d.gift.giverName} 送你「${d.gift.product.title}」` : "分享有礼";
  return [{ title: `${title} - ${PRODUCT_NAME}` }];
}

function GiftPage({ gift }: { gift: GiftView }) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const action = useApiAction<{ gift: GiftView; message: string }>();
  const [message, setMessage] = useState<string | null>(null);
  useShare({
    title: `${gift.giverName} 送你「${gift.product.title}」`,
    desc: `共 ${gift.total} 份，先到先得，每人限领一份。`,
    imgUrl: "/favicon.svg",
  });
  const claim = async () => {
    const r = await action.run(() =>
      api.post<{ gift: GiftView; message: string }>(`/api/m/gift/${gift.id}/claim`),
    );
    if (r) {
      setMessage(r.message);
      void revalidator.revalidate();
    }
  };
  const state = gift.viewerState;
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">
        {state === "giver" ? "我分享的礼物" : `${gift.giverName} 送你一份礼物`}
      </h1>
      <div className="tj-promo-card" data-testid="gift" data-state={state}>
        <div className="tj-promo-card__body">
          <h2 className="tj-promo-card__name">{gift.product.title}</h2>
          <p className="tj-promo-card__meta">{gift.product.subtitle}</p>
          <p className="tj-promo-card__meta">
            共 {gift.total} 份，已领 {gift.claimed} 份，剩余 {gift.remaining} 份 · 有效期至{" "}
            {chinaTime(gift.expiresAt)}
          </p>
        </div>
      </div>
      {state === "giver" && (
        <section aria-labelledby="tj-gift-claims">
          <p className="tj-promo__lead">
            在微信中点右上角“…”分享给好友，或复制本页链接发给好友。每位好友限领一份。
          </p>
          <p className="tj-promo-card__meta">不能领取自己的礼物。</p>
          <h2 id="tj-gift-claims" className="tj-section__title">
            领取情况
          </h2>
          {gift.claims.length === 0 ? (
            <div className="tj-empty">还没有好友领取</div>
          ) : (
            <ul className="tj-promo__list" data-testid="gift-claims">
              {gift.claims.map((c) => (
                <li key={`${c.name}-${c.at}`}>
                  {c.name} 领取于 {chinaTime(c.at)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {state === "claimed" && (
        <div className="tj-promo__ok" role="status">
          <p>{message ?? "已领取"}</p>
          {gift.orderNum && <AppLink to={`/order/${gift.orderNum}`}>查看订单</AppLink>}
        </div>
      )}
      {state === "exhausted" && <p className="tj-state__title">已领完，下次早点来</p>}
      {state === "expired" && <p className="tj-state__title">礼物已过期</p>}
      {state === "login" && <SignInPrompt what="领取礼物" />}
      {state === "can-claim" && (
        <>
          <button
            type="button"
            className="tj-button tj-button--block"
            onClick={() => void claim()}
            disabled={action.busy}
            aria-busy={action.busy}
          >
            {action.busy ? "正在领取…" : action.error ? "重试领取" : "领取"}
          </button>
          <ActionError error={action.error} />
        </>
      )}
    </main>
  );
}

function MyGifts({
  mine,
}: {
  mine: Extract<Route.ComponentProps["loaderData"], { kind: "mine" }>["mine"];
}) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const action = useApiAction<GiftView>();
  const share = async (productKey: string) => {
    const gift = await action.run(() => api.post<GiftView>("/api/m/gift/create", { productKey }));
    if (gift) navigate(`/sharegetgift/${gift.id}`);
  };
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">分享有礼</h1>
      <PromoNav current="/sharegetgift" />
      {!mine.canGive ? (
        <div className="tj-empty" data-testid="gift-cannot">
          {mine.reason}
          <p>
            <AppLink to="/buyvip">开通会员</AppLink> · <AppLink to="/exchange">兑换会员</AppLink>
          </p>
        </div>
      ) : (
        <ul className="tj-promo__list">
          {mine.offers.map((o) => (
            <li key={o.productKey} className="tj-promo-card">
              <div className="tj-promo-card__body">
                <h2 className="tj-promo-card__name">{o.title}</h2>
                <p className="tj-promo-card__meta">
                  {o.productTitle}，可送 {o.count} 位好友，每人一份
                </p>
                <button
                  type="button"
                  className="tj-button"
                  onClick={() => void share(o.productKey)}
                  disabled={action.busy}
                >
                  生成分享链接
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionError error={action.error} />
      {mine.gifts.length > 0 && (
        <section>
          <h2 className="tj-section__title">我分享过的礼物</h2>
          <ul className="tj-promo__list">
            {mine.gifts.map((g) => (
              <li key={g.id}>
                <AppLink to={`/sharegetgift/${g.id}`}>
                  {g.product.title}：已领 {g.claimed}/{g.total}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export default function ShareGetGiftRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "gift") return <GiftPage gift={d.gift} />;
  if (d.kind === "login")
    return (
      <main className="tj-promo">
        <h1 className="tj-promo__title">分享有礼</h1>
        <SignInPrompt what="分享礼物给好友" />
      </main>
    );
  return <MyGifts mine={d.mine} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
