import type { LiveChannel, LiveSession } from "@tongjian/contracts/video";
import { AppLink } from "../../shell/app-link.tsx";
import { CHANNEL_TITLE, formatLiveTime, livePath } from "./live-format.ts";
import "./video.css";

const STATE_CLASS = { 预告: "coming", 直播中: "on-air", 回放: "replay" } as const;

export function LiveStateBadge({ state }: { state: LiveSession["state"] }) {
  return (
    <span className={`tj-live-state tj-live-state--${STATE_CLASS[state]}`} data-state={state}>
      {state}
    </span>
  );
}

/** /live and /younglive: a channel's sessions, on air first, then coming, then replays. */
export function LiveListScreen({
  channel,
  sessions,
}: {
  channel: LiveChannel;
  sessions: readonly LiveSession[];
}) {
  const other: LiveChannel = channel === "wenshi" ? "young" : "wenshi";
  return (
    <main className="tj-live">
      <header className="tj-watch__head">
        <h1 className="tj-watch__title">{CHANNEL_TITLE[channel]}</h1>
        <p className="tj-watch__lead">
          {channel === "young"
            ? "给小读者的历史讲堂：按时开播，错过了也能看回放。"
            : "文史讲座按时开播：预约提醒，开播时来看；结束后可看回放。"}
          直播画面为项目自制的示意短片。
        </p>
        <AppLink className="tj-live__switch" to={other === "young" ? "/younglive" : "/live"}>
          看{CHANNEL_TITLE[other]}
        </AppLink>
      </header>
      {sessions.length === 0 ? (
        <p className="tj-empty">暂时没有直播安排，稍后再来看看</p>
      ) : (
        <ul className="tj-live__list">
          {sessions.map((s) => (
            <li key={s.key}>
              <AppLink className="tj-live-card" to={livePath(s.key)} data-testid="live-card">
                <span className="tj-live-card__top">
                  <LiveStateBadge state={s.state} />
                  <span className="tj-live-card__time">{formatLiveTime(s.startsAt)}</span>
                </span>
                <span className="tj-live-card__title">{s.title}</span>
                <span className="tj-live-card__summary">{s.summary}</span>
                <span className="tj-live-card__host">
                  {s.host}
                  {s.state === "预告" && s.reminderCount > 0 && ` · ${s.reminderCount} 人已预约`}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
