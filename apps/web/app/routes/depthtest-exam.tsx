import { reportPath } from "@tongjian/domain/depth-test";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { ExamView } from "../features/depth-test/exam-view.tsx";
import { orRefusal, testIdOf } from "../features/depth-test/loaders.ts";
import { SignInState } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/depthtest-exam";
import "../features/depth-test/depth-test.css";

// 测评答题 (/depthtest/exam?testId=…): the test being taken. The state comes from the server on
// every load, so a reload or a return later continues where the reader left off.
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer.kind !== "user") return { kind: "signed-out" } as const;
  const testId = testIdOf(request);
  if (!testId) return { kind: "none" } as const;
  const exam = await orRefusal(context.services.depthTests.exam(context.viewer, testId));
  return { kind: "exam", exam } as const;
}

export function meta() {
  return [{ title: `测评答题 - ${PRODUCT_NAME}` }];
}

export default function DepthTestExamRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">测评答题</h1>
      {d.kind === "signed-out" ? (
        <SignInState title="登录后作答" hint="测评的作答保存在你的账号里，登录后继续。" />
      ) : d.kind === "none" ? (
        <div className="tj-state">
          <p className="tj-state__title">没有指定测评</p>
          <p className="tj-state__hint">从测评首页开始一份测评，或继续未完成的测评。</p>
          <AppLink className="tj-button" to="/depthtest">
            深度测评
          </AppLink>
          <AppLink className="tj-button tj-button--ghost" to="/depthtest/state">
            未完成的测评
          </AppLink>
        </div>
      ) : d.exam.status !== "open" ? (
        <div className="tj-state">
          <p className="tj-state__title">这份测评已经交卷</p>
          <AppLink className="tj-button" to={reportPath(d.exam.tag, d.exam.testId)}>
            查看报告
          </AppLink>
        </div>
      ) : (
        <ExamView initial={d.exam} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
