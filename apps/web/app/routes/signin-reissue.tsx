import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { REISSUE_WINDOW_DAYS, WEEKDAY_LABEL, weekdayOf } from "@tongjian/domain/study-records";
import { ClockinCalendar } from "../features/study-records/clockin-calendar.tsx";
import {
  ActionMessages,
  SignInState,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/signin-reissue";
import "../features/study-records/study-records.css";

// 补签 (/signin/reissue): make up a missed day of the last seven with a reissue card.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return {
    signedIn: true as const,
    month: await context.services.studyRecords.clockinMonth(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `补签 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function ReissueRoute({ loaderData: d }: Route.ComponentProps) {
  const { api, busy, error, notice, run } = useAction();
  if (!d.signedIn)
    return (
      <StudyPage title="补签">
        <SignInState
          title="登录后补签"
          lead={`用补签卡补上最近 ${REISSUE_WINDOW_DAYS} 天内漏打的卡。`}
        />
      </StudyPage>
    );
  const m = d.month;
  const reissue = (day: string) =>
    run(
      () => api.post<{ day: string; cards: number }>("/api/clockin/y/reissue", { day }),
      (r) => `已补签 ${r.day}，还剩 ${r.cards} 张补签卡`,
    );
  return (
    <StudyPage
      title="补签"
      lead={`每张补签卡可补上最近 ${REISSUE_WINDOW_DAYS} 天内漏打的一天，补签的日子计入连续打卡。`}
    >
      <p className="tj-study__notice">
        你有 <strong>{m.cards}</strong> 张补签卡 ·{" "}
        <AppLink to="/signin/reissue-card">怎样获得补签卡</AppLink>
      </p>
      <ActionMessages error={error} notice={notice} />
      <section className="tj-study__card" aria-labelledby="tj-reissue-days">
        <h2 id="tj-reissue-days">可补签的日子</h2>
        {m.reissuable.length === 0 ? (
          <p className="tj-empty">最近 {REISSUE_WINDOW_DAYS} 天没有漏打的日子。</p>
        ) : (
          <ul className="tj-study__list">
            {m.reissuable.map((day) => (
              <li key={day} className="tj-study__row">
                <span>
                  {day} {WEEKDAY_LABEL[weekdayOf(day)]}
                </span>
                <button
                  type="button"
                  className="tj-button"
                  disabled={busy || m.cards < 1}
                  aria-label={`补签 ${day}`}
                  onClick={() => void reissue(day)}
                >
                  补签
                </button>
              </li>
            ))}
          </ul>
        )}
        {m.cards < 1 && m.reissuable.length > 0 && (
          <p className="tj-study__meta">补签卡不足，连续打卡 7 天可获得 1 张。</p>
        )}
      </section>
      <ClockinCalendar month={m} path="/clockin" />
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
