import { parseAppEnv } from "@tongjian/domain/app-env";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { browserTypeOf } from "@tongjian/domain/spring-festival";
import {
  CampaignRules,
  InvitedFriends,
  ShareCampaign,
} from "../features/campaigns/campaign-parts.tsx";
import { InviteProgress, SpringNav } from "../features/spring-festival/festival-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/springfestival-friendslist";
import "../features/campaigns/campaigns.css";
import "../features/spring-festival/spring-festival.css";
import { VIEW_FRIENDS_PAGE } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = {
  pageViews: { "springfestival-friendslist": VIEW_FRIENDS_PAGE },
};

// 好友列表 (/springfestival/friendslist, tracked as friendsPage): the friends who came through the
// reader's link, which of them have read something (valid), and the rewards this just reached.
// Reading this list settles validity and gives the rewards (the campaign engine's invites()).
export async function loader({ context, request }: Route.LoaderArgs) {
  const browserType = browserTypeOf(parseAppEnv(request.headers.get("user-agent")));
  return orNotFound(
    context.services.springFestival.friends(context.viewer, browserType),
    "活动不存在",
  );
}

export function meta() {
  return [{ title: `我邀请的好友 - ${PRODUCT_NAME}` }];
}

export default function SpringFriendsRoute({ loaderData: page }: Route.ComponentProps) {
  const { campaign, data, invites } = page;
  return (
    <main className="tj-campaign" data-testid="spring-friends-page">
      <SpringNav current="/springfestival/friendslist" />
      <h1 className="tj-campaign__title">我邀请的好友</h1>
      {!data.hasLogin ? (
        <SignInPrompt what="查看你邀请的好友" />
      ) : (
        <>
          <InviteProgress
            friendsNum={invites.friendsNum}
            validFriendsNum={invites.validFriendsNum}
            next={page.next}
          />
          {invites.granted.length > 0 ? (
            <p className="tj-campaign__ended" role="status" data-testid="spring-granted">
              恭喜获得：{invites.granted.join("、")}，已发放到你的账号。
            </p>
          ) : null}
          <h2 className="tj-section__title">好友名单</h2>
          <InvitedFriends invites={invites} />
          <p className="tj-campaign__meta">
            “待阅读”的好友登录后读完任意一篇文章或一个词条，就会成为有效好友。
          </p>
          {campaign.phase === "running" ? (
            <ShareCampaign campaign={campaign} link={page.invitePath} label="继续邀请好友" />
          ) : null}
        </>
      )}
      <CampaignRules campaign={campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
