import { GRADE_LABEL, optionLetter } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { minutesText, SignInState, Stat, StudyPage } from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-result";
import "../features/study-records/study-records.css";

// 学习结果 (/studyrecord/result?id=…): a submitted mock test's score and every question with
// the right answer and its explanation. Without an id: the reader's recent results.
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  const id = url.searchParams.get("id");
  const { studyRecords } = context.services;
  if (!id || !/^[0-9a-f]{24}$/.test(id))
    return { signedIn: true as const, view: null, recent: await studyRecords.recentMocks(viewer) };
  return {
    signedIn: true as const,
    view: await orNotFound(studyRecords.mock(viewer, id), "这份试卷不存在"),
    recent: [],
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习结果 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function StudyResultRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <StudyPage title="学习结果">
        <SignInState title="登录后查看测试结果" lead="模拟测试的得分与每题解析保存在你的账号里。" />
      </StudyPage>
    );
  if (!d.view)
    return (
      <StudyPage title="学习结果">
        {d.recent.filter((m) => m.submittedAt).length === 0 ? (
          <section className="tj-study__state" aria-labelledby="tj-result-empty">
            <h2 id="tj-result-empty" className="tj-study__state-title">
              还没有测试结果
            </h2>
            <AppLink className="tj-button" to="/studyrecord/mock">
              做一次模拟测试
            </AppLink>
          </section>
        ) : (
          <ul className="tj-study__list tj-study__card">
            {d.recent
              .filter((m) => m.submittedAt)
              .map((m) => (
                <li key={m.id} className="tj-study__row">
                  <span>
                    {GRADE_LABEL[m.grade]} · {m.submittedAt?.slice(0, 10)}
                  </span>
                  <AppLink to={`/studyrecord/result?id=${m.id}`}>{m.score} 分</AppLink>
                </li>
              ))}
          </ul>
        )}
      </StudyPage>
    );
  const { paper, result } = d.view;
  if (!result)
    return (
      <StudyPage title="学习结果">
        <p className="tj-study__notice">这份试卷还没有交卷。</p>
        <AppLink className="tj-button" to={`/studyrecord/mock?grade=${paper.grade}`}>
          继续作答
        </AppLink>
      </StudyPage>
    );
  return (
    <StudyPage title="测试结果">
      <section className="tj-study__card" aria-labelledby="tj-result-score">
        <h2 id="tj-result-score">{GRADE_LABEL[result.grade]}模拟测试</h2>
        <dl className="tj-study__stats">
          <Stat label="得分" value={`${result.score} 分`} />
          <Stat label="答对" value={`${result.correct} / ${result.total}`} />
          <Stat label="用时" value={minutesText(result.seconds)} />
          <Stat label="交卷" value={result.submittedAt.slice(0, 10)} />
        </dl>
      </section>
      <ol className="tj-study__list">
        {result.questions.map((q, n) => (
          <li key={q.id} className="tj-study__card">
            <p>
              {n + 1}. {q.stem}
            </p>
            <p className={q.correct ? "tj-study__mark--right" : "tj-study__mark--wrong"}>
              {q.correct ? "✓ 答对了" : "✗ 答错了"} · 你的答案：
              {q.chosen.length ? q.chosen.map(optionLetter).join("") : "未作答"} · 正确答案：
              {q.answer.map(optionLetter).join("")}
            </p>
            <ul className="tj-study__list">
              {q.options.map((o, i) => (
                <li key={o}>
                  {optionLetter(i)}. {o}
                </li>
              ))}
            </ul>
            <p className="tj-study__lead">解析：{q.explanation}</p>
            {q.entries.length > 0 && (
              <p className="tj-study__meta">
                相关词条：
                {q.entries.map((e) => (
                  <AppLink key={e.id} to={`/detail/${e.id}`}>
                    {e.name}{" "}
                  </AppLink>
                ))}
              </p>
            )}
          </li>
        ))}
      </ol>
      <div className="tj-study__actions">
        <AppLink className="tj-button" to="/studyrecord">
          回到学习记录
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/studyrecord/statistics">
          看统计
        </AppLink>
      </div>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
