import { WORK_CAMPAIGNS, type WorkCampaign } from "@tongjian/domain/campaign-works";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { loadWork } from "../features/campaign-works/load-works.server.ts";
import { WorkDetailPage } from "../features/campaign-works/work-detail-page.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/workcollection-detail";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 作品详情 (/workcollection/detail?id=…): one work; one still in review only for its author and
// moderators (decision 46).
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadWork(context, "workcollection", new URL(request.url));
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.work.title ?? "作品详情"} - ${d?.campaign.title ?? ""} - ${PRODUCT_NAME}` },
    { name: "description", content: d?.work.excerpt ?? "" },
    ...(d?.work.status === "approved" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

const activity = WORK_CAMPAIGNS.workcollection as WorkCampaign;

export default function WorkCollectionDetailRoute({ loaderData: d }: Route.ComponentProps) {
  return <WorkDetailPage activity={activity} campaign={d.campaign} work={d.work} />;
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
