import { WORK_CAMPAIGNS, type WorkCampaign } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadWorksHome } from "../features/campaign-works/load-works.server.ts";
import { WorksHome } from "../features/campaign-works/works-home.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wenshireward";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 文史奖励 (/wenshireward): a writing contest on history topics (decision 46). Readers submit an
// essay (with pictures if they like); a moderator approves it; readers like the approved ones;
// when the campaign ends the most liked win VIP days (npm run campaign:award wenshireward).
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadWorksHome(context, "wenshireward", new URL(request.url));
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.campaign.title ?? "文史奖励"} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.campaign.summary ?? "" },
  ];
}

const activity = WORK_CAMPAIGNS.wenshireward as WorkCampaign;

export default function WenshiRewardRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <WorksHome
      activity={activity}
      campaign={d.campaign}
      works={d.works}
      mine={d.mine}
      pending={d.pending}
      order={d.order}
      inlineForm
      intro={
        <p>
          征文主题与评奖办法见
          <AppLink to="/wenshireward/rule">奖励规则</AppLink>
          ；投稿、点赞与获奖的情况见<AppLink to="/wenshireward/data">活动数据</AppLink>。
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
