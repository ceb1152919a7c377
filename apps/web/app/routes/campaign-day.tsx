import type { DiscountView } from "@tongjian/contracts/promotions";
import { formatFen } from "@tongjian/domain/commerce";
import { pagePathOf } from "@tongjian/domain/offline-pages";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ReadingListScreen } from "../features/campaign-days/reading-list.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/campaign-day";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

/** The day pages that run a reading list or a check-in route, by path (decision 47). */
const PAGES: Record<string, { key: string; theme: string }> = {
  "/womanday": { key: "womanday", theme: "women" },
  "/laborday": { key: "laborday", theme: "labor" },
  "/readday": { key: "readday", theme: "read" },
  "/psychologicalday": { key: "psychologicalday", theme: "calm" },
  "/changanactivity": { key: "changanactivity", theme: "changan" },
  "/crazyeleven": { key: "crazyeleven", theme: "market" },
};

// 妇女节, 劳动节, 读书日, 心理健康日, 长安打卡 and 双十一: a campaign's list from the corpus with the
// reader's progress; 长安 adds the corpus's events there, 双十一 the store's running discounts.
export async function loader({ context, request }: Route.LoaderArgs) {
  // A revalidation asks for /womanday.data: the page's own path is the same.
  const path = pagePathOf(new URL(request.url)).pathname;
  const page = PAGES[path];
  if (!page) throw new Response("页面不存在", { status: 404 });
  const list = await orNotFound(
    context.services.days.readingList(page.key, context.viewer),
    "活动不存在",
  );
  const changAn = page.key === "changanactivity" ? await context.services.days.changAnEvents() : [];
  const discounts =
    page.key === "crazyeleven"
      ? (await context.services.promotions.discounts.list()).discounts.filter(
          (d) => d.status === "running",
        )
      : [];
  return { list, theme: page.theme, changAn, discounts };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.list.campaign.title ?? "活动"} - ${PRODUCT_NAME}` }];
}

function ChangAnEvents({ events }: { events: Route.ComponentProps["loaderData"]["changAn"] }) {
  return (
    <section aria-labelledby="tj-changan-events">
      <h2 id="tj-changan-events" className="tj-section__title">
        长安大事
      </h2>
      {events.length === 0 ? (
        <p className="tj-empty">暂无相关事件。</p>
      ) : (
        <details className="tj-day__more">
          <summary className="tj-link-button">
            本站共有 {events.length} 个发生在长安一带的事件，展开按年代浏览
          </summary>
          <ol className="tj-day__timeline" data-testid="changan-events">
            {events.map((e) => (
              <li key={e.href}>
                <span className="tj-day__when">{e.when}</span>
                <h3 className="tj-day-card__title">
                  <AppLink to={e.href}>{e.title}</AppLink>
                </h3>
                <p className="tj-day-card__summary">{e.summary}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function RunningDiscounts({ discounts }: { discounts: DiscountView[] }) {
  return (
    <section aria-labelledby="tj-eleven-discounts">
      <h2 id="tj-eleven-discounts" className="tj-section__title">
        商城正在进行的折扣
      </h2>
      {discounts.length === 0 ? (
        <p className="tj-empty">现在没有进行中的折扣，可以先读书单。</p>
      ) : (
        <ul className="tj-day__discounts" data-testid="eleven-discounts">
          {discounts.map((d) => (
            <li key={d.id}>
              <AppLink to={`/discount/${d.id}`}>
                <span>
                  {d.title} · {d.product.title}
                </span>
                <span>
                  {formatFen(d.priceFen)}
                  {d.saveFen > 0 ? (
                    <s className="tj-day__when"> {formatFen(d.product.listPriceFen)}</s>
                  ) : null}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function CampaignDayRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <ReadingListScreen
      data={d.list}
      theme={d.theme}
      before={
        d.discounts.length > 0 || d.list.campaign.key === "crazyeleven" ? (
          <RunningDiscounts discounts={d.discounts} />
        ) : null
      }
      after={
        d.list.campaign.key === "changanactivity" ? <ChangAnEvents events={d.changAn} /> : null
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
