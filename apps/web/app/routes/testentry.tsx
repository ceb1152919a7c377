import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SignInState, TestList } from "../features/depth-test/test-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/testentry";
import "../features/depth-test/depth-test.css";

// 测试入口 (/testentry): which tests exist, for which grades (with the size of each bank), and
// the reader's unfinished and latest tests.
export async function loader({ context }: Route.LoaderArgs) {
  const { depthTests } = context.services;
  const list = await depthTests.listGrade();
  if (context.viewer.kind !== "user") return { list, signedIn: false, tests: [] } as const;
  return { list, signedIn: true, tests: await depthTests.mine(context.viewer) } as const;
}

export function meta() {
  return [{ title: `测评入口 - ${PRODUCT_NAME}` }];
}

export default function TestEntryRoute({ loaderData: d }: Route.ComponentProps) {
  const open = d.tests.filter((t) => t.status === "open");
  const recent = d.tests.filter((t) => t.status !== "open" && t.score !== null).slice(0, 5);
  return (
    <main className="tj-test">
      <h1 className="tj-test__title">历史测评</h1>
      <p className="tj-test__lead">
        按年级出题、难度随作答调整的自适应测评。交卷后得到得分、水平、强弱雷达图和接下来要学的知识点。
      </p>
      {d.list.tags.map((tag) => (
        <section className="tj-test__card" key={tag.tag} aria-labelledby={`tj-entry-${tag.tag}`}>
          <h2 id={`tj-entry-${tag.tag}`}>{tag.label}</h2>
          <p className="tj-test__meta">
            {tag.intro} 最多 {tag.length} 题，限时 {tag.minutes} 分钟。
          </p>
          <ul className="tj-test__grades">
            {d.list.grades.map((g) => (
              <li key={g.grade}>
                <AppLink to={`/testopen?grade=${g.grade}&tag=${tag.tag}`}>
                  {g.label}
                  <small> {g.questionCount} 题</small>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {d.signedIn ? (
        <>
          <section className="tj-section" aria-labelledby="tj-entry-open">
            <h2 className="tj-section__title" id="tj-entry-open">
              未完成
            </h2>
            <TestList tests={open} empty="没有未完成的测评。" />
          </section>
          <section className="tj-section" aria-labelledby="tj-entry-recent">
            <h2 className="tj-section__title" id="tj-entry-recent">
              最近的结果
            </h2>
            <TestList tests={recent} empty="还没有完成的测评。" />
          </section>
        </>
      ) : (
        <SignInState title="登录后参加测评" hint="登录后可以开始测评，并在这里看到你的结果。" />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
