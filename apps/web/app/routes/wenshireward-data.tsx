import { workPath } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { WorksChartView } from "../features/campaign-works/works-chart-view.tsx";
import { WORK_NAV } from "../features/campaign-works/works-home.tsx";
import { CampaignHeader, CampaignNav } from "../features/campaigns/campaign-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wenshireward-data";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 奖励数据 (/wenshireward/data): the contest in numbers from its rows: works shown, authors,
// likes, works waiting for review; works and likes per day (ECharts); the most liked works; and
// once it has ended, the prizes given by place (decision 46).
export async function loader({ context }: Route.LoaderArgs) {
  const [campaign, data] = await Promise.all([
    orNotFound(context.services.campaigns.view("wenshireward", context.viewer), "活动不存在"),
    orNotFound(context.services.campaignWorks.data("wenshireward"), "活动不存在"),
  ]);
  return { campaign, data };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `活动数据 - ${d?.campaign.title ?? "文史奖励"} - ${PRODUCT_NAME}` }];
}

export default function WenshiRewardDataRoute({ loaderData: d }: Route.ComponentProps) {
  const { campaign, data } = d;
  const numbers: [string, number][] = [
    ["展示作品", data.works],
    ["投稿作者", data.authors],
    ["累计点赞", data.likes],
    ["待审核", data.pending],
  ];
  return (
    <main className="tj-campaign tj-works">
      <CampaignHeader campaign={campaign}>
        <CampaignNav links={WORK_NAV.wenshireward ?? []} current="/wenshireward/data" />
      </CampaignHeader>
      <dl className="tj-works__numbers" data-testid="works-numbers">
        {numbers.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {data.awards.length > 0 ? (
        <section aria-labelledby="tj-works-awards" className="tj-works__section">
          <h2 id="tj-works-awards" className="tj-section__title">
            获奖作品
          </h2>
          <ol className="tj-works__top" data-testid="works-awards">
            {data.awards.map((a) => (
              <li key={a.place}>
                <span className="tj-works__place">第 {a.place} 名</span>
                <AppLink to={workPath("wenshireward", a.workId)}>{a.title}</AppLink>
                <span className="tj-works__meta">
                  {a.author} · {a.likes} 赞 · {a.reward}
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section aria-labelledby="tj-works-days" className="tj-works__section">
        <h2 id="tj-works-days" className="tj-section__title">
          每日投稿与点赞
        </h2>
        {data.perDay.length === 0 ? (
          <p className="tj-empty" data-testid="works-data-empty">
            还没有通过审核的投稿和点赞。<AppLink to="/wenshireward">去投第一份稿</AppLink>
          </p>
        ) : (
          <>
            <WorksChartView perDay={data.perDay} />
            <table className="tj-works__table">
              <caption className="tj-visually-hidden">每日通过审核的投稿数与点赞数</caption>
              <thead>
                <tr>
                  <th scope="col">日期</th>
                  <th scope="col">投稿</th>
                  <th scope="col">点赞</th>
                </tr>
              </thead>
              <tbody>
                {data.perDay.map((p) => (
                  <tr key={p.day}>
                    <td>{p.day}</td>
                    <td>{p.works}</td>
                    <td>{p.likes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section aria-labelledby="tj-works-top" className="tj-works__section">
        <h2 id="tj-works-top" className="tj-section__title">
          最受欢迎的作品
        </h2>
        {data.top.length === 0 ? (
          <p className="tj-empty">还没有作品获赞。</p>
        ) : (
          <ol className="tj-works__top" data-testid="works-top">
            {data.top.map((w) => (
              <li key={w.id}>
                <AppLink to={workPath("wenshireward", w.id)}>{w.title}</AppLink>
                <span className="tj-works__meta">
                  {w.author} · {w.likes} 赞
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
