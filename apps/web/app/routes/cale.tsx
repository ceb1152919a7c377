import { chinaMonthDay, parseMonthDay, splitMonthDay } from "@tongjian/domain/campaign-days";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SharePage } from "../features/campaign-days/day-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/cale";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

// 历史日历 (/cale): what happened on a calendar day (today in China by default), from the corpus's
// dated events and births and deaths and the calendar file; the days around it; share a day.
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const today = chinaMonthDay(new Date());
  const m = url.searchParams.get("m");
  const d = url.searchParams.get("d");
  const raw = url.searchParams.get("day") ?? (m && d ? `${m}-${d}` : null);
  const day = raw === null ? today : parseMonthDay(raw);
  if (!day) throw new Response("没有这一天，请重新选择日期", { status: 404 });
  return { calendar: await context.services.days.calendar(day), today };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `历史日历 · ${d?.calendar.label ?? ""} - ${PRODUCT_NAME}` }];
}

export default function CalendarRoute({ loaderData: { calendar, today } }: Route.ComponentProps) {
  const { month, day } = splitMonthDay(calendar.day as `${string}-${string}`);
  const isToday = calendar.day === today;
  return (
    <main className="tj-campaign tj-day" data-theme="changan">
      <header className="tj-day__head">
        <p className="tj-campaign__meta">历史日历</p>
        <h1 className="tj-campaign__title" data-testid="cale-day">
          {calendar.label}
          {isToday ? <span className="tj-campaign__badge">今天</span> : null}
        </h1>
        <p className="tj-campaign__summary">
          历史上的这一天。日期为公历，1582年以前的日期按儒略历换算；古籍原用农历或干支记日，换算后可能与传统纪念日不同。
        </p>
      </header>
      <nav aria-label="前后几天" className="tj-day__days">
        <AppLink to={`/cale?day=${calendar.prev}`} data-testid="cale-prev" rel="prev">
          ‹ 前一天
        </AppLink>
        {isToday ? null : <AppLink to="/cale">回到今天</AppLink>}
        <AppLink to={`/cale?day=${calendar.next}`} data-testid="cale-next" rel="next">
          后一天 ›
        </AppLink>
      </nav>
      <form className="tj-day__date-form" method="get" action="/cale">
        <label htmlFor="tj-cale-m">月</label>
        <select id="tj-cale-m" name="m" defaultValue={String(month)}>
          {MONTHS.map((n) => (
            <option key={n} value={n}>
              {n}月
            </option>
          ))}
        </select>
        <label htmlFor="tj-cale-d">日</label>
        <select id="tj-cale-d" name="d" defaultValue={String(day)}>
          {DAYS.map((n) => (
            <option key={n} value={n}>
              {n}日
            </option>
          ))}
        </select>
        <button type="submit" className="tj-button tj-button--ghost">
          查看
        </button>
      </form>
      <section aria-labelledby="tj-cale-list">
        <h2 id="tj-cale-list" className="tj-section__title">
          这一天发生的事（{calendar.items.length}）
        </h2>
        {calendar.items.length === 0 ? (
          <p className="tj-empty" data-testid="cale-empty">
            本站还没有这一天的记载，看看前后几天吧。
          </p>
        ) : (
          <ol className="tj-day__timeline" data-testid="cale-items">
            {calendar.items.map((i) => (
              <li key={i.id} data-kind={i.kind}>
                <span className="tj-day__when">
                  {i.date} · {i.ago} · {i.label}
                </span>
                <h3 className="tj-day-card__title">
                  {i.href ? <AppLink to={i.href}>{i.title}</AppLink> : i.title}
                </h3>
                <p className="tj-day-card__summary">{i.summary}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="tj-cale-near">
        <h2 id="tj-cale-near" className="tj-section__title">
          前后几天
        </h2>
        <ul className="tj-day__days">
          {calendar.nearby.map((n) => (
            <li key={n.day}>
              <AppLink to={`/cale?day=${n.day}`}>
                {n.label}（{n.count}）
              </AppLink>
            </li>
          ))}
        </ul>
        <p className="tj-campaign__meta">全年有记载的日子：{calendar.daysWithItems} 天。</p>
      </section>
      <SharePage
        title={`历史上的${calendar.label}`}
        desc={
          calendar.items
            .slice(0, 3)
            .map((i) => `${i.date}，${i.title}`)
            .join("；") || `${calendar.label}这一天，历史上发生过什么？`
        }
        link={`/cale?day=${calendar.day}`}
        label="分享这一天"
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
