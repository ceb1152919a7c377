import type { ReminderDue } from "@tongjian/contracts/study-records";
import { studyDay } from "@tongjian/domain/learning";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import "./learning-reminder.css";

const DISMISS_KEY = "tj-study-reminder-dismissed";

function dismissedDay(): string | null {
  try {
    return window.localStorage.getItem(DISMISS_KEY);
  } catch {
    return null;
  }
}

/**
 * The in-page study reminder of every learning page (decision 32), for a signed-in reader
 * outside the app (the app schedules its own notifications): a reminder of today is due and
 * nothing was studied today. Closing it keeps it closed on this device until the next day.
 */
export default function LearningReminder() {
  const { api, env } = usePlatform();
  const { pathname } = useLocation();
  const [due, setDue] = useState<ReminderDue | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on each learning page
  useEffect(() => {
    if (env.isNativeApp) return;
    if (dismissedDay() === studyDay(new Date())) return;
    let cancelled = false;
    api
      .get<ReminderDue | null>("/api/studyrecord/y/reminders/due")
      .then((found) => {
        if (!cancelled) setDue(found && dismissedDay() !== found.today ? found : null);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api, env.isNativeApp, pathname]);
  if (!due) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISS_KEY, due.today);
    } catch {
      // A private window keeps nothing: the notice just closes.
    }
    setDue(null);
  };
  return (
    <aside className="tj-learning-reminder" aria-label="学习提醒">
      <p>
        到了你设定的学习时间（{due.time}），今天还没有学习。
        <AppLink to="/ladder/list">去天梯学一关</AppLink>
      </p>
      <button type="button" className="tj-learning-reminder__close" onClick={dismiss}>
        知道了
      </button>
    </aside>
  );
}
