import { springFestivalShareQuery } from "@tongjian/contracts/spring-festival";
import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { browserTypeOf } from "@tongjian/domain/spring-festival";
import { data as reply } from "react-router";
import {
  CampaignHeader,
  CampaignRules,
  ShareCampaign,
  useInviteCapture,
} from "../features/campaigns/campaign-parts.tsx";
import { FestivalReadings } from "../features/spring-festival/festival-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/springfestival-share";
import "../features/campaigns/campaigns.css";
import "../features/spring-festival/spring-festival.css";
import { VIEW_INVITE_SHARE } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "springfestival-share": VIEW_INVITE_SHARE } };

// 春节分享 (/springfestival/share?from=…, tracked as inviteShare): what a friend lands on. Who
// invited them, what the activity is, signing in (which records who brought them), and a few
// good readings: reading one makes them a valid friend of the inviter.
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = springFestivalShareQuery.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) throw reply("分享链接不正确", { status: 400 });
  const browserType = browserTypeOf(parseAppEnv(request.headers.get("user-agent")));
  return orNotFound(
    context.services.springFestival.landing(context.viewer, query.data.from, browserType),
    "活动不存在",
  );
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.inviter ? `${d.inviter.name}邀请你` : "春节读史"} - ${PRODUCT_NAME}` }];
}

export default function SpringShareRoute({ loaderData: page }: Route.ComponentProps) {
  const { campaign, data, inviter, festival } = page;
  useInviteCapture(campaign);
  return (
    <main className="tj-campaign" data-testid="spring-share-page">
      {inviter ? (
        <section className="tj-spring__hero tj-spring__inviter" data-testid="spring-inviter">
          {inviter.avatar ? (
            <img className="tj-spring__avatar" src={inviter.avatar} alt="" />
          ) : null}
          <p>
            <strong>{inviter.name}</strong> 邀请你一起读史过大年
          </p>
        </section>
      ) : null}
      <CampaignHeader campaign={campaign} />
      {!data.hasLogin ? (
        <>
          <p>
            登录通鉴，再读完下面任意一篇，你就帮{inviter ? inviter.name : "好友"}
            完成了一次有效邀请。
          </p>
          <SignInPrompt what="参加春节读史" />
        </>
      ) : page.invitedBy ? (
        <p className="tj-campaign__ended" role="status" data-testid="spring-joined">
          {page.readSinceJoining
            ? `你已是 ${page.invitedBy} 的有效好友，谢谢你！也邀请你的朋友来读史吧。`
            : `你已接受 ${page.invitedBy} 的邀请。读完下面任意一篇文章或词条，就成为有效好友。`}
        </p>
      ) : inviter && campaign.phase === "running" ? (
        <p className="tj-campaign__ended" role="status" data-testid="spring-joining">
          已登录。读完下面任意一篇，就能帮 {inviter.name} 点亮奖励。
        </p>
      ) : null}
      <FestivalReadings
        festival={festival}
        title="推荐阅读"
        lead="从这几篇读起：汉代怎样定下正月初一，宋人怎样过大年。"
      />
      <section aria-labelledby="spring-own">
        <h2 id="spring-own" className="tj-section__title">
          你也来邀请
        </h2>
        <p>邀请好友一起读史，有效好友达到 1、3、5 位可得徽章、会员与优惠券。</p>
        {data.hasLogin && campaign.phase === "running" ? (
          <ShareCampaign campaign={campaign} link={page.invitePath} label="邀请我的好友" />
        ) : null}
        <AppLink className="tj-button" to="/springfestival">
          查看活动详情
        </AppLink>
      </section>
      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
