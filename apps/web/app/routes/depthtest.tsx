import { GRADE_LABEL } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { DEFAULT_GRADE, queryOf } from "../features/depth-test/loaders.ts";
import { GradePicker, StartButton, TestList } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/depthtest";
import "../features/depth-test/depth-test.css";

// 深度测评 (/depthtest): choose a grade, read what the test is, start it (signed in) or continue
// the unfinished one; the reader's latest results of the grade.
export async function loader({ context, request }: Route.LoaderArgs) {
  const grade = queryOf(request).grade ?? DEFAULT_GRADE;
  const { depthTests } = context.services;
  const [list, home, pre] = await Promise.all([
    depthTests.listGrade(),
    depthTests.home(context.viewer, grade),
    depthTests.pretest(context.viewer, grade, "depth"),
  ]);
  return { list, home, pre };
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d ? `${d.home.gradeLabel}` : ""}深度测评 - ${PRODUCT_NAME}` }];
}

export default function DepthTestRoute({ loaderData: d }: Route.ComponentProps) {
  const { list, home, pre } = d;
  const counts = Object.fromEntries(list.grades.map((g) => [g.grade, g.questionCount]));
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">深度测评</h1>
      <p className="tj-test__lead">{pre.intro}</p>
      <GradePicker current={home.grade} counts={counts} hrefOf={(g) => `/depthtest?grade=${g}`} />
      <section className="tj-test__card" aria-labelledby="tj-depth-start">
        <h2 id="tj-depth-start">{GRADE_LABEL[home.grade]}深度测评</h2>
        <p className="tj-test__meta">
          {pre.length} 道题 · 限时 {pre.minutes} 分钟 · 题库 {pre.questionCount} 题 · 难度随作答调整
        </p>
        {pre.available ? (
          <StartButton
            grade={home.grade}
            tag="depth"
            signedIn={pre.signedIn}
            resume={pre.unfinished}
          />
        ) : (
          <p className="tj-empty">这个年级的题库还在准备中，先试试其他年级吧。</p>
        )}
        {!pre.signedIn && (
          <p className="tj-test__meta">测评需要登录：作答会保存在你的账号里，换设备也能继续。</p>
        )}
      </section>
      {home.signedIn && (
        <section className="tj-section" aria-labelledby="tj-depth-recent">
          <h2 className="tj-section__title" id="tj-depth-recent">
            我在{home.gradeLabel}的测评
          </h2>
          <TestList
            tests={[...home.unfinished, ...home.recent]}
            empty="还没有这个年级的测评记录。"
          />
        </section>
      )}
      <nav className="tj-test__links" aria-label="更多测评">
        <AppLink to="/aitest/home">AI 测评</AppLink>
        <AppLink to="/depthtest/state">未完成的测评</AppLink>
        <AppLink to="/learnrecord/assesslist">我的测评记录</AppLink>
        <AppLink to="/testentry">全部测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
