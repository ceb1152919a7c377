import type { CouponCampaignView, CouponGrantView } from "@tongjian/contracts/promotions";
import { formatFenShort } from "@tongjian/domain/commerce";
import { AppLink } from "../../shell/app-link.tsx";
import { chinaTime } from "./promotion-parts.tsx";

/** The big figure of a coupon: "¥20" or "8.5折". */
export function couponFigure(c: Pick<CouponCampaignView, "kind" | "amountFen" | "percentOff">) {
  return c.kind === "amount"
    ? `¥${formatFenShort(c.amountFen ?? 0)}`
    : `${(100 - (c.percentOff ?? 0)) / 10}折`;
}

export function CampaignCard({
  campaign,
  href,
  children,
}: {
  campaign: CouponCampaignView;
  href?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="tj-promo-card" data-testid="coupon-campaign">
      <div className="tj-promo-card__value">
        <span className="tj-promo-card__big">{couponFigure(campaign)}</span>
        <span className="tj-promo-card__meta">{campaign.minSpendFen > 0 ? "满减" : "无门槛"}</span>
      </div>
      <div className="tj-promo-card__body">
        <h2 className="tj-promo-card__name">
          {href ? <AppLink to={href}>{campaign.title}</AppLink> : campaign.title}
        </h2>
        <p className="tj-promo-card__meta">{campaign.rule}</p>
        <p className="tj-promo-card__meta">适用：{campaign.appliesTo}</p>
        <p className="tj-promo-card__meta">
          {campaign.validDays
            ? `领取后 ${campaign.validDays} 天内有效`
            : `有效期至 ${chinaTime(campaign.endsAt)}`}
          {" · "}每人限领 {campaign.perUserLimit} 张
          {campaign.remaining !== null ? ` · 剩余 ${campaign.remaining} 张` : ""}
        </p>
        <div className="tj-promo-card__actions">{children}</div>
      </div>
    </div>
  );
}

export function GrantCard({ coupon }: { coupon: CouponGrantView }) {
  return (
    <div className="tj-promo-card" data-state={coupon.state} data-testid="coupon-grant">
      <div className="tj-promo-card__value">
        <span className="tj-promo-card__big">
          {coupon.rule.split("（")[0]?.replace(/^满 ¥[\d.]+ /, "")}
        </span>
        <span className="tj-promo-card__meta">{coupon.stateLabel}</span>
      </div>
      <div className="tj-promo-card__body">
        <h2 className="tj-promo-card__name">{coupon.title}</h2>
        <p className="tj-promo-card__meta">{coupon.rule}</p>
        <p className="tj-promo-card__meta">适用：{coupon.appliesTo}</p>
        <p className="tj-promo-card__meta">
          {coupon.state === "used" && coupon.usedAt
            ? `使用于 ${chinaTime(coupon.usedAt)}`
            : `有效期至 ${chinaTime(coupon.expiresAt)}`}
        </p>
        <div className="tj-promo-card__actions">
          {coupon.state === "available" && (
            <AppLink className="tj-button" to={coupon.useHref}>
              去使用
            </AppLink>
          )}
          {coupon.orderNum && coupon.state !== "available" && (
            <AppLink to={`/order/${coupon.orderNum}`}>查看订单</AppLink>
          )}
        </div>
      </div>
    </div>
  );
}
