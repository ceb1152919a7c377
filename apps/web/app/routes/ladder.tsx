import type {
  LadderView,
  LevelView,
  PracticeResult,
  PracticeStart,
} from "@tongjian/contracts/ladder";
import type { AnswerItem } from "@tongjian/contracts/learning";
import { LADDER_KIND_LABEL, type LadderKind } from "@tongjian/domain/ladder";
import { GRADE_LABEL } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useMemo, useState } from "react";
import { redirect, useRevalidator } from "react-router";
import {
  addDeviceReceipt,
  deviceRecords,
  withDeviceProgress,
} from "../features/ladder/device-ladder.ts";
import {
  GateNotice,
  LadderPath,
  levelPath,
  Stars,
  statusOf,
} from "../features/ladder/ladder-parts.tsx";
import { MarkedList, PracticeForm } from "../features/ladder/practice-form.tsx";
import { useDeviceReceipts, useMergeDeviceLadder } from "../features/ladder/use-device-ladder.ts";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/ladder";
import "../features/ladder/ladder.css";

// The ladders (天梯): /wenshiladder, /youngladder and /newsladder are the 文史, 少儿 and 新闻
// ladders, with a level's id (or key) after them for one level; /ladder/{ladderKey} is any
// ladder by key and /ladder/{ladderKey}/{levelKey} one of its levels.
const KINDS: Record<string, LadderKind> = {
  wenshiladder: "wenshi",
  youngladder: "young",
  newsladder: "news",
};
const SEGMENT = /^[a-z0-9-]{1,60}$/;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { ladders } = context.services;
  const { viewer } = context;
  const [head = "", ...rest] = url.pathname.split("/").filter(Boolean);
  if (rest.some((s) => !SEGMENT.test(s))) throw notFound("这条天梯或这一关不存在");
  const kind = KINDS[head];
  if (kind) {
    if (rest.length === 0)
      return {
        kind: "ladder" as const,
        view: await orNotFound(ladders.ladderOfKind(viewer, kind), "这条天梯还没有关卡"),
      };
    if (rest.length > 1) throw notFound("这一关不存在");
    const view = await orNotFound(ladders.level(viewer, rest[0] ?? ""), "这一关不存在");
    if (view.level.ladderKind !== kind) throw notFound("这一关不在这条天梯上");
    return { kind: "level" as const, view };
  }
  // /ladder/{ladderKey}[/{levelKey}]
  // /ladder alone: the list of every ladder.
  if (rest.length === 0) throw redirect("/ladder/list");
  if (rest.length > 2) throw notFound("这条天梯不存在");
  if (rest.length === 1)
    return {
      kind: "ladder" as const,
      view: await orNotFound(ladders.ladder(viewer, rest[0] ?? ""), "这条天梯不存在"),
    };
  const view = await orNotFound(ladders.level(viewer, rest[1] ?? ""), "这一关不存在");
  if (view.ladder.key !== rest[0] && view.ladder.id !== rest[0])
    throw notFound("这一关不在这条天梯上");
  return { kind: "level" as const, view };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `天梯 - ${PRODUCT_NAME}` }];
  const title =
    d.kind === "ladder" ? d.view.title : `${d.view.level.title} - ${d.view.ladder.title}`;
  const description = d.kind === "ladder" ? d.view.intro : d.view.level.intro;
  return [{ title: `${title} - ${PRODUCT_NAME}` }, { name: "description", content: description }];
}

export default function LadderRoute({ loaderData: d }: Route.ComponentProps) {
  return d.kind === "ladder" ? <LadderScreen view={d.view} /> : <LevelScreen view={d.view} />;
}

function LadderScreen({ view }: { view: LadderView }) {
  useMergeDeviceLadder(view.signedIn);
  const [receipts] = useDeviceReceipts(view.signedIn);
  const levels = useMemo(
    () => (view.signedIn ? view.levels : withDeviceProgress(view.levels, deviceRecords(receipts))),
    [view, receipts],
  );
  const passed = levels.filter((l) => l.progress?.passed).length;
  const stars = levels.reduce((n, l) => n + (l.progress?.stars ?? 0), 0);
  const points = levels.reduce((n, l) => n + (l.progress?.points ?? 0), 0);
  const young = view.kind === "young";
  return (
    <main className={`tj-ladder${young ? " tj-ladder--young" : ""}`}>
      <p className="tj-ladder__kicker">
        {LADDER_KIND_LABEL[view.kind]} · {GRADE_LABEL[view.grade]}
      </p>
      <h1 className="tj-ladder__title">{view.title}</h1>
      <p className="tj-ladder__lead">
        {view.kind === "news" ? `读新闻，知来历：${view.intro}` : view.intro}
      </p>
      <dl className="tj-ladder__summary" aria-label="我的进度">
        <div>
          <dt>已过关</dt>
          <dd>
            {passed}/{levels.length}
          </dd>
        </div>
        <div>
          <dt>星星</dt>
          <dd>{stars}</dd>
        </div>
        <div>
          <dt>积分</dt>
          <dd>{points}</dd>
        </div>
      </dl>
      {young && (
        <p className="tj-ladder__cheer">
          {passed === 0
            ? "小朋友，先读故事再答题，答对六成就能爬上一级台阶！"
            : `真棒！你已经爬上了 ${passed} 级台阶，还有 ${levels.length - passed} 级，加油！`}
        </p>
      )}
      {!view.signedIn && (
        <p className="tj-ladder__meta">未登录：试学成绩保存在这台设备上，登录后会合并到账号。</p>
      )}
      {view.signedIn && !view.learningAccess && (
        <p className="tj-ladder__meta">
          试学关卡可免费练习，其余关卡需 <AppLink to="/productDetail/ladder">开通天梯课程</AppLink>
          。
        </p>
      )}
      <LadderPath levels={levels} young={young} />
      <p className="tj-ladder__links">
        <AppLink to="/ladder/list">全部天梯</AppLink>
        <AppLink to="/ladderintroduce">天梯怎么玩</AppLink>
        <AppLink to="/learnrecord/practicelist">错题复习</AppLink>
        <AppLink to="/wenshiladder/pointslist">我的积分</AppLink>
      </p>
    </main>
  );
}

type Stage =
  | { step: "lesson" }
  | { step: "practice"; start: PracticeStart }
  | { step: "result"; result: PracticeResult };

function LevelScreen({ view }: { view: LevelView }) {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  useMergeDeviceLadder(view.signedIn);
  const [receipts, reloadReceipts] = useDeviceReceipts(view.signedIn);
  const [stage, setStage] = useState<Stage>({ step: "lesson" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { level: serverLevel, ladder, points, articles } = view;
  const level = useMemo(() => {
    if (view.signedIn) return serverLevel;
    const records = deviceRecords(receipts);
    const previous = view.previous;
    const [withProgress] = withDeviceProgress([serverLevel], records);
    const unlocked =
      serverLevel.unlocked || (previous ? records[previous.key]?.passed === true : false);
    return { ...(withProgress ?? serverLevel), unlocked };
  }, [view, serverLevel, receipts]);
  const young = level.ladderKind === "young";

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await api.post<PracticeStart>(`/api/ladder/n/level/${level.id}/start`);
      setStage({ step: "practice", start: started });
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (answers: AnswerItem[]) => {
    if (stage.step !== "practice") return;
    setBusy(true);
    setError(null);
    try {
      const result = await api.post<PracticeResult>(`/api/ladder/n/level/${level.id}/submit`, {
        practiceId: stage.start.practiceId,
        answers,
      });
      if (result.receipt) {
        addDeviceReceipt(result.receipt);
        reloadReceipts();
      }
      setStage({ step: "result", result });
      window.scrollTo({ top: 0 });
      if (view.signedIn) void revalidator.revalidate();
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };

  const readPath = (q: string) => `/ah/ladderarticledetail?level=${level.id}&${q}`;
  return (
    <main className={`tj-ladder${young ? " tj-ladder--young" : ""}`}>
      <p className="tj-ladder__kicker">
        <AppLink to={`/ladder/${ladder.key}`}>{ladder.title}</AppLink> · 第 {level.position + 1} 关
      </p>
      <h1 className="tj-ladder__title">{level.title}</h1>
      <p className="tj-ladder__lead">{level.intro}</p>
      <p className="tj-ladder__row">
        <Stars stars={level.progress?.stars ?? 0} />
        <span className="tj-ladder__badge" data-testid="level-status">
          {statusOf(level)}
        </span>
        {level.sample && <span className="tj-ladder__badge">试学</span>}
        {level.progress && (
          <span className="tj-ladder__meta">
            最好 {level.progress.bestCorrect}/{level.progress.bestTotal} · {level.progress.points}{" "}
            积分
          </span>
        )}
      </p>

      {stage.step === "lesson" && (
        <>
          <section className="tj-section" aria-labelledby="tj-level-lessons">
            <h2 className="tj-section__title" id="tj-level-lessons">
              课文（{points.length} 个知识点）
            </h2>
            <ul className="tj-ladder__lessons">
              {points.map((p) => (
                <li key={p.id} className="tj-ladder__lesson">
                  <AppLink to={readPath(`point=${p.key}`)} data-testid="level-lesson">
                    {p.title}
                  </AppLink>
                  <span className="tj-ladder__meta">
                    {p.eraLabel} · {p.themeLabel}
                  </span>
                  <p>{p.lesson[0]}</p>
                </li>
              ))}
            </ul>
          </section>
          {articles.length > 0 && (
            <section className="tj-section" aria-labelledby="tj-level-reading">
              <h2 className="tj-section__title" id="tj-level-reading">
                延伸阅读
              </h2>
              <ul className="tj-ladder__lessons">
                {articles.map((a) => (
                  <li key={a.id} className="tj-ladder__lesson">
                    <AppLink to={readPath(`article=${a.id}`)}>{a.title}</AppLink>
                  </li>
                ))}
              </ul>
              <AppLink className="tj-ladder__more" to={`/ah/ladderarticle?level=${level.id}`}>
                本关阅读清单
              </AppLink>
            </section>
          )}
          <section className="tj-section" aria-labelledby="tj-level-practice">
            <h2 className="tj-section__title" id="tj-level-practice">
              练习（{level.questionCount} 题，答对 60% 过关）
            </h2>
            {!level.access ? (
              <GateNotice />
            ) : !level.unlocked ? (
              <p className="tj-ladder__notice" role="note">
                请先通过上一关
                {view.previous && (
                  <>
                    「<AppLink to={levelPath(view.previous)}>{view.previous.title}</AppLink>」
                  </>
                )}
                ，再来挑战这一关。
              </p>
            ) : (
              <>
                {!view.signedIn && (
                  <p className="tj-ladder__meta">
                    未登录：成绩保存在这台设备上，登录后合并到账号。
                  </p>
                )}
                {error && (
                  <p className="tj-quiz__error" role="alert">
                    {error}
                  </p>
                )}
                <button
                  type="button"
                  className="tj-button tj-button--block"
                  onClick={() => void start()}
                  disabled={busy || level.questionCount === 0}
                  aria-busy={busy}
                >
                  {busy ? "正在出题…" : level.progress ? "再练一次" : "开始练习"}
                </button>
              </>
            )}
          </section>
        </>
      )}

      {stage.step === "practice" && (
        <section className="tj-section" aria-labelledby="tj-level-quiz">
          <h2 className="tj-section__title" id="tj-level-quiz">
            本关练习
          </h2>
          <PracticeForm
            questions={stage.start.questions}
            onSubmit={(answers) => void submit(answers)}
            busy={busy}
            error={error}
          />
        </section>
      )}

      {stage.step === "result" && (
        <ResultView
          result={stage.result}
          signedIn={view.signedIn}
          onRetry={() => setStage({ step: "lesson" })}
        />
      )}
    </main>
  );
}

function ResultView({
  result,
  signedIn,
  onRetry,
}: {
  result: PracticeResult;
  signedIn: boolean;
  onRetry: () => void;
}) {
  return (
    <section className="tj-section" aria-labelledby="tj-level-result">
      <div className="tj-ladder__result" data-testid="ladder-result" data-passed={result.passed}>
        <h2 className="tj-section__title" id="tj-level-result">
          {result.passed ? "过关了！" : "还差一点，没有过关"}
        </h2>
        <p className="tj-ladder__score">
          答对 {result.correct}/{result.total} 题（{result.percent}%）
        </p>
        <Stars stars={result.stars} />
        {signedIn ? (
          <p>
            本次获得 {result.pointsEarned} 积分
            {result.reviewAdded > 0 ? `，${result.reviewAdded} 道错题已加入错题复习` : ""}。
          </p>
        ) : (
          <p>成绩已保存在这台设备上，登录后合并到账号，错题也会加入复习。</p>
        )}
        <p className="tj-ladder__links">
          {result.passed && result.next && (
            <AppLink className="tj-button" to={levelPath(result.next)}>
              下一关：{result.next.title}
            </AppLink>
          )}
          <button type="button" className="tj-button tj-button--ghost" onClick={onRetry}>
            {result.passed ? "回到本关" : "复习课文再来"}
          </button>
          {signedIn && result.reviewAdded > 0 && (
            <AppLink to="/learnrecord/practicelist">去复习错题</AppLink>
          )}
        </p>
      </div>
      <MarkedList marked={result.marked} questionLinks={signedIn} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
