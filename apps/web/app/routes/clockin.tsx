import type { ClockinMonth } from "@tongjian/contracts/study-records";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { MONTH_PATTERN } from "@tongjian/domain/study-records";
import { ClockinCalendar } from "../features/study-records/clockin-calendar.tsx";
import {
  ActionMessages,
  SignInState,
  Stat,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/clockin";
import "../features/study-records/study-records.css";

// 每日打卡 (/clockin): one check-in per China day (the server's clock), the month's calendar
// with checked, made-up and missed days, the streak and the reissue cards.
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  const asked = url.searchParams.get("month");
  const { studyRecords } = context.services;
  return {
    signedIn: true as const,
    month: await studyRecords.clockinMonth(
      viewer,
      asked && MONTH_PATTERN.test(asked) ? asked : undefined,
    ),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `每日打卡 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

function ClockinSummary({ month }: { month: ClockinMonth }) {
  return (
    <dl className="tj-study__stats">
      <Stat label="连续打卡" value={`${month.streaks.current} 天`} />
      <Stat label="最长连续" value={`${month.streaks.longest} 天`} />
      <Stat label="补签卡" value={<AppLink to="/signin/reissue-card">{month.cards} 张</AppLink>} />
      <Stat
        label="可补签"
        value={<AppLink to="/signin/reissue">{month.reissuable.length} 天</AppLink>}
      />
    </dl>
  );
}

export default function ClockinRoute({ loaderData: d }: Route.ComponentProps) {
  const { api, busy, error, notice, run } = useAction();
  if (!d.signedIn)
    return (
      <StudyPage title="每日打卡">
        <SignInState
          title="登录后每日打卡"
          lead="每天打一次卡，连续 7 天送补签卡，漏打的日子可以补签。"
        />
      </StudyPage>
    );
  const m = d.month;
  const checkIn = () =>
    run(
      () => api.post<{ streak: number; cardEarned: boolean }>("/api/clockin/y/checkin"),
      (r) => `打卡成功！已连续打卡 ${r.streak} 天${r.cardEarned ? "，获得 1 张补签卡" : ""}`,
    );
  return (
    <StudyPage title="每日打卡">
      <section className="tj-study__card" aria-labelledby="tj-clockin-today">
        <h2 id="tj-clockin-today">今天 · {m.today}</h2>
        {m.checkedToday ? (
          <p className="tj-study__lead">今天已经打过卡了，明天再来吧。</p>
        ) : (
          <button
            type="button"
            className="tj-button tj-button--block"
            disabled={busy}
            onClick={() => void checkIn()}
          >
            {busy ? "打卡中…" : "今日打卡"}
          </button>
        )}
        <ActionMessages error={error} notice={notice} />
        <ClockinSummary month={m} />
      </section>
      <ClockinCalendar month={m} path="/clockin" />
      <div className="tj-study__actions">
        <AppLink className="tj-button tj-button--ghost" to="/signin/reissue">
          补签
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/studyrecord">
          学习记录
        </AppLink>
      </div>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
