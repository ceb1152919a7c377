import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { editionOf } from "../features/year-review/review-edition.ts";
import { ReviewNav } from "../features/year-review/review-parts.tsx";
import { SignInPrompt } from "../shell/api-action.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-anniversary-hint";
import "../features/campaigns/campaigns.css";
import "../features/year-review/year-review.css";

// 周年提示 (/ladderanniversary/hint, /ladderanniversary1/hint): how the year is counted, what stays
// private, signing in, and for a reader with little on record, where to begin.
export async function loader({ context, request }: Route.LoaderArgs) {
  const edition = editionOf(request);
  const view = await orNotFound(
    context.services.yearReview.view(edition, context.viewer),
    "活动不存在",
  );
  return { edition, view };
}

export function meta() {
  return [{ title: `年报说明 - ${PRODUCT_NAME}` }];
}

export default function ReviewHintRoute({ loaderData }: Route.ComponentProps) {
  const { edition, view } = loaderData;
  const review = view.review;
  const ladderPath = view.voice === "young" ? "/youngladder" : "/wenshiladder";
  return (
    <main className="tj-campaign" data-testid="review-hint">
      <ReviewNav edition={edition} current={`/${edition}/hint`} />
      <h1 className="tj-campaign__title">年报怎么算</h1>
      <ol className="tj-campaign__rule-list">
        <li>统计截至今天的 365 天（北京时间），每天零点换日。</li>
        <li>学习时长、答题数与正确率来自每一次闯关、练习、复习、测评与挑战的记录。</li>
        <li>“{view.ladderTitle}”一项只算这条天梯上的关卡与积分。</li>
        <li>学习天数：有学习记录或打卡的日子；最长连续：这些日子连成的最长一段。</li>
        <li>阅读：登录后读过的文章与词条；未登录时的阅读只留在你的设备上，不计入。</li>
        <li>年报只有你自己看得到；分享时由你选择公开哪些部分，好友看到的是分享那一刻的快照。</li>
      </ol>
      {!review ? (
        <SignInPrompt what="生成你的年报" />
      ) : review.enough ? (
        <div className="tj-review__links">
          <AppLink className="tj-button" to={`/${edition}/swiper`}>
            开始翻看
          </AppLink>
        </div>
      ) : (
        <section className="tj-state" data-testid="review-little">
          <h2 className="tj-state__title">这一年的记录还不多</h2>
          <p>年报照样可以看，只是有几张卡片会是空白的。现在开始也不晚：</p>
          <div className="tj-review__links">
            <AppLink className="tj-button" to={ladderPath}>
              去闯{view.ladderTitle}
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to="/clockin">
              每日打卡
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to={`/${edition}/swiper`}>
              仍然翻看
            </AppLink>
          </div>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
