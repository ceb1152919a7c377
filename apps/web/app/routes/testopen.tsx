import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { DEFAULT_GRADE, DEFAULT_TAG, queryOf } from "../features/depth-test/loaders.ts";
import { GradePicker, StartButton } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/testopen";
import "../features/depth-test/depth-test.css";

// 测试开放 (/testopen?grade=junior&tag=depth): a test opened from a shared link: what it is and
// a start button (or 继续 when the reader has it unfinished).
export async function loader({ context, request }: Route.LoaderArgs) {
  const q = queryOf(request);
  const grade = q.grade ?? DEFAULT_GRADE;
  const tag = q.tag ?? DEFAULT_TAG;
  const invalid = (q.gradeGiven && !q.grade) || (q.tagGiven && !q.tag);
  const pre = await context.services.depthTests.pretest(context.viewer, grade, tag);
  return { pre, invalid };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d ? `${d.pre.gradeLabel}${d.pre.tagLabel}` : "测评"} - ${PRODUCT_NAME}` }];
}

export default function TestOpenRoute({ loaderData: d }: Route.ComponentProps) {
  const { pre } = d;
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">
        {pre.gradeLabel}
        {pre.tagLabel}
      </h1>
      {d.invalid && (
        <p className="tj-form__error" role="alert">
          链接里的年级或测评类型无效，已为你打开{pre.gradeLabel}
          {pre.tagLabel}，也可以在下面换一个年级。
        </p>
      )}
      <p className="tj-test__lead">{pre.intro}</p>
      <GradePicker current={pre.grade} hrefOf={(g) => `/testopen?grade=${g}&tag=${pre.tag}`} />
      <section className="tj-test__card" aria-label="测评说明">
        <p className="tj-test__meta">
          {pre.length} 道题 · 限时 {pre.minutes} 分钟 · 题库 {pre.questionCount} 题
        </p>
        {pre.available ? (
          <StartButton
            grade={pre.grade}
            tag={pre.tag}
            signedIn={pre.signedIn}
            resume={pre.unfinished}
          />
        ) : (
          <p className="tj-empty">这个年级的题库还在准备中。</p>
        )}
      </section>
      <nav className="tj-test__links" aria-label="更多测评">
        <AppLink to="/testentry">全部测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
