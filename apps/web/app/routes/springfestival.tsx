import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { browserTypeOf } from "@tongjian/domain/spring-festival";
import {
  CampaignHeader,
  CampaignRanking,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import {
  CustomsTimeline,
  FestivalReadings,
  InviteProgress,
  SpringNav,
} from "../features/spring-festival/festival-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/springfestival";
import "../features/campaigns/campaigns.css";
import "../features/spring-festival/spring-festival.css";
import { VIEW_INVITE_ACTIVITY } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { springfestival: VIEW_INVITE_ACTIVITY } };

// 春节邀请 (/springfestival, tracked as inviteActivity): the festival's customs through history,
// the reader's invited and valid friends (spec §3 springFestivalData), the rewards and their
// next step, the share button with the reader's own link, and the inviters' ranking.
export async function loader({ context, request }: Route.LoaderArgs) {
  const browserType = browserTypeOf(parseAppEnv(request.headers.get("user-agent")));
  return orNotFound(
    context.services.springFestival.page(context.viewer, browserType),
    "活动不存在",
  );
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.campaign.title ?? "春节活动"} - ${PRODUCT_NAME}` }];
}

export default function SpringFestivalRoute({ loaderData: page }: Route.ComponentProps) {
  const { campaign, data, festival } = page;
  useInviteCapture(campaign);
  return (
    <main className="tj-campaign" data-testid="spring-page">
      <SpringNav current="/springfestival" />
      <CampaignHeader campaign={campaign}>
        <div className="tj-spring__hero">
          <p className="tj-spring__zodiac">
            {festival.zodiac} · 春节 {festival.festivalDay}
          </p>
          <p>把通鉴分享给好友，好友登录并读完一篇文章或一个词条，就是你的有效好友。</p>
        </div>
      </CampaignHeader>
      {data.hasLogin ? (
        <>
          <InviteProgress
            friendsNum={data.friendsNum}
            validFriendsNum={data.validFriendsNum}
            next={page.next}
          />
          {campaign.phase === "running" ? (
            <ShareCampaign campaign={campaign} link={page.invitePath} label="邀请好友" />
          ) : null}
        </>
      ) : (
        <SignInPrompt what="邀请好友、领取奖励" />
      )}
      <CustomsTimeline festival={festival} />
      <FestivalReadings festival={festival} title="年味阅读" />
      <section aria-labelledby="spring-ranking">
        <h2 id="spring-ranking" className="tj-section__title">
          邀请排行
        </h2>
        <CampaignRanking
          ranking={page.ranking}
          scoreLabel="有效好友"
          formatScore={(n) => `${n} 位`}
        />
      </section>
      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
