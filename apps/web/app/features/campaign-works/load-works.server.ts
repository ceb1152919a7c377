import type { WorkOrder } from "@tongjian/domain/campaign-works";
import type { AppLoadContext } from "react-router";
import { notFound, orNotFound } from "../../shell/not-found.ts";

/**
 * What the pages of 文史奖励 and 作品征集 load (decision 46), in process: the campaign as the
 * engine shows it, the approved works, the reader's own with their status, and for moderators
 * the works waiting for review.
 */
export async function loadWorksHome(
  context: AppLoadContext,
  key: "wenshireward" | "workcollection",
  url: URL,
) {
  const { services, viewer } = context;
  const order: WorkOrder = url.searchParams.get("order") === "popular" ? "popular" : "newest";
  const page = Math.min(Math.max(Number(url.searchParams.get("page")) || 1, 1), 1000);
  const campaign = await orNotFound(services.campaigns.view(key, viewer), "活动不存在");
  const admin = viewer.kind === "user" && viewer.role === "admin";
  const [works, mine, pending] = await Promise.all([
    services.campaignWorks.list(key, viewer, { order, page, size: 10 }),
    services.campaignWorks.mine(key, viewer),
    admin ? services.campaignWorks.moderationQueue(key, viewer, "pending") : Promise.resolve(null),
  ]);
  return { campaign, works, mine, pending, order };
}

/** A work's page: the campaign and the work (404 for one the reader may not see). */
export async function loadWork(
  context: AppLoadContext,
  key: "wenshireward" | "workcollection",
  url: URL,
) {
  const { services, viewer } = context;
  const id = url.searchParams.get("id") ?? "";
  if (!/^[0-9a-f]{24}$/.test(id)) throw notFound("作品不存在");
  const [campaign, work] = await Promise.all([
    orNotFound(services.campaigns.view(key, viewer), "活动不存在"),
    orNotFound(services.campaignWorks.work(key, id, viewer), "作品不存在或未通过审核"),
  ]);
  return { campaign, work };
}
