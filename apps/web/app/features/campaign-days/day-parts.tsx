import type { DayRefView } from "@tongjian/contracts/campaign-days";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { useShare } from "../../shell/platform.tsx";

const KIND_LABELS: Record<DayRefView["kind"], string> = {
  entry: "词条",
  article: "文章",
  book: "书",
  music: "曲",
};

/**
 * The parts the day pages share (decision 47): a card for what an item points at, the progress
 * of a list, and sharing a page that is not a campaign (a day of the calendar).
 */
export function DayRefCard({
  target,
  note,
  children,
}: {
  target: DayRefView;
  note?: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <article className="tj-day-card" data-kind={target.kind}>
      <h3 className="tj-day-card__title">
        <AppLink to={target.href} prefetch>
          {target.title}
        </AppLink>
      </h3>
      <p className="tj-day-card__meta">
        <span className="tj-day-card__kind">{KIND_LABELS[target.kind]}</span>
        {target.meta ? <span>{target.meta}</span> : null}
      </p>
      {note ? <p className="tj-day-card__note">{note}</p> : null}
      {target.summary && target.summary !== note ? (
        <p className="tj-day-card__summary">{target.summary}</p>
      ) : null}
      {children}
    </article>
  );
}

/** How far the reader is: a labelled bar and the count in words. */
export function DayProgress({ done, total, verb }: { done: number; total: number; verb: string }) {
  return (
    <div className="tj-day-progress" data-testid="day-progress">
      <progress
        className="tj-day-progress__bar"
        max={total}
        value={done}
        aria-label={`已${verb} ${done} / ${total}`}
      />
      <p className="tj-day-progress__text">
        已{verb} <strong>{done}</strong> / {total}
        {done === total && total > 0 ? " · 全部完成" : ""}
      </p>
    </div>
  );
}

/**
 * Shares a page of this site: WeChat's menu and the app's share button get the payload; the
 * button copies the link in a plain browser.
 */
export function SharePage({
  title,
  desc,
  link,
  label = "分享",
}: {
  title: string;
  desc: string;
  link: string;
  label?: string;
}) {
  useShare({ title, desc, imgUrl: "/icons/icon-192.png", link });
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    const url = new URL(link, window.location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      setStatus(`链接已复制：${url}`);
    } catch {
      setStatus(`长按复制链接发给好友：${url}`);
    }
  };
  return (
    <div className="tj-day-share">
      <button type="button" className="tj-button tj-button--ghost" onClick={() => void copy()}>
        {label}
      </button>
      {status ? (
        <p className="tj-campaign__copied" role="status" data-testid="day-share-link">
          {status}
        </p>
      ) : null}
    </div>
  );
}
