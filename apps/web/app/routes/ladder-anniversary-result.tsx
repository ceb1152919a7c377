import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { shareableReview } from "@tongjian/domain/year-review";
import { editionOf } from "../features/year-review/review-edition.ts";
import { ReviewNav, ReviewPoster, ShareReview } from "../features/year-review/review-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-anniversary-result";
import "../features/campaigns/campaigns.css";
import "../features/year-review/year-review.css";

// 周年结果 (/ladderanniversary/result, /ladderanniversary1/result): the year on one poster, and
// sharing it: the reader chooses the parts, the server keeps that snapshot for their friends.
export async function loader({ context, request }: Route.LoaderArgs) {
  const edition = editionOf(request);
  const view = await orNotFound(
    context.services.yearReview.view(edition, context.viewer),
    "活动不存在",
  );
  return { edition, view };
}

export function meta() {
  return [{ title: `我的年报 - ${PRODUCT_NAME}` }];
}

export default function ReviewResultRoute({ loaderData }: Route.ComponentProps) {
  const { edition, view } = loaderData;
  const review = view.review;
  const whole = review ? shareableReview(review, ["study", "reading"]) : null;
  return (
    <main className="tj-campaign" data-testid="review-result">
      <ReviewNav edition={edition} current={`/${edition}/result`} />
      <h1 className="tj-campaign__title">我的年报</h1>
      {!review || !whole ? (
        <SignInPrompt what="生成你的年报" />
      ) : (
        <>
          <ReviewPoster
            name={view.name ?? "我"}
            title={whole.title}
            from={whole.from}
            to={whole.to}
            ladderTitle={view.ladderTitle}
            study={whole.study}
            reading={whole.reading}
          />
          {!review.enough ? (
            <p className="tj-campaign__meta">
              这一年的记录还不多。
              <AppLink to={`/${edition}/hint`}>看看从哪里开始</AppLink>
            </p>
          ) : null}
          <ShareReview edition={edition} campaign={view.campaign} />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
