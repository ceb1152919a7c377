import type { MyWorks, Work, WorkList } from "@tongjian/contracts/campaign-works";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import type { WorkCampaign, WorkOrder } from "@tongjian/domain/campaign-works";
import { type ReactNode, useState } from "react";
import {
  CampaignHeader,
  CampaignNav,
  ShareCampaign,
  useInviteCapture,
} from "../campaigns/campaign-parts.tsx";
import { WorkForm } from "./work-form.tsx";
import { ModerationSection, MyWorksSection, WorkListSection } from "./work-parts.tsx";

/** The pages of each activity, for CampaignNav. */
export const WORK_NAV: Record<string, [string, string][]> = {
  wenshireward: [
    ["/wenshireward", "征文作品"],
    ["/wenshireward/rule", "奖励规则"],
    ["/wenshireward/data", "活动数据"],
  ],
  workcollection: [
    ["/workcollection", "征集作品"],
    ["/workcollection/dialog", "我要投稿"],
  ],
};

/**
 * An activity's main page: the header with the phase, the reader's own works (with their
 * status), the form or the way to it, the approved works, the moderators' queue, and sharing.
 */
export function WorksHome({
  activity,
  campaign,
  works,
  mine,
  pending,
  order,
  intro,
  inlineForm,
  children,
}: {
  activity: WorkCampaign;
  campaign: CampaignView;
  works: WorkList;
  mine: MyWorks;
  pending: Work[] | null;
  order: WorkOrder;
  intro: ReactNode;
  /** The form opens on this page (文史奖励) rather than as its own dialog route. */
  inlineForm: boolean;
  children?: ReactNode;
}) {
  useInviteCapture(campaign);
  const [formOpen, setFormOpen] = useState(false);
  const dialogPath = `${activity.path}/dialog`;
  return (
    <main className="tj-campaign tj-works">
      <CampaignHeader campaign={campaign}>
        <CampaignNav links={WORK_NAV[activity.key] ?? []} current={activity.path} />
      </CampaignHeader>
      <div className="tj-works__intro">{intro}</div>
      <MyWorksSection mine={mine} campaign={campaign} />
      {campaign.phase === "running" ? (
        inlineForm ? (
          <section aria-labelledby="tj-works-submit" className="tj-works__section">
            <h2 id="tj-works-submit" className="tj-section__title">
              投稿
            </h2>
            {formOpen ? (
              <WorkForm campaign={campaign} rules={activity.rules} noun={activity.noun} />
            ) : (
              <button
                type="button"
                className="tj-button tj-button--block"
                onClick={() => setFormOpen(true)}
              >
                我要投稿
              </button>
            )}
          </section>
        ) : null
      ) : null}
      <WorkListSection
        campaign={campaign}
        works={works}
        order={order}
        submitLink={inlineForm ? `${activity.path}#tj-works-submit` : dialogPath}
      />
      <ModerationSection pending={pending} campaignKey={activity.key} />
      {children}
      <ShareCampaign campaign={campaign} label="分享活动给好友" />
    </main>
  );
}
