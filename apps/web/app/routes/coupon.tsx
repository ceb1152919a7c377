import type { CouponGrantView } from "@tongjian/contracts/promotions";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { CampaignCard } from "../features/promotions/coupon-card.tsx";
import { ActionError, PromoNav, useApiAction } from "../features/promotions/promotion-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/coupon";
import "../features/promotions/promotions.css";

const ID = /^[0-9a-f]{24}$/;

// 优惠券 (/coupon, /coupon/{id}): the coupons readers can claim now (领券中心), or one campaign
// with its rules; 领取 needs an account, and the claimed coupon is listed on /coupon/list.
export async function loader({ context, params }: Route.LoaderArgs) {
  const promotions = context.services.promotions;
  if (params.id) {
    if (!ID.test(params.id)) throw notFound("没有这张优惠券");
    const campaign = await orNotFound(
      promotions.coupons.campaign(context.viewer, params.id),
      "没有这张优惠券",
    );
    return { campaigns: [campaign], one: true, signedIn: context.viewer.kind === "user" };
  }
  const list = await promotions.coupons.campaigns(context.viewer);
  return { campaigns: list.campaigns, one: false, signedIn: list.signedIn };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = d?.one ? d.campaigns[0]?.title : "领券中心";
  return [{ title: `${title ?? "优惠券"} - ${PRODUCT_NAME}` }];
}

function ClaimButton({
  id,
  canClaim,
  reason,
}: {
  id: string;
  canClaim: boolean;
  reason: string | null;
}) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const action = useApiAction<CouponGrantView>();
  const [claimed, setClaimed] = useState<CouponGrantView | null>(null);
  const claim = async () => {
    const grant = await action.run(() =>
      api.post<CouponGrantView>("/api/m/coupon/claim", { campaignId: id }),
    );
    if (grant) {
      setClaimed(grant);
      void revalidator.revalidate();
    }
  };
  return (
    <>
      {canClaim ? (
        <button
          type="button"
          className="tj-button"
          onClick={() => void claim()}
          disabled={action.busy}
          aria-busy={action.busy}
        >
          {action.busy ? "正在领取…" : action.error ? "重试领取" : "领取"}
        </button>
      ) : (
        <span className="tj-promo-card__meta">{reason}</span>
      )}
      {claimed && (
        <span role="status">
          已领取，<AppLink to="/coupon/list">去「我的优惠券」查看</AppLink>
        </span>
      )}
      <ActionError error={action.error} />
    </>
  );
}

export default function CouponRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-promo">
      <h1 className="tj-promo__title">{d.one ? "优惠券" : "领券中心"}</h1>
      <PromoNav current="/coupon" />
      {!d.signedIn && <p className="tj-promo__lead">领取优惠券需要先登录。</p>}
      {d.campaigns.length === 0 ? (
        <div className="tj-empty" data-testid="coupon-empty">
          暂时没有可领取的优惠券，过几天再来看看。
        </div>
      ) : (
        <ul className="tj-promo__list">
          {d.campaigns.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} {...(d.one ? {} : { href: `/coupon/${c.id}` })}>
                <ClaimButton id={c.id} canClaim={c.canClaim} reason={c.reason} />
              </CampaignCard>
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
