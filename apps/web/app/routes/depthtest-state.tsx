import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SignInState, TestList } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/depthtest-state";
import "../features/depth-test/depth-test.css";

// 测评状态 (/depthtest/state): the reader's unfinished tests, each continued where it was left
// (every answer is saved on the server), and the latest finished one.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind !== "user") return { signedIn: false, tests: [] } as const;
  return { signedIn: true, tests: await context.services.depthTests.mine(context.viewer) } as const;
}

export function meta() {
  return [{ title: `测评状态 - ${PRODUCT_NAME}` }];
}

export default function DepthTestStateRoute({ loaderData: d }: Route.ComponentProps) {
  const open = d.tests.filter((t) => t.status === "open");
  const done = d.tests.filter((t) => t.status !== "open" && t.score !== null).slice(0, 3);
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">测评状态</h1>
      {!d.signedIn ? (
        <SignInState
          title="登录后查看测评状态"
          hint="未完成的测评保存在你的账号里，登录后可以继续作答。"
        />
      ) : (
        <>
          <section className="tj-section" aria-labelledby="tj-state-open">
            <h2 className="tj-section__title" id="tj-state-open">
              未完成的测评
            </h2>
            <p className="tj-test__meta">
              每答一题都已保存；超过时限的测评会按时限内的作答自动交卷。
            </p>
            <TestList tests={open} empty="没有未完成的测评。" />
          </section>
          <section className="tj-section" aria-labelledby="tj-state-done">
            <h2 className="tj-section__title" id="tj-state-done">
              最近完成
            </h2>
            <TestList tests={done} empty="还没有完成的测评。" />
          </section>
        </>
      )}
      <nav className="tj-test__links" aria-label="开始测评">
        <AppLink to="/depthtest">开始深度测评</AppLink>
        <AppLink to="/aitest/home">开始 AI 测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
