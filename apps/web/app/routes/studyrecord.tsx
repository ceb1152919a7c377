import { PRODUCT_NAME } from "@tongjian/domain/share-title";
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
import type { Route } from "./+types/studyrecord";
import "../features/study-records/study-records.css";

// 学习记录 (/studyrecord): today, this week, streaks and totals, summed from every learning
// screen's stretches (learning_activity), with the last seven days.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  const { studyRecords } = context.services;
  return {
    signedIn: true as const,
    overview: await studyRecords.overview(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习记录 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

export default function StudyRecordRoute({ loaderData: d }: Route.ComponentProps) {
  if (!d.signedIn)
    return (
      <StudyPage title="学习记录">
        <SignInState
          title="登录后查看学习记录"
          lead="每天学了多久、答了多少题、正确率和连续学习天数，都记在你的账号里。"
        />
        <p className="tj-study__meta">
          没有账号也可以先 <AppLink to="/laddersample">试学天梯</AppLink>。
        </p>
      </StudyPage>
    );
  const o = d.overview;
  const empty = o.totals.stretches === 0;
  return (
    <StudyPage title="学习记录">
      <StudyNav />
      {empty ? (
        <section className="tj-study__state" aria-labelledby="tj-study-empty">
          <h2 id="tj-study-empty" className="tj-study__state-title">
            还没有学习记录，去天梯看看
          </h2>
          <p className="tj-study__lead">学完一关、做完一次练习或测评，这里就会记下来。</p>
          <div className="tj-study__actions">
            <AppLink className="tj-button" to="/ladder/list">
              去天梯
            </AppLink>
            <AppLink className="tj-button tj-button--ghost" to="/studyrecord/mock">
              做一次模拟测试
            </AppLink>
          </div>
        </section>
      ) : null}
      <section className="tj-study__card" aria-labelledby="tj-study-today">
        <h2 id="tj-study-today">今天 · {o.today}</h2>
        <dl className="tj-study__stats">
          <Stat label="学习时长" value={minutesText(o.todaySums.seconds)} />
          <Stat label="答题" value={`${o.todaySums.answered} 题`} />
          <Stat label="正确率" value={accuracyText(o.todaySums.answered, o.todaySums.correct)} />
          <Stat
            label="今日打卡"
            value={o.checkedToday ? "已打卡" : <AppLink to="/clockin">去打卡</AppLink>}
          />
        </dl>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-study-streak">
        <h2 id="tj-study-streak">连续学习</h2>
        <dl className="tj-study__stats">
          <Stat label="当前连续" value={`${o.streaks.current} 天`} />
          <Stat label="最长连续" value={`${o.streaks.longest} 天`} />
        </dl>
        <p className="tj-study__meta">有任何学习记录或打卡（含补签）的一天都算学习日。</p>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-study-week">
        <h2 id="tj-study-week">本周</h2>
        <dl className="tj-study__stats">
          <Stat label="学习时长" value={minutesText(o.weekSums.seconds)} />
          <Stat label="答题" value={`${o.weekSums.answered} 题`} />
          <Stat label="正确率" value={accuracyText(o.weekSums.answered, o.weekSums.correct)} />
          <Stat label="学习次数" value={`${o.weekSums.stretches} 次`} />
        </dl>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-study-recent">
        <h2 id="tj-study-recent">最近 7 天</h2>
        <ul className="tj-study__list">
          {o.recentDays.map((day) => (
            <li key={day.day} className="tj-study__row">
              <AppLink to={`/studyrecord/studydetail?day=${day.day}`}>{day.day}</AppLink>
              <span>
                {minutesText(day.seconds)} · {day.answered} 题 · 正确率{" "}
                {accuracyText(day.answered, day.correct)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="tj-study__card" aria-labelledby="tj-study-total">
        <h2 id="tj-study-total">累计</h2>
        <dl className="tj-study__stats">
          <Stat label="学习天数" value={`${o.totals.days} 天`} />
          <Stat label="学习时长" value={minutesText(o.totals.seconds)} />
          <Stat label="答题" value={`${o.totals.answered} 题`} />
          <Stat label="正确率" value={accuracyText(o.totals.answered, o.totals.correct)} />
        </dl>
      </section>
      <div className="tj-study__actions">
        <AppLink className="tj-button tj-button--ghost" to="/studyplan">
          学习计划
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/studyrecord/mock">
          模拟测试
        </AppLink>
        <AppLink className="tj-button tj-button--ghost" to="/learnrecord">
          学习档案
        </AppLink>
      </div>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
