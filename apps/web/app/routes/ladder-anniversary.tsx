import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { CampaignHeader, CampaignRules } from "../features/campaigns/campaign-parts.tsx";
import { editionOf } from "../features/year-review/review-edition.ts";
import { ReviewNav } from "../features/year-review/review-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-anniversary";
import "../features/campaigns/campaigns.css";
import "../features/year-review/year-review.css";

// 天梯周年 (/ladderanniversary: the 文史天梯 year; /ladderanniversary1: the 少儿天梯 year;
// decision 43): what the year in review is, and the way in (sign in, the cards, the poster).
export async function loader({ context, request }: Route.LoaderArgs) {
  const edition = editionOf(request);
  const view = await orNotFound(
    context.services.yearReview.view(edition, context.viewer),
    "活动不存在",
  );
  return { edition, view };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.view.campaign.title ?? "天梯周年"} - ${PRODUCT_NAME}` }];
}

export default function LadderAnniversaryRoute({ loaderData }: Route.ComponentProps) {
  const { edition, view } = loaderData;
  const other = edition === "ladderanniversary" ? "ladderanniversary1" : "ladderanniversary";
  return (
    <main className="tj-campaign" data-testid="review-landing">
      <ReviewNav edition={edition} current={`/${edition}`} />
      <CampaignHeader campaign={view.campaign} />
      <section aria-labelledby="review-what">
        <h2 id="review-what" className="tj-section__title">
          年报里有什么
        </h2>
        <ul className="tj-campaign__rule-list">
          <li>这一年学了多少天、多少分钟，答对了多少题；</li>
          <li>在{view.ladderTitle}上通过了哪几关、拿到多少积分；</li>
          <li>打卡与最长连续学习，限时挑战的最好成绩；</li>
          <li>读过的文章与词条，和你最爱读的那一篇；</li>
          <li>一个属于你的年度称号。</li>
        </ul>
      </section>
      {view.review ? (
        <div className="tj-review__links">
          <AppLink className="tj-button" to={`/${edition}/swiper`} data-testid="review-start">
            翻看我的年度卡片
          </AppLink>
          <AppLink className="tj-button tj-button--ghost" to={`/${edition}/result`}>
            直接看年报
          </AppLink>
        </div>
      ) : (
        <SignInPrompt what="生成你的年报" />
      )}
      <p>
        <AppLink to={`/${edition}/hint`}>年报怎么算？</AppLink>
        {" · "}
        <AppLink to={`/${other}`}>
          {other === "ladderanniversary1" ? "看看少儿天梯小年报" : "看看文史天梯年报"}
        </AppLink>
      </p>
      <CampaignRules campaign={view.campaign} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
