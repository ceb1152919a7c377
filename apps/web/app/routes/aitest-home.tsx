import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ExamView } from "../features/depth-test/exam-view.tsx";
import { DEFAULT_GRADE, orRefusal, queryOf, testIdOf } from "../features/depth-test/loaders.ts";
import {
  GradePicker,
  SignInState,
  StartButton,
  TestList,
} from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/aitest-home";
import "../features/depth-test/depth-test.css";

// AI 测评 (/aitest/home): choose a grade and start a short adaptive test with picture and audio
// questions; with ?testId the test itself (question with its audio or picture, body and
// options, the continue button; the next question's media loaded ahead).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { depthTests } = context.services;
  const testId = testIdOf(request);
  if (testId) {
    if (context.viewer.kind !== "user") return { kind: "signed-out" } as const;
    return {
      kind: "exam",
      exam: await orRefusal(depthTests.exam(context.viewer, testId)),
    } as const;
  }
  const grade = queryOf(request).grade ?? DEFAULT_GRADE;
  const [home, pre] = await Promise.all([
    depthTests.home(context.viewer, grade),
    depthTests.pretest(context.viewer, grade, "ai"),
  ]);
  return { kind: "home", home, pre } as const;
}

export function meta() {
  return [{ title: `AI 测评 - ${PRODUCT_NAME}` }];
}

export default function AiTestHomeRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "signed-out")
    return (
      <main className="tj-test">
        <h1 className="tj-test__title">AI 测评</h1>
        <SignInState title="登录后作答" hint="测评的作答保存在你的账号里，登录后继续。" />
      </main>
    );
  if (d.kind === "exam")
    return (
      <main className="tj-test">
        <h1 className="tj-test__title">AI 测评</h1>
        {d.exam.status === "open" ? (
          <ExamView initial={d.exam} />
        ) : (
          <div className="tj-state">
            <p className="tj-state__title">这份测评已经交卷</p>
            <AppLink className="tj-button" to={`/aitest/result?testId=${d.exam.testId}`}>
              查看结果
            </AppLink>
          </div>
        )}
      </main>
    );
  const { home, pre } = d;
  const mine = [...home.unfinished, ...home.recent].filter((t) => t.tag === "ai");
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">AI 测评</h1>
      <p className="tj-test__lead">{pre.intro}</p>
      <GradePicker current={home.grade} hrefOf={(g) => `/aitest/home?grade=${g}`} />
      <section className="tj-test__card" aria-labelledby="tj-ai-start">
        <h2 id="tj-ai-start">{home.gradeLabel} AI 测评</h2>
        <p className="tj-test__meta">
          {pre.length} 道题 · 限时 {pre.minutes} 分钟 · 含看图、听音题
        </p>
        {pre.available ? (
          <StartButton
            grade={home.grade}
            tag="ai"
            signedIn={pre.signedIn}
            resume={pre.unfinished}
          />
        ) : (
          <p className="tj-empty">这个年级的题库还在准备中。</p>
        )}
      </section>
      {home.signedIn && (
        <section className="tj-section" aria-labelledby="tj-ai-mine">
          <h2 className="tj-section__title" id="tj-ai-mine">
            我的 AI 测评
          </h2>
          <TestList tests={mine} empty="还没有这个年级的 AI 测评。" />
        </section>
      )}
      <nav className="tj-test__links" aria-label="更多测评">
        <AppLink to="/depthtest">深度测评</AppLink>
        <AppLink to="/testentry">全部测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
