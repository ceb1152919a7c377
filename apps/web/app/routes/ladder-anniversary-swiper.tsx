import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { editionOf } from "../features/year-review/review-edition.ts";
import { CardsSwiper, ReviewNav } from "../features/year-review/review-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-anniversary-swiper";
import "../features/campaigns/campaigns.css";
import "../features/year-review/year-review.css";

// 周年回顾 (/ladderanniversary/swiper, /ladderanniversary1/swiper): the year as cards to swipe,
// with the months' study and the kinds of study drawn where a chart says it faster.
export async function loader({ context, request }: Route.LoaderArgs) {
  const edition = editionOf(request);
  const view = await orNotFound(
    context.services.yearReview.view(edition, context.viewer),
    "活动不存在",
  );
  return { edition, view };
}

export function meta() {
  return [{ title: `年度卡片 - ${PRODUCT_NAME}` }];
}

export default function ReviewSwiperRoute({ loaderData }: Route.ComponentProps) {
  const { edition, view } = loaderData;
  return (
    <main className="tj-campaign" data-testid="review-swiper">
      <ReviewNav edition={edition} current={`/${edition}/swiper`} />
      <h1 className="tj-campaign__title">{view.campaign.title}</h1>
      {view.review ? (
        <>
          {!view.review.enough ? (
            <p className="tj-campaign__meta" role="status">
              这一年的记录不多，卡片里会告诉你从哪里开始。
            </p>
          ) : null}
          <CardsSwiper view={view} review={view.review} resultPath={`/${edition}/result`} />
        </>
      ) : (
        <SignInPrompt what="翻看你的年度卡片" />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
