import { WORK_CAMPAIGNS, type WorkCampaign } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadWorksHome } from "../features/campaign-works/load-works.server.ts";
import { WorksHome } from "../features/campaign-works/works-home.tsx";
import { CampaignRules } from "../features/campaigns/campaign-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/workcollection";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 作品征集 (/workcollection): readers' photographs and drawings of heritage sites (decision 46).
// A work is one to nine pictures with a short description, submitted from the dialog route
// /workcollection/dialog; a moderator approves it; readers like it; prizes by place at the end.
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadWorksHome(context, "workcollection", new URL(request.url));
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.campaign.title ?? "作品征集"} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.campaign.summary ?? "" },
  ];
}

const activity = WORK_CAMPAIGNS.workcollection as WorkCampaign;

export default function WorkCollectionRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <WorksHome
      activity={activity}
      campaign={d.campaign}
      works={d.works}
      mine={d.mine}
      pending={d.pending}
      order={d.order}
      inlineForm={false}
      intro={
        d.campaign.phase === "running" ? (
          <AppLink className="tj-button tj-button--block" to="/workcollection/dialog">
            上传我的作品
          </AppLink>
        ) : null
      }
    >
      <CampaignRules campaign={d.campaign} />
    </WorksHome>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
