import type { DiscountView } from "@tongjian/contracts/promotions";
import { formatFen } from "@tongjian/domain/commerce";
import { AppLink } from "../../shell/app-link.tsx";
import { Countdown } from "./promotion-parts.tsx";

export function DiscountCard({
  discount: d,
  now,
  href,
}: {
  discount: DiscountView;
  now: string;
  href?: string;
}) {
  return (
    <div className="tj-promo-card" data-testid="discount">
      <div className="tj-promo-card__body">
        <h2 className="tj-promo-card__name">
          {href ? <AppLink to={href}>{d.product.title}</AppLink> : d.product.title}
        </h2>
        <p className="tj-promo-card__meta">
          {d.title} · {d.product.subtitle}
        </p>
        <p>
          <span className="tj-promo__price">{formatFen(d.priceFen)}</span>
          <span className="tj-promo__list-price">{formatFen(d.product.listPriceFen)}</span>
          {d.saveFen > 0 && <span className="tj-promo-card__meta"> 省 {formatFen(d.saveFen)}</span>}
        </p>
        <div className="tj-promo-card__actions">
          {d.status === "upcoming" ? (
            <Countdown endsAt={d.startsAt} now={now} label="距开始" />
          ) : (
            <Countdown endsAt={d.endsAt} now={now} />
          )}
          {d.status === "running" && (
            <AppLink className="tj-button" to={d.buyHref}>
              立即抢购
            </AppLink>
          )}
        </div>
      </div>
    </div>
  );
}
