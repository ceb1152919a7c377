import { studyDay } from "@tongjian/domain/learning";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { addDays, isDay } from "@tongjian/domain/study-records";
import {
  accuracyText,
  minutesText,
  SignInState,
  Stat,
  StudyNav,
  StudyPage,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-studydetail";
import "../features/study-records/study-records.css";

// 学习详情 (/studyrecord/studydetail?day=YYYY-MM-DD): one China day's stretches; today without
// a day, and a clear message for a day that is not one.
export async function loader({ context, url }: Route.LoaderArgs) {
  const viewer = context.viewer;
  const asked = url.searchParams.get("day");
  const today = studyDay(new Date());
  const day = asked ?? today;
  if (!isDay(day)) return { signedIn: viewer.kind === "user", bad: true as const, day, today };
  if (viewer.kind !== "user") return { signedIn: false as const, bad: false as const, day, today };
  return {
    signedIn: true as const,
    bad: false as const,
    day,
    today,
    detail: await context.services.studyRecords.day(viewer, day),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习详情 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString("zh-CN", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Shanghai",
  });

export default function StudyDetailRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.bad)
    return (
      <StudyPage title="学习详情">
        <p className="tj-study__error" role="alert">
          日期“{d.day}”不正确，应为 YYYY-MM-DD。
        </p>
        <AppLink className="tj-button" to="/studyrecord/studydetail">
          看今天
        </AppLink>
      </StudyPage>
    );
  if (!d.signedIn || !("detail" in d))
    return (
      <StudyPage title="学习详情">
        <SignInState title="登录后查看学习详情" lead="每一天学了什么、答了多少题，逐条可查。" />
      </StudyPage>
    );
  const x = d.detail;
  return (
    <StudyPage title={`学习详情 · ${x.day}`}>
      <StudyNav />
      <div className="tj-study__month">
        <AppLink to={`/studyrecord/studydetail?day=${addDays(x.day, -1)}`}>‹ 前一天</AppLink>
        {x.day < d.today && (
          <AppLink to={`/studyrecord/studydetail?day=${addDays(x.day, 1)}`}>后一天 ›</AppLink>
        )}
      </div>
      <section className="tj-study__card" aria-labelledby="tj-detail-sum">
        <h2 id="tj-detail-sum">当天合计</h2>
        <dl className="tj-study__stats">
          <Stat label="学习时长" value={minutesText(x.sums.seconds)} />
          <Stat label="答题" value={`${x.sums.answered} 题`} />
          <Stat label="正确率" value={accuracyText(x.sums.answered, x.sums.correct)} />
          <Stat
            label="打卡"
            value={
              x.clockin === "checkin" ? "已打卡" : x.clockin === "reissue" ? "已补签" : "未打卡"
            }
          />
        </dl>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-detail-list">
        <h2 id="tj-detail-list">学习明细</h2>
        {x.stretches.length === 0 ? (
          <p className="tj-empty">
            这一天没有学习记录，去<AppLink to="/ladder/list">天梯</AppLink>看看
          </p>
        ) : (
          <ul className="tj-study__list">
            {x.stretches.map((s) => (
              <li key={s.id} className="tj-study__row">
                <span>
                  {timeOf(s.at)} {s.kindLabel}
                </span>
                <span>
                  {minutesText(s.seconds)} · {s.answered} 题 · 对 {s.correct} 题
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
