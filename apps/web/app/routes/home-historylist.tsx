import type { HistoryListData, RegimeRow, WorldParallelData } from "@tongjian/contracts/lists";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { formatYear } from "@tongjian/domain/year-format";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/home-historylist";
import "../features/lists/lists.css";

const MISSING = "没有这个政权";

// 历史列表 (/home/historylist, issue 18 §2–3): the regimes in order with their years, the ones
// that stood beside the main line next to it; with ?regime= the world side by side — what
// happened in China and in the world during that regime's years, in two columns.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { lists } = context.services;
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const regime = url.searchParams.get("regime");
  const list = await lists.historyList();
  if (regime === null || regime === "") {
    return {
      list,
      world: null,
      origin,
      description: seoDescription(
        `历史列表：${list.total} 个政权按时期排列，正统王朝与同时并立的政权左右对照，点开看同时期的世界。`,
      ),
    };
  }
  if (!isEntityId(regime)) throw notFound(MISSING);
  const world = await orNotFound(lists.worldParallel(regime), MISSING);
  return {
    list,
    world,
    origin,
    description: seoDescription(
      `${world.regime.name}（${world.regime.timeDesc}）与同时期的世界：中国史 ${world.counts.china} 件、世界史 ${world.counts.world} 件大事，左右对照。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `历史列表 - ${PRODUCT_NAME}` }];
  const title = d.world ? `${d.world.regime.name}与同时期的世界` : "历史列表";
  return seoMeta({
    origin: d.origin,
    path: d.world ? `/home/historylist?regime=${d.world.regime.id}` : "/home/historylist",
    title,
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: title, inLanguage: "zh-CN" },
  });
}

function RegimeCard({ regime, beside }: { regime: RegimeRow; beside?: boolean }) {
  return (
    <AppLink
      className={`tj-regime${beside ? " tj-regime--beside" : ""}`}
      to={`/detail/${regime.id}`}
    >
      <span className="tj-regime__name">{regime.name}</span>
      <span className="tj-regime__years">
        {regime.timeDesc} · {regime.years}年
      </span>
    </AppLink>
  );
}

function Tabs({ world, list }: { world: WorldParallelData | null; list: HistoryListData }) {
  // Without a regime chosen, 中外对照 opens on the longest of the main line.
  const longest = list.periods
    .flatMap((p) => p.rows.map((r) => r.main))
    .reduce<RegimeRow | null>((best, r) => (!best || r.years > best.years ? r : best), null);
  return (
    <nav className="tj-tabs" aria-label="历史列表的看法">
      <AppLink
        className="tj-tabs__tab"
        to="/home/historylist"
        aria-current={world ? undefined : "page"}
      >
        历代政权
      </AppLink>
      <AppLink
        className="tj-tabs__tab"
        to={`/home/historylist?regime=${world?.regime.id ?? longest?.id ?? ""}`}
        aria-current={world ? "page" : undefined}
      >
        中外对照
      </AppLink>
    </nav>
  );
}

function EraList({ list }: { list: HistoryListData }) {
  return (
    <>
      {list.periods.map((p) => (
        <section className="tj-period" key={p.name} aria-labelledby={`period-${p.name}`}>
          <div className="tj-period__head">
            <h2 className="tj-section__title" id={`period-${p.name}`}>
              {p.name}
            </h2>
            <span className="tj-period__years">
              {formatYear(p.start)}—{p.end === null ? "至今" : formatYear(p.end)}
            </span>
          </div>
          {p.eras.length > 0 && (
            <p className="tj-period__eras">
              {p.eras.map((e) => (
                <span key={e.id}>
                  <AppLink to={`/detail/${e.id}`}>{e.name}</AppLink>（{e.timeDesc}）
                  {e.parts.length > 0 && `：${e.parts.join("、")}`}。
                </span>
              ))}
            </p>
          )}
          <div className="tj-period__cols" aria-hidden="true">
            <span>王朝</span>
            <span>同时并立</span>
          </div>
          <ol className="tj-regime-rows">
            {p.rows.map((row) => (
              <li className="tj-regime-row" key={row.main.id}>
                <div className="tj-regime-row__main">
                  <RegimeCard regime={row.main} />
                  <AppLink
                    className="tj-regime-row__world"
                    to={`/home/historylist?regime=${row.main.id}`}
                    aria-label={`${row.main.name}时期的世界`}
                  >
                    同时期的世界 ›
                  </AppLink>
                </div>
                <div className="tj-regime-row__beside">
                  {row.beside.length === 0 ? (
                    <span className="tj-lists__note">—</span>
                  ) : (
                    row.beside.map((b) => <RegimeCard key={b.id} regime={b} beside />)
                  )}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

function WorldSideBySide({ world, list }: { world: WorldParallelData; list: HistoryListData }) {
  const { regime } = world;
  const choices = list.periods.flatMap((p) => [
    ...p.eras,
    ...p.rows.flatMap((r) => [r.main, ...r.beside]),
  ]);
  return (
    <>
      <form className="tj-findform" method="get" action="/home/historylist">
        <label className="tj-visually-hidden" htmlFor="world-regime">
          选择政权
        </label>
        <select
          id="world-regime"
          className="tj-findform__select"
          name="regime"
          defaultValue={regime.id}
        >
          {choices
            .sort((a, b) => a.start - b.start)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}（{r.timeDesc}）
              </option>
            ))}
        </select>
        <button className="tj-button" type="submit">
          对照
        </button>
      </form>
      <h2 className="tj-section__title">
        <AppLink to={`/detail/${regime.id}`}>{regime.name}</AppLink>与同时期的世界
      </h2>
      <p className="tj-lists__intro">
        {regime.timeDesc}，共{regime.years}年。本站记下这些年里中国史大事 {world.counts.china}{" "}
        件、世界史大事 {world.counts.world} 件，按年份左右对照；早于{regime.name}
        开始而延续到其间的事件列在第一年。
      </p>
      {world.rows.length === 0 ? (
        <p className="tj-empty">本站还没有记下这些年里的大事。</p>
      ) : (
        <>
          <div className="tj-parallel__head" aria-hidden="true">
            <span>中国</span>
            <span>世界</span>
          </div>
          <ol className="tj-parallel__rows" data-testid="parallel-rows">
            {world.rows.map((row) => (
              <li className="tj-parallel__row" key={row.year} data-year={row.year}>
                <span className="tj-parallel__year">{row.label}</span>
                <div className="tj-parallel__cols">
                  <ul
                    className="tj-parallel__cell"
                    aria-label={`${row.label}，中国`}
                    data-side="china"
                  >
                    {row.china.map((e) => (
                      <li key={e.id}>
                        <AppLink className="tj-parallel__event" to={`/detail/${e.id}`}>
                          <span>{e.name}</span>
                          <span className="tj-parallel__event-meta">
                            {[e.regime, e.timeDesc].filter(Boolean).join(" · ")}
                          </span>
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                  <ul
                    className="tj-parallel__cell"
                    aria-label={`${row.label}，世界`}
                    data-side="world"
                  >
                    {row.world.map((e) => (
                      <li key={e.id}>
                        <AppLink className="tj-parallel__event" to={`/detail/${e.id}`}>
                          <span>{e.name}</span>
                          <span className="tj-parallel__event-meta">{e.timeDesc}</span>
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      {world.articles.length > 0 && (
        <section className="tj-section">
          <h2 className="tj-section__title">世界史文章</h2>
          <ul className="tj-reflist">
            {world.articles.map((a) => (
              <li className="tj-reflist__item" key={a.id}>
                <AppLink className="tj-reflist__link" to={`/ah/worldhistory?id=${a.id}`}>
                  <span className="tj-reflist__name">
                    {a.title}
                    <span className="tj-reflist__sub">{a.abstract}</span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <nav className="tj-parallel__walk" aria-label="前后的朝代">
        {world.previous ? (
          <AppLink
            className="tj-button tj-button--ghost"
            to={`/home/historylist?regime=${world.previous.id}`}
          >
            ‹ {world.previous.name}
          </AppLink>
        ) : (
          <span />
        )}
        {world.next && (
          <AppLink
            className="tj-button tj-button--ghost"
            to={`/home/historylist?regime=${world.next.id}`}
          >
            {world.next.name} ›
          </AppLink>
        )}
      </nav>
    </>
  );
}

export default function HistoryList({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-lists">
      <h1 className="tj-article__title">历史列表</h1>
      <Tabs world={d.world} list={d.list} />
      {d.world ? (
        <WorldSideBySide world={d.world} list={d.list} />
      ) : d.list.periods.length === 0 ? (
        <p className="tj-empty">还没有收录政权。</p>
      ) : (
        <>
          <p className="tj-lists__intro">
            {d.list.total}{" "}
            个政权按时期排列：左边是相继的王朝，右边是同时并立的政权。点“同时期的世界”，看那些年里中国与世界各发生了什么。
          </p>
          <EraList list={d.list} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
