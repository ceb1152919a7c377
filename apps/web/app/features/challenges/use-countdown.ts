import { useEffect, useRef, useState } from "react";

/**
 * Counts down from what the server said was left. Only the display runs on the page's clock
 * (a monotonic one, measured from when the reply arrived); whether an answer is in time is
 * decided by the server. `key` restarts the count (a new reply).
 */
export function useCountdown(remainingMs: number, key: string, onZero?: () => void): number {
  const [left, setLeft] = useState(remainingMs);
  const zero = useRef(onZero);
  zero.current = onZero;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reply (key) restarts the count
  useEffect(() => {
    const startedAt = performance.now();
    let fired = false;
    setLeft(remainingMs);
    const timer = window.setInterval(() => {
      const now = Math.max(0, remainingMs - (performance.now() - startedAt));
      setLeft(now);
      if (now === 0 && !fired) {
        fired = true;
        zero.current?.();
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [remainingMs, key]);
  return left;
}
