import type { Work } from "@tongjian/contracts/campaign-works";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import { type WorkCampaign, workPath } from "@tongjian/domain/campaign-works";
import { AppLink } from "../../shell/app-link.tsx";
import { CampaignNav, ShareCampaign } from "../campaigns/campaign-parts.tsx";
import { WorkBody } from "./work-parts.tsx";
import { WORK_NAV } from "./works-home.tsx";

/**
 * A work's page (作品详情): the work and its likes, back to the list, and sharing: 文史奖励 has
 * a share page of its own (`sharePage`); elsewhere the share button shares this page.
 */
export function WorkDetailPage({
  activity,
  campaign,
  work,
  sharePage,
}: {
  activity: WorkCampaign;
  campaign: CampaignView;
  work: Work;
  sharePage?: string;
}) {
  return (
    <main className="tj-campaign tj-works">
      <CampaignNav links={WORK_NAV[activity.key] ?? []} current="" />
      <WorkBody work={work} campaign={campaign} />
      <div className="tj-works__actions">
        <AppLink className="tj-button tj-button--ghost" to={activity.path}>
          返回{campaign.title}
        </AppLink>
        {work.status === "approved" && sharePage ? (
          <AppLink className="tj-button tj-button--ghost" to={`${sharePage}?id=${work.id}`}>
            分享作品
          </AppLink>
        ) : null}
      </div>
      {work.status === "approved" && !sharePage ? (
        <ShareCampaign
          campaign={campaign}
          link={workPath(activity.key, work.id)}
          title={`${work.title} · ${campaign.title}`}
          desc={work.excerpt || campaign.share.desc}
          imgUrl={work.images[0]?.thumbUrl ?? campaign.share.imgUrl}
          label="分享作品"
        />
      ) : null}
    </main>
  );
}
