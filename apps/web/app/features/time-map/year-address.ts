import { useCallback, useEffect, useRef } from "react";
import { timeMapUrl } from "./time-map-model.ts";

/**
 * How long a year stays before the address follows it. Each change of the address makes the
 * browser ask the page again for its icon (favicon.svg, fetched and drawn on the page's main
 * thread, about 25 ms with the CPU slowed 4×), so writing it on every step of the slider put
 * that work beside the step's own frame: the key's release waited for it (bench:timemap).
 */
export const ADDRESS_SETTLE_MS = 1000;

/** Keeps `?year=` in the address (the other parameters stay), so the view can be shared. */
function writeYear(year: number) {
  const url = timeMapUrl(window.location.pathname, window.location.search, year);
  if (url === `${window.location.pathname}${window.location.search}`) return;
  // React Router keeps its own entry key in history.state: it is carried over untouched.
  window.history.replaceState(window.history.state, "", url);
}

/**
 * The address follows the year once it has stayed ADDRESS_SETTLE_MS, and at once when the
 * reader leaves: a link followed from the page (so going back returns to the year left), the
 * page hidden or left. A run of steps, a drag or the range player writes it once, at the end.
 */
export function useYearInAddress(): (year: number) => void {
  const pending = useRef<number | null>(null);
  const timer = useRef(0);
  const flush = useRef(() => {
    window.clearTimeout(timer.current);
    const year = pending.current;
    pending.current = null;
    if (year !== null) writeYear(year);
  });

  useEffect(() => {
    const write = flush.current;
    // Before the link's own handler moves to another page (capture on the window runs first).
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest("a[href]")) write();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") write();
    };
    window.addEventListener("click", onClick, true);
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", write);
    return () => {
      // Gone from the page (another route is in the address now): nothing more is written.
      window.clearTimeout(timer.current);
      pending.current = null;
      window.removeEventListener("click", onClick, true);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", write);
    };
  }, []);

  return useCallback((year: number) => {
    pending.current = year;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush.current, ADDRESS_SETTLE_MS);
  }, []);
}
