import type { LiveNotice } from "@tongjian/contracts/video";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import "./live-reminder-notice.css";

/** Pages opened within this long of the last answer reuse it rather than ask again. */
const ASK_EVERY_MS = 60_000;

/** The last answer, kept while the shell stays mounted (one signed-in reader). */
let known: { at: number; list: LiveNotice[] } | null = null;

/**
 * The in-site live reminder (decision 48): on the next page a signed-in reader opens while a
 * session they signed up for is about to start (within the lead time) or on air, a small notice
 * links to it. Dismissed, or opened (the link, or the session's own page), it is not shown again
 * (the server keeps that, for every device). Loaded after the page has hydrated.
 */
export default function LiveReminderNotice() {
  const { api } = usePlatform();
  const { pathname } = useLocation();
  const [notices, setNotices] = useState<LiveNotice[]>(known?.list ?? []);

  useEffect(
    () => () => {
      known = null;
    },
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again as pages change
  useEffect(() => {
    if (known && Date.now() - known.at < ASK_EVERY_MS) return;
    let live = true;
    api.get<{ list: LiveNotice[] }>("/api/live/y/notices").then(
      ({ list }) => {
        known = { at: Date.now(), list };
        if (live) setNotices(list);
      },
      // Offline, or signed out meanwhile: nothing to show; the next page asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, pathname]);

  const seen = (key: string) => {
    const rest = (known?.list ?? notices).filter((n) => n.key !== key);
    if (known) known = { ...known, list: rest };
    setNotices((list) => list.filter((n) => n.key !== key));
    void api.post("/api/live/y/notice/seen", { key }).catch(() => undefined);
  };

  const notice = notices[0];
  // The reader is on the session's page: that is opening it.
  const here = notice !== undefined && pathname === notice.path;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per notice opened
  useEffect(() => {
    if (here && notice) seen(notice.key);
  }, [here, notice?.key]);
  if (!notice || here) return null;

  return (
    <aside className="tj-live-notice" aria-label="直播提醒" data-testid="live-notice">
      <p>
        你预约的直播《{notice.title}》{notice.state === "预告" ? "即将开始" : "正在直播"}{" "}
        <AppLink to={notice.path} onClick={() => seen(notice.key)}>
          进入直播间
        </AppLink>
      </p>
      <button type="button" className="tj-live-notice__close" onClick={() => seen(notice.key)}>
        知道了
      </button>
    </aside>
  );
}
