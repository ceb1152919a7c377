import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { WORK_NAV } from "../features/campaign-works/works-home.tsx";
import {
  CampaignHeader,
  CampaignNav,
  CampaignRules,
} from "../features/campaigns/campaign-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/wenshireward-rule";
import "../features/campaigns/campaigns.css";
import "../features/campaign-works/campaign-works.css";

// 奖励规则 (/wenshireward/rule): the contest's topics, rules, limits and prizes by place, as the
// campaign (content/campaigns/wenshireward/campaign.yaml) states them (decision 46).
export async function loader({ context }: Route.LoaderArgs) {
  const campaign = await orNotFound(
    context.services.campaigns.view("wenshireward", context.viewer),
    "活动不存在",
  );
  return { campaign };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `奖励规则 - ${d?.campaign.title ?? "文史奖励"} - ${PRODUCT_NAME}` }];
}

export default function WenshiRewardRuleRoute({ loaderData: { campaign } }: Route.ComponentProps) {
  return (
    <main className="tj-campaign tj-works">
      <CampaignHeader campaign={campaign}>
        <CampaignNav links={WORK_NAV.wenshireward ?? []} current="/wenshireward/rule" />
      </CampaignHeader>
      <CampaignRules campaign={campaign} />
      <section aria-labelledby="tj-works-how" className="tj-works__section">
        <h2 id="tj-works-how" className="tj-section__title">
          怎样评奖
        </h2>
        <p>
          活动结束后，点赞截止，按每件作品的获赞数排名，每位作者只以得票最多的一件参与。名次在第一次评奖时确定，奖励只发一次，发到作者的账号，可在“我的活动奖励”中查看。
        </p>
        <p>
          想投照片或手绘？<AppLink to="/workcollection">作品征集</AppLink>
          收录读者拍摄和描绘的文物古迹。
        </p>
      </section>
      <AppLink className="tj-button tj-button--block" to="/wenshireward">
        去投稿
      </AppLink>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
