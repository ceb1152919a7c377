import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { voteRuleLines } from "@tongjian/domain/votes";
import { CampaignNav, CampaignRules } from "../features/campaigns/campaign-parts.tsx";
import { orMissing, voteKeyOrNotFound } from "../features/votes/vote-loaders.server.ts";
import { VOTE_LIST, VOTE_NAV } from "../features/votes/vote-pages.ts";
import { VoteRuleList } from "../features/votes/vote-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/vote-rules";
import "../features/campaigns/campaigns.css";
import "../features/votes/votes.css";

// The rules of a vote campaign (decision 45), from the campaign's own rules and limits:
// /love/voterule and /wenshisong/voterule put the vote rules first (per day, per candidate,
// counting), /wenshisong/rule the activity's (its time, rules and rewards).
export async function loader({ context, url }: Route.LoaderArgs) {
  const key = voteKeyOrNotFound(url);
  const campaign = await orMissing(
    context.services.campaigns.view(key, context.viewer),
    "活动不存在",
  );
  const page = url.pathname.endsWith("/voterule") ? "vote" : "campaign";
  return {
    key,
    page,
    path: url.pathname,
    campaign,
    voteRules: voteRuleLines(campaign.limits.perDay),
  } as const;
}

export function meta({ data: d }: Route.MetaArgs) {
  const what = d?.page === "campaign" ? "活动规则" : "投票规则";
  return [{ title: `${d ? `${d.campaign.title} · ` : ""}${what} - ${PRODUCT_NAME}` }];
}

export default function VoteRulesRoute({ loaderData: d }: Route.ComponentProps) {
  const { campaign } = d;
  const voteSection = (
    <section aria-labelledby="vote-rules-title">
      <h2 id="vote-rules-title" className="tj-section__title">
        投票规则
      </h2>
      <VoteRuleList lines={d.voteRules} limitsText={campaign.limitsText} />
    </section>
  );
  return (
    <main className="tj-campaign tj-vote" data-testid="vote-rules-page">
      <CampaignNav links={VOTE_NAV[d.key]} current={d.path} />
      <header className="tj-campaign__header" data-phase={campaign.phase}>
        <p className="tj-campaign__phase">
          <span className="tj-campaign__badge">{campaign.phaseLabel}</span>
        </p>
        <h1 className="tj-campaign__title">
          {campaign.title} · {d.page === "campaign" ? "活动规则" : "投票规则"}
        </h1>
        <p className="tj-campaign__summary">{campaign.summary}</p>
      </header>
      {d.page === "vote" ? (
        <>
          {voteSection}
          <CampaignRules campaign={campaign} />
        </>
      ) : (
        <>
          <CampaignRules campaign={campaign} />
          <p>
            每天几票、怎样计票与排名，见
            <AppLink to={`/${d.key}/voterule`}>投票规则</AppLink>。
          </p>
        </>
      )}
      <p className="tj-vote__cta">
        <AppLink className="tj-button" to={VOTE_LIST[d.key]}>
          {campaign.phase === "ended" ? "查看最终排名" : "去投票"}
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
