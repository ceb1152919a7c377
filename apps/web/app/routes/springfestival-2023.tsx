import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  CampaignHeader,
  CampaignRanking,
  CampaignRules,
} from "../features/campaigns/campaign-parts.tsx";
import {
  CustomsTimeline,
  FestivalReadings,
  SpringNav,
} from "../features/spring-festival/festival-parts.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/springfestival-2023";
import "../features/campaigns/campaigns.css";
import "../features/spring-festival/spring-festival.css";

// 2023 春节 (/springfestival/2023): the ended 兔年 edition stays readable. Its customs, its final
// tallies and ranking as the database kept them, and the reader's own result in it.
export async function loader({ context }: Route.LoaderArgs) {
  return orNotFound(context.services.springFestival.final(context.viewer), "活动不存在");
}

export function meta() {
  return [{ title: `2023 春节读史 · 活动回顾 - ${PRODUCT_NAME}` }];
}

export default function SpringFestival2023Route({ loaderData: page }: Route.ComponentProps) {
  const { campaign, festival, totals, mine } = page;
  return (
    <main className="tj-campaign" data-testid="spring-2023-page">
      <SpringNav current="/springfestival/2023" />
      <CampaignHeader campaign={campaign}>
        <p className="tj-spring__zodiac">
          {festival.zodiac} · 春节 {festival.festivalDay}
        </p>
      </CampaignHeader>
      <section aria-labelledby="spring-2023-results">
        <h2 id="spring-2023-results" className="tj-section__title">
          最终成绩
        </h2>
        <dl className="tj-spring__totals" data-testid="spring-2023-totals">
          <div>
            <dt>参与邀请</dt>
            <dd>{totals.inviters} 人</dd>
          </div>
          <div>
            <dt>受邀好友</dt>
            <dd>{totals.friends} 人</dd>
          </div>
          <div>
            <dt>有效好友</dt>
            <dd>{totals.validFriends} 人</dd>
          </div>
          <div>
            <dt>发出奖励</dt>
            <dd>{totals.rewards} 份</dd>
          </div>
        </dl>
        {mine ? (
          <p className="tj-campaign__me" data-testid="spring-2023-mine">
            你在本届邀请了 {mine.friendsNum} 位好友，其中有效 {mine.validFriendsNum} 位
            {mine.rewards.length > 0 ? `，获得 ${mine.rewards.join("、")}` : ""}。
          </p>
        ) : null}
        <h3 className="tj-campaign__subtitle">邀请排行（最终）</h3>
        {page.ranking.entries.length === 0 ? (
          <p className="tj-state" data-testid="campaign-ranking-empty">
            本届没有留下排行记录。
          </p>
        ) : (
          <CampaignRanking
            ranking={page.ranking}
            scoreLabel="有效好友"
            formatScore={(n) => `${n} 位`}
          />
        )}
      </section>
      <CustomsTimeline festival={festival} />
      <FestivalReadings festival={festival} title="那年推荐的阅读" />
      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
