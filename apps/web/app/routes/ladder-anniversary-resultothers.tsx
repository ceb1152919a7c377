import { reviewOthersQuery } from "@tongjian/contracts/year-review";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data as reply } from "react-router";
import { editionOf } from "../features/year-review/review-edition.ts";
import { ReviewPoster } from "../features/year-review/review-parts.tsx";
import { chinaTime } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-anniversary-resultothers";
import "../features/campaigns/campaigns.css";
import "../features/year-review/year-review.css";

// 好友结果 (/ladderanniversary/resultothers?share=… or ?user=…): a friend's year as they shared it.
// Only the snapshot saved when they shared, with the parts they chose; never live records.
export async function loader({ context, request }: Route.LoaderArgs) {
  const edition = editionOf(request);
  const query = reviewOthersQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw reply(query.error.issues[0]?.message ?? "分享链接不正确", { status: 400 });
  const view = await orNotFound(
    context.services.yearReview.others(edition, context.viewer, query.data),
    "这份年报还没有分享，或链接已失效",
  );
  return { edition, view };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.view.name ?? "好友"}的读史年报 - ${PRODUCT_NAME}` }];
}

export default function ReviewOthersRoute({ loaderData }: Route.ComponentProps) {
  const { edition, view } = loaderData;
  const s = view.snapshot;
  return (
    <main className="tj-campaign" data-testid="review-others">
      <h1 className="tj-campaign__title">
        {view.name} 的{view.campaign.title.split(" · ")[1] ?? "年报"}
      </h1>
      <p className="tj-campaign__meta">分享于 {chinaTime(view.sharedAt)}</p>
      <ReviewPoster
        name={view.name}
        title={s.title}
        from={s.from}
        to={s.to}
        ladderTitle={view.ladderTitle}
        study={s.study}
        reading={s.reading}
      />
      {!s.study && !s.reading ? <p className="tj-state">对方没有公开任何内容。</p> : null}
      <div className="tj-review__links">
        <AppLink className="tj-button" to={`/${edition}`} data-testid="review-own">
          我也来生成年报
        </AppLink>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
