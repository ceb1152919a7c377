import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { formatChinaTime } from "@tongjian/domain/china-time";
import { loginPath } from "@tongjian/domain/viewer";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";

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
    <span className="tj-promo__countdown" role="timer" aria-live="off">
      {left > 0 ? `${label} ${formatCountdown(left)}` : "已结束"}
    </span>
  );
}

/** "2026-11-27 18:00" in China time. */
export function chinaTime(iso: string): string {
  return formatChinaTime(new Date(iso)).slice(0, 16);
}

/** Sign in first, the way of the reader's environment, and back here. */
export function useSignIn() {
  const { env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return async () => {
    if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
    else navigate(loginPath(pathname + search, "user"));
  };
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
      if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
        await signIn();
        return null;
      }
      setError(failure instanceof ApiRequestError ? failure.message : "网络异常，请检查网络后重试");
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
    <p className="tj-promo__error" role="alert">
      {error}
    </p>
  );
}

/** The promotions' pages, one tap apart. */
export function PromoNav({ current }: { current: string }) {
  const links = [
    ["/coupon", "领券中心"],
    ["/coupon/list", "我的优惠券"],
    ["/discount", "限时折扣"],
    ["/drawsale", "抽奖特惠"],
    ["/exchange", "兑换码"],
    ["/sharegetgift", "分享有礼"],
  ];
  return (
    <nav aria-label="优惠">
      <ul className="tj-promo__nav">
        {links.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to as string} aria-current={current === to ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
