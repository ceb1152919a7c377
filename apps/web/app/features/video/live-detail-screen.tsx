import type { LiveSession, ReminderResult } from "@tongjian/contracts/video";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { formatCountdown, type LiveReminderState } from "@tongjian/domain/video-live";
import { loginPath } from "@tongjian/domain/viewer";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { syncAppReminders } from "../../shell/app-reminders.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { CHANNEL_TITLE, formatLiveTime } from "./live-format.ts";
import { LiveStateBadge } from "./live-list-screen.tsx";
import { VideoPlayer } from "./video-player.tsx";
import "./video.css";

/**
 * Seconds left before a session starts, counted down from what the server said (its clock, not
 * the device's): the page's own timer only measures the time since the answer.
 */
function useCountdown(startsInSeconds: number) {
  const [left, setLeft] = useState(startsInSeconds);
  useEffect(() => {
    const answeredAt = performance.now();
    setLeft(startsInSeconds);
    if (startsInSeconds <= 0) return;
    const timer = window.setInterval(() => {
      const passed = Math.floor((performance.now() - answeredAt) / 1000);
      setLeft(Math.max(0, startsInSeconds - passed));
    }, 1000);
    return () => window.clearInterval(timer);
  }, [startsInSeconds]);
  return left;
}

/** 待提醒 with when it will come, or 已提醒. */
function reminderStateText(state: LiveReminderState, leadMinutes: number): string {
  return state === "待提醒" ? `待提醒（开播前 ${leadMinutes} 分钟）` : "已提醒";
}

function ReminderButton({ session, signedIn }: { session: LiveSession; signedIn: boolean }) {
  const { api, env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [reminded, setReminded] = useState(session.reminded);
  const [state, setState] = useState(session.reminderState);
  const [count, setCount] = useState(session.reminderCount);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const lead = session.reminderLeadMinutes;

  const signIn = async () => {
    if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
    else navigate(loginPath(pathname + search, "user"));
  };

  const toggle = async () => {
    if (!signedIn) {
      await signIn();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const result = await api.post<ReminderResult>("/api/live/y/reminder", {
        key: session.key,
        remind: !reminded,
      });
      setReminded(result.reminded);
      setState(result.reminderState);
      setCount(result.reminderCount);
      // Inside the app the phone's own notification reminds the reader too.
      await syncAppReminders(api, bridge).catch(() => undefined);
      setMessage(
        result.reminded
          ? `预约成功，开播前 ${lead} 分钟${env.isNativeApp ? " App 会" : "会"}提醒你`
          : "已取消预约",
      );
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
        await signIn();
        return;
      }
      setMessage(failure instanceof ApiRequestError ? failure.message : "网络异常，请稍后重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tj-live-remind">
      <button
        type="button"
        className={reminded ? "tj-button tj-button--ghost" : "tj-button"}
        onClick={() => void toggle()}
        disabled={busy}
        aria-busy={busy}
        aria-pressed={reminded}
        data-testid="live-remind"
      >
        {busy
          ? "请稍候…"
          : reminded
            ? "已预约 · 取消提醒"
            : signedIn
              ? "预约提醒"
              : "登录后预约提醒"}
      </button>
      <p className="tj-live-remind__count">{count > 0 ? `${count} 人已预约` : "还没有人预约"}</p>
      {reminded && state && (
        <p className="tj-live-remind__state" data-testid="live-remind-state">
          提醒状态：{reminderStateText(state, lead)}
        </p>
      )}
      {message && (
        <p className="tj-live-remind__message" role="status">
          {message}
        </p>
      )}
    </div>
  );
}

/** /wenshilivedetail/{key}: a session's state, its countdown, stream or replay, and reminder. */
/** setTimeout's longest wait (about 24.8 days); a session ending later is not timed here. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function LiveDetailScreen({
  session,
  signedIn,
}: {
  session: LiveSession;
  signedIn: boolean;
}) {
  const left = useCountdown(session.startsInSeconds);
  const revalidator = useRevalidator();
  const { api, env, bridge } = usePlatform();
  const coming = session.state === "预告";
  // Inside the app, a reader with a reminder hands the app its current time (it may have moved).
  useEffect(() => {
    if (env.isNativeApp && session.reminded && coming)
      void syncAppReminders(api, bridge).catch(() => undefined);
  }, [api, bridge, env.isNativeApp, session.reminded, coming]);
  // At the start the server says 直播中 and hands over the stream.
  useEffect(() => {
    if (coming && left === 0 && revalidator.state === "idle") void revalidator.revalidate();
  }, [coming, left, revalidator]);
  // At the end the stream stops: the server then says 回放 and hands over the replay.
  const onAir = session.state === "直播中";
  const endsIn = Date.parse(session.endsAt) - Date.parse(session.serverTime);
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!onAir || !(endsIn >= 0) || endsIn > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void revalidate(), endsIn + 1000);
    return () => clearTimeout(timer);
  }, [onAir, endsIn, revalidate]);

  return (
    <main className="tj-live" data-state={session.state}>
      {session.video ? (
        <VideoPlayer
          key={`${session.key}-${session.state}`}
          video={session.video}
          resumeSeconds={null}
          signedIn={signedIn}
          live={session.state === "直播中"}
          streamUrl={session.streamUrl}
        />
      ) : (
        <div className="tj-live-countdown" data-testid="live-countdown">
          <p className="tj-live-countdown__label">距离开播还有</p>
          <p className="tj-live-countdown__clock" aria-live="off">
            {formatCountdown(left)}
          </p>
          <p className="tj-live-countdown__when">{formatLiveTime(session.startsAt)} 开播</p>
        </div>
      )}
      <header className="tj-watch__head">
        <p className="tj-watch__tags">
          <LiveStateBadge state={session.state} />
          <span>{CHANNEL_TITLE[session.channel]}</span>
        </p>
        <h1 className="tj-watch__title">{session.title}</h1>
        <p className="tj-watch__lead">{session.summary}</p>
        <dl className="tj-live-facts">
          <dt>主讲</dt>
          <dd>{session.host}</dd>
          <dt>时间</dt>
          <dd>
            {formatLiveTime(session.startsAt)} — {formatLiveTime(session.endsAt).split(" ").pop()}
          </dd>
          <dt>状态</dt>
          <dd>
            {session.state === "预告" && "尚未开播"}
            {session.state === "直播中" && "正在直播（示意画面）"}
            {session.state === "回放" && "直播已结束，可观看回放"}
          </dd>
        </dl>
      </header>
      {session.state === "预告" && <ReminderButton session={session} signedIn={signedIn} />}
      {session.state === "直播中" && session.reminderState && (
        <p className="tj-live-remind__state" data-testid="live-remind-state">
          你预约的提醒：{reminderStateText(session.reminderState, session.reminderLeadMinutes)}
        </p>
      )}
      <p className="tj-live__back">
        <AppLink to={session.channel === "young" ? "/younglive" : "/live"}>
          返回{CHANNEL_TITLE[session.channel]}
        </AppLink>
      </p>
    </main>
  );
}
