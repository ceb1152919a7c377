import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { PLAN_LEVELS_MAX, PLAN_MINUTES_MAX, WEEKDAY_LABEL } from "@tongjian/domain/study-records";
import { useState } from "react";
import {
  ActionMessages,
  SignInState,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyplan";
import "../features/study-records/study-records.css";

// 学习计划 (/studyplan): a weekly target of ladder levels and minutes a day, against this week's
// records (ladder stretches and time studied), and the next levels not yet studied.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  const { studyRecords } = context.services;
  return {
    signedIn: true as const,
    plan: await studyRecords.plan(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习计划 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const pct = (n: number, of: number) => Math.min(100, Math.round((100 * n) / Math.max(1, of)));

export default function StudyPlanRoute({ loaderData: d }: Route.ComponentProps) {
  const { api, busy, error, notice, run } = useAction();
  const current = d.signedIn ? d.plan.plan : null;
  const [levels, setLevels] = useState(current?.levelsPerWeek ?? 3);
  const [minutes, setMinutes] = useState(current?.minutesPerDay ?? 20);
  if (!d.signedIn)
    return (
      <StudyPage title="学习计划">
        <SignInState
          title="登录后制定学习计划"
          lead="定下每周学几关天梯、每天学多久，记录会跟着计划走。"
        />
      </StudyPage>
    );
  const p = d.plan;
  const save = () =>
    run(
      () => api.post("/api/studyrecord/y/plan", { levelsPerWeek: levels, minutesPerDay: minutes }),
      () => "计划已保存",
    );
  return (
    <StudyPage title="学习计划">
      {p.plan ? (
        <section className="tj-study__card" aria-labelledby="tj-plan-week">
          <h2 id="tj-plan-week">本周进度（{p.weekStart} 起）</h2>
          <p className="tj-study__meta">
            天梯关卡 {p.levelsThisWeek.length} / {p.plan.levelsPerWeek}
          </p>
          <div
            className="tj-study__bar"
            role="progressbar"
            aria-label="本周关卡进度"
            aria-valuenow={p.levelsThisWeek.length}
            aria-valuemin={0}
            aria-valuemax={p.plan.levelsPerWeek}
          >
            <span style={{ width: `${pct(p.levelsThisWeek.length, p.plan.levelsPerWeek)}%` }} />
          </div>
          <ul className="tj-study__list">
            {p.days.map((day, i) => (
              <li key={day.day}>
                <div className="tj-study__row">
                  <span>
                    {WEEKDAY_LABEL[i + 1]} {day.day.slice(5)}
                    {day.day === p.today ? "（今天）" : ""}
                  </span>
                  <span>
                    {day.minutes} / {p.plan?.minutesPerDay} 分钟
                  </span>
                </div>
                <div
                  className="tj-study__bar"
                  role="progressbar"
                  aria-label={`${day.day} 学习分钟`}
                  aria-valuenow={day.minutes}
                  aria-valuemin={0}
                  aria-valuemax={p.plan?.minutesPerDay}
                >
                  <span style={{ width: `${pct(day.minutes, p.plan?.minutesPerDay ?? 1)}%` }} />
                </div>
              </li>
            ))}
          </ul>
          {p.levelsThisWeek.length > 0 && (
            <p className="tj-study__meta">
              本周已学：{p.levelsThisWeek.map((l) => l.title).join("、")}
            </p>
          )}
        </section>
      ) : (
        <p className="tj-study__notice">还没有学习计划，先定个每周目标吧。</p>
      )}
      <section className="tj-study__card" aria-labelledby="tj-plan-next">
        <h2 id="tj-plan-next">接下来学</h2>
        {p.levelsTotal === 0 ? (
          <p className="tj-empty">天梯关卡还在编写中，敬请期待。</p>
        ) : p.next.length === 0 ? (
          <p className="tj-empty">所有关卡都学过了，了不起！</p>
        ) : (
          <ul className="tj-study__list">
            {p.next.map((l) => (
              <li key={l.key} className="tj-study__row">
                <span>
                  {l.ladderTitle} · 第 {l.position + 1} 关 {l.title}
                </span>
                <AppLink to="/ladder/list">去学</AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form
        className="tj-study__card tj-study__form"
        aria-labelledby="tj-plan-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id="tj-plan-form">{p.plan ? "调整目标" : "制定目标"}</h2>
        <label htmlFor="tj-plan-levels">每周学几关天梯（1–{PLAN_LEVELS_MAX}）</label>
        <input
          id="tj-plan-levels"
          type="number"
          min={1}
          max={PLAN_LEVELS_MAX}
          value={levels}
          onChange={(e) => setLevels(Number(e.target.value))}
        />
        <label htmlFor="tj-plan-minutes">每天学多少分钟（5–{PLAN_MINUTES_MAX}）</label>
        <input
          id="tj-plan-minutes"
          type="number"
          min={5}
          max={PLAN_MINUTES_MAX}
          value={minutes}
          onChange={(e) => setMinutes(Number(e.target.value))}
        />
        <button type="submit" className="tj-button" disabled={busy}>
          {busy ? "保存中…" : "保存计划"}
        </button>
        <ActionMessages error={error} notice={notice} />
      </form>
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
