import type { Reminder } from "@tongjian/contracts/study-records";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { REMINDERS_MAX, WEEKDAY_LABEL } from "@tongjian/domain/study-records";
import { useState } from "react";
import {
  ActionMessages,
  SignInState,
  StudyNav,
  StudyPage,
  useAction,
} from "../features/study-records/parts.tsx";
import { syncAppReminders } from "../shell/app-reminders.ts";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/studyrecord-alarms";
import "../features/study-records/study-records.css";

// 学习提醒 (/studyrecord/alarms): reminders kept on the server (time of day, weekdays, on/off,
// up to five). Inside the app each save hands the whole list to the app (`setReminder`, with the
// live sessions' reminders: shell/app-reminders.ts), which schedules local notifications; elsewhere the learning pages show an in-page notice when one is
// due and nothing was studied today.
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  if (viewer.kind !== "user") return { signedIn: false as const };
  return {
    signedIn: true as const,
    reminders: await context.services.studyRecords.reminders(viewer),
  };
}

export function headers() {
  return { "cache-control": "private, no-store" };
}

export function meta() {
  return [{ title: `学习提醒 - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
}

const DAYS = [1, 2, 3, 4, 5, 6, 7];
const daysText = (w: number[]) =>
  w.length === 7 ? "每天" : w.map((d) => WEEKDAY_LABEL[d]).join("、");

export default function StudyAlarmsRoute({ loaderData: d }: Route.ComponentProps) {
  const { env, bridge } = usePlatform();
  const { api, busy, error, notice, run } = useAction();
  const [time, setTime] = useState("20:00");
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  if (!d.signedIn)
    return (
      <StudyPage title="学习提醒">
        <SignInState title="登录后设置学习提醒" lead="到了设定的时间还没学习，我们会提醒你。" />
      </StudyPage>
    );
  /** Inside the app the app schedules them: it always gets all of them (with the live ones). */
  const deliver = async () => {
    if (!env.isNativeApp) return;
    await syncAppReminders(api, bridge).catch(() => undefined);
  };
  const saved = (text: string) => () =>
    env.isNativeApp ? `${text}，App 会按时提醒你` : `${text}，到时打开学习页面会看到提醒`;
  const add = () =>
    run(async () => {
      const r = await api.post<Reminder>("/api/studyrecord/y/reminders", {
        time,
        weekdays,
        enabled: true,
      });
      await deliver();
      return r;
    }, saved("已添加提醒"));
  const toggle = (r: Reminder) =>
    run(
      async () => {
        const next = await api.post<Reminder>(`/api/studyrecord/y/reminders/${r.id}`, {
          time: r.time,
          weekdays: r.weekdays,
          enabled: !r.enabled,
        });
        await deliver();
        return next;
      },
      saved(r.enabled ? "已关闭提醒" : "已打开提醒"),
    );
  const remove = (r: Reminder) =>
    run(
      async () => {
        await api.post(`/api/studyrecord/y/reminders/${r.id}/remove`);
        await deliver();
      },
      () => "已删除提醒",
    );
  const flip = (day: number) =>
    setWeekdays((w) => (w.includes(day) ? w.filter((x) => x !== day) : [...w, day].sort()));
  return (
    <StudyPage title="学习提醒">
      <StudyNav />
      <p className="tj-study__lead">
        {env.isNativeApp
          ? "提醒由 App 按时推送。"
          : "在浏览器中，到了提醒时间且当天还没学习时，学习页面顶部会显示提醒（每天一次）。"}
      </p>
      <section className="tj-study__card" aria-labelledby="tj-alarm-list">
        <h2 id="tj-alarm-list">
          我的提醒（{d.reminders.length}/{REMINDERS_MAX}）
        </h2>
        {d.reminders.length === 0 ? (
          <p className="tj-empty">还没有提醒</p>
        ) : (
          <ul className="tj-study__list">
            {d.reminders.map((r) => (
              <li key={r.id} className="tj-study__row">
                <span>
                  <strong>{r.time}</strong> · {daysText(r.weekdays)}
                  {r.enabled ? "" : "（已关闭）"}
                </span>
                <span className="tj-study__row-actions">
                  <label className="tj-study__choice">
                    <input
                      type="checkbox"
                      checked={r.enabled}
                      disabled={busy}
                      onChange={() => void toggle(r)}
                    />
                    开启
                  </label>{" "}
                  <button
                    type="button"
                    className="tj-link-button"
                    disabled={busy}
                    onClick={() => void remove(r)}
                  >
                    删除
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.reminders.length < REMINDERS_MAX && (
        <form
          className="tj-study__card tj-study__form"
          aria-labelledby="tj-alarm-new"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <h2 id="tj-alarm-new">新增提醒</h2>
          <label htmlFor="tj-alarm-time">提醒时间</label>
          <input
            id="tj-alarm-time"
            type="time"
            value={time}
            required
            onChange={(e) => setTime(e.target.value)}
          />
          <fieldset className="tj-study__fieldset">
            <legend className="tj-study__legend">重复</legend>
            <div className="tj-study__choices">
              {DAYS.map((day) => (
                <label key={day} className="tj-study__choice">
                  <input
                    type="checkbox"
                    checked={weekdays.includes(day)}
                    onChange={() => flip(day)}
                  />
                  {WEEKDAY_LABEL[day]}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="tj-button" disabled={busy}>
            {busy ? "保存中…" : "添加提醒"}
          </button>
        </form>
      )}
      <ActionMessages error={error} notice={notice} />
    </StudyPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
