import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatYear } from "@tongjian/domain/year-format";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ncov-pasteventlist";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

// 往事列表 (/ncov/pasteventlist): epidemics in Chinese history and how they were fought, oldest
// first — when, where, what was done — as a list and a timeline of the centuries, each linking to
// the corpus's entries where they exist.
export async function loader({ context }: Route.LoaderArgs) {
  return { past: await context.services.days.pastEvents() };
}

export function meta() {
  return [{ title: `往事列表 · 疫病与应对 - ${PRODUCT_NAME}` }];
}

/** The centuries the events fall in, for the strip above the list. */
function centuries(years: number[]): { label: string; count: number }[] {
  const counts = new Map<number, number>();
  for (const y of years) {
    const c = y > 0 ? Math.ceil(y / 100) : -Math.ceil(-y / 100);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([c, count]) => ({ label: c > 0 ? `${c}世纪` : `前${-c}世纪`, count }));
}

export default function PastEventsRoute({ loaderData: { past } }: Route.ComponentProps) {
  const strip = centuries(past.events.map((e) => e.startYear));
  return (
    <main className="tj-campaign tj-day" data-theme="calm">
      <header className="tj-day__head">
        <h1 className="tj-campaign__title">往事列表 · 疫病与应对</h1>
        <p className="tj-campaign__summary">
          从东汉末年的伤寒到2003年的非典，中国历史上的疫病一次次改变了人们的生活，也留下了医书、制度和防疫的办法。年份不确定处标“约”。
        </p>
      </header>
      {past.events.length === 0 ? (
        <p className="tj-empty">暂时没有内容。</p>
      ) : (
        <>
          <section aria-labelledby="tj-past-strip">
            <h2 id="tj-past-strip" className="tj-section__title">
              时间轴
            </h2>
            <ol className="tj-day__links" data-testid="past-centuries">
              {strip.map((c) => (
                <li key={c.label}>
                  <span className="tj-day-card__kind">
                    {c.label} · {c.count} 件
                  </span>
                </li>
              ))}
            </ol>
            <p className="tj-campaign__meta">
              跨度：{formatYear(past.events[0]?.startYear ?? 1)}至
              {formatYear(past.events[past.events.length - 1]?.endYear ?? 1)}
            </p>
          </section>
          <ol className="tj-day__timeline" data-testid="past-events">
            {past.events.map((e) => (
              <li key={e.key} id={`past-${e.key}`}>
                <span className="tj-day__when">{e.when}</span>
                <h2 className="tj-day-card__title">{e.title}</h2>
                {e.places.length > 0 ? (
                  <p className="tj-campaign__meta">地点：{e.places.join("、")}</p>
                ) : null}
                <p className="tj-day-card__note">{e.summary}</p>
                {e.measures.length > 0 ? (
                  <>
                    <h3 className="tj-visually-hidden">应对</h3>
                    <ul className="tj-day__measures" aria-label="应对措施">
                      {e.measures.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
                {e.dateNote ? <p className="tj-campaign__meta">年代说明：{e.dateNote}</p> : null}
                {e.links.length > 0 ? (
                  <ul className="tj-day__links" aria-label={`${e.title}相关词条`}>
                    {e.links.map((l) => (
                      <li key={l.ref}>
                        <AppLink to={l.href}>{l.title}</AppLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      <p className="tj-campaign__meta">本页为历史知识读物，不构成医疗或防疫建议。</p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
