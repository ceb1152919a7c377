import { formatChinaTime } from "@tongjian/domain/china-time";
import { loginPath } from "@tongjian/domain/viewer";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { AppLink } from "./app-link.tsx";
import { failureMessage, useSignIn } from "./use-sign-in.ts";

// Parts of the pages where a reader acts on a schedule (promotions, campaigns): a countdown from
// the server's clock, times in China time, signing in first, and one API action with its busy
// state and its error in Chinese.

/** "2 天 03:04:05" until `endsAt`, ticking each second; "已结束" after. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return "已结束";
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hms = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
  return days > 0 ? `${days} 天 ${hms}` : hms;
}

/**
 * A countdown to `endsAt`: the server's `now` first (the same text on the server and in the first
 * paint), then the reader's clock once hydrated, corrected by the difference seen at load.
 */
export function Countdown({
  endsAt,
  now,
  label = "距结束",
}: {
  endsAt: string;
  now: string;
  label?: string;
}) {
  const end = Date.parse(endsAt);
  const [left, setLeft] = useState(end - Date.parse(now));
  useEffect(() => {
    const skew = Date.parse(now) - Date.now();
    const tick = () => setLeft(end - (Date.now() + skew));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [end, now]);
  return (
    <span className="tj-countdown" role="timer" aria-live="off">
      {left > 0 ? `${label} ${formatCountdown(left)}` : "已结束"}
    </span>
  );
}

/** "2026-11-27 18:00" in China time. */
export function chinaTime(iso: string): string {
  return formatChinaTime(new Date(iso)).slice(0, 16);
}

export function SignInPrompt({ what }: { what: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="tj-state" data-testid="promo-login">
      <h2 className="tj-state__title">登录后{what}</h2>
      <AppLink className="tj-button" to={loginPath(pathname + search, "user")}>
        登录
      </AppLink>
    </div>
  );
}

/**
 * One action against the API with its busy state and its error in Chinese; code 600 sends the
 * reader to sign in. The error stays until the next try, which the button offers.
 */
export function useApiAction<T>() {
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (failure) {
      setError(failureMessage(failure, signIn));
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, setError };
}

export function ActionError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="tj-action-error" role="alert">
      {error}
    </p>
  );
}
