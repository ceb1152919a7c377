import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SignInState, TestList } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-assesslist";
import "../features/depth-test/depth-test.css";

// 测评列表 (/learnrecord/assesslist): the reader's finished tests, newest first, each with its
// score and a link to its report; the unfinished ones are counted with a link to continue.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind !== "user") return { signedIn: false, tests: [] } as const;
  return { signedIn: true, tests: await context.services.depthTests.mine(context.viewer) } as const;
}

export function meta() {
  return [{ title: `我的测评 - ${PRODUCT_NAME}` }];
}

export default function LearnRecordAssessListRoute({ loaderData: d }: Route.ComponentProps) {
  const finished = d.tests
    .filter((t) => t.status !== "open")
    .map((t) =>
      t.score === null ? t : { ...t, path: `/learnrecord/assessresult?testId=${t.testId}` },
    );
  const open = d.tests.filter((t) => t.status === "open").length;
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">我的测评</h1>
      {!d.signedIn ? (
        <SignInState title="登录后查看测评记录" hint="完成的测评和报告保存在你的账号里。" />
      ) : (
        <>
          {open > 0 && (
            <p className="tj-test__lead">
              还有 {open} 份测评没有交卷 · <AppLink to="/learnrecord/waiting">继续作答</AppLink>
            </p>
          )}
          <TestList tests={finished} empty="还没有完成的测评，去做一份吧。" />
        </>
      )}
      <nav className="tj-test__links" aria-label="测评">
        <AppLink to="/depthtest">深度测评</AppLink>
        <AppLink to="/aitest/home">AI 测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
