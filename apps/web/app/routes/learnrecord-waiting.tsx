import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SignInState, TestList } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/learnrecord-waiting";
import "../features/depth-test/depth-test.css";

// 等待中 (/learnrecord/waiting): tests waiting for the reader: started and not yet submitted,
// with the time left and a link to continue each.
export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.kind !== "user") return { signedIn: false, tests: [] } as const;
  const tests = await context.services.depthTests.mine(context.viewer);
  return { signedIn: true, tests: tests.filter((t) => t.status === "open") } as const;
}

export function meta() {
  return [{ title: `等待中的测评 - ${PRODUCT_NAME}` }];
}

export default function LearnRecordWaitingRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">等待中的测评</h1>
      {!d.signedIn ? (
        <SignInState title="登录后查看学习记录" hint="开始了但还没交卷的测评会在这里等你继续。" />
      ) : (
        <>
          <p className="tj-test__lead">
            开始了但还没交卷的测评。作答已逐题保存，在时限内继续即可；过了时限会按已保存的作答自动评分。
          </p>
          <TestList tests={d.tests} empty="没有等待中的测评，所有测评都已交卷。" />
        </>
      )}
      <nav className="tj-test__links" aria-label="学习记录">
        <AppLink to="/learnrecord/assesslist">已完成的测评</AppLink>
        <AppLink to="/testentry">全部测评</AppLink>
      </nav>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
