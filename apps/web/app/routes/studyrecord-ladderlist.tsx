import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import {
  accuracyText,
  minutesText,
  SignInState,
  StudyNav,
  StudyPage,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-ladderlist";
import "../features/study-records/study-records.css";

// 天梯记录 (/studyrecord/ladderlist): ladder study (activity kind "ladder") by level.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return { signedIn: true as const, levels: await context.services.studyRecords.ladder(viewer) };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `天梯记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function StudyLadderListRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <StudyPage title="天梯记录">
        <SignInState title="登录后查看天梯记录" lead="每一关学了几次、答对多少，一目了然。" />
      </StudyPage>
    );
  return (
    <StudyPage title="天梯记录">
      <StudyNav />
      {d.levels.length === 0 ? (
        <section className="tj-study__state" aria-labelledby="tj-ladder-empty">
          <h2 id="tj-ladder-empty" className="tj-study__state-title">
            还没有学习记录，去天梯看看
          </h2>
          <AppLink className="tj-button" to="/ladder/list">
            去天梯
          </AppLink>
        </section>
      ) : (
        <section className="tj-study__card" aria-labelledby="tj-ladder-levels">
          <h2 id="tj-ladder-levels">已学关卡（{d.levels.length}）</h2>
          <ul className="tj-study__list">
            {d.levels.map((l) => (
              <li key={l.levelKey} className="tj-study__row">
                <span>
                  {l.ladderTitle} · 第 {l.position + 1} 关 {l.levelTitle}
                </span>
                <span>
                  {l.times} 次 · {minutesText(l.seconds)} · 正确率{" "}
                  {accuracyText(l.answered, l.correct)} · 最近 {l.lastDay}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
