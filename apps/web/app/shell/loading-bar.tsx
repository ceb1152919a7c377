import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { PROGRESS_BAR_HEIGHT_PX } from "./layout.ts";
import { isLoadingBarVisible, loadingBarProgress } from "./loading-bar-progress.ts";
import { LOADING_BAR_HIDE_DELAY_MS, LOADING_BAR_TICK_MS } from "./timing.ts";
import "./loading-bar.css";

/**
 * Spec §4 "Loading bar": starts after a 200 ms throttle, advances every 100 ms over 5 s,
 * finishes at 100 and hides 500 ms later.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(() => {
    if (!busy) {
      let hide: number | undefined;
      setPercent((p) => {
        if (p === null) return null;
        hide = window.setTimeout(() => setPercent(null), LOADING_BAR_HIDE_DELAY_MS);
        return 100;
      });
      return () => window.clearTimeout(hide);
    }
    const started = performance.now();
    const tick = window.setInterval(() => {
      const elapsed = performance.now() - started;
      if (isLoadingBarVisible(elapsed)) setPercent(loadingBarProgress(elapsed));
    }, LOADING_BAR_TICK_MS);
    return () => window.clearInterval(tick);
  }, [busy]);

  if (percent === null) return null;
  return (
    <div
      className="tj-loading-bar"
      role="progressbar"
      aria-label="页面加载中"
      aria-valuenow={Math.round(percent)}
      style={{ height: PROGRESS_BAR_HEIGHT_PX, width: `${percent}%` }}
    />
  );
}
