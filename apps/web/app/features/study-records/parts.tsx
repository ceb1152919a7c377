import { loginPath } from "@tongjian/domain/viewer";
import { type ReactNode, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { failureMessage, useSignIn } from "../../shell/use-sign-in.ts";

/** Minutes as the records show them: 0 分钟, 45 分钟, 1 小时 5 分钟. */
export function minutesText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  // Studied, but less than a minute: not "0 分钟", which reads as nothing.
  if (seconds > 0 && minutes === 0) return "不到 1 分钟";
  if (minutes < 60) return `${minutes} 分钟`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} 小时${rest ? ` ${rest} 分钟` : ""}`;
}

export const accuracyText = (answered: number, correct: number) =>
  answered ? `${Math.round((100 * correct) / answered)}%` : "—";

/** The records' pages, as tabs. */
const NAV: [string, string][] = [
  ["/studyrecord", "概览"],
  ["/studyrecord/charts", "图表"],
  ["/studyrecord/statistics", "统计"],
  ["/studyrecord/ladderlist", "天梯"],
  ["/studyrecord/alarms", "提醒"],
];

export function StudyNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="学习记录">
      <ul className="tj-study__nav">
        {NAV.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to} aria-current={pathname === to ? "page" : undefined}>
              {label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A reader without an account: what the page is for, and a way to sign in. */
export function SignInState({ title, lead }: { title: string; lead: string }) {
  const { pathname, search } = useLocation();
  const signIn = useSignIn();
  const { env } = usePlatform();
  return (
    <section className="tj-study__state" aria-labelledby="tj-study-signin">
      <h2 id="tj-study-signin" className="tj-study__state-title">
        {title}
      </h2>
      <p className="tj-study__lead">{lead}</p>
      {env.isNativeApp ? (
        <button type="button" className="tj-button" onClick={() => void signIn()}>
          登录
        </button>
      ) : (
        <AppLink className="tj-button" to={loginPath(pathname + search, "user")}>
          登录
        </AppLink>
      )}
    </section>
  );
}

export function StudyPage({
  title,
  children,
  lead,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <main className="tj-study">
      <h1 className="tj-study__title">{title}</h1>
      {lead && <p className="tj-study__lead">{lead}</p>}
      {children}
    </main>
  );
}

export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="tj-study__stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A call from a button: busy while it runs, the server's Chinese message when it fails, the
 * page's data loaded again when it succeeds.
 */
export function useAction() {
  const { api } = usePlatform();
  const signIn = useSignIn();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  async function run<T>(call: () => Promise<T>, done?: (result: T) => string | null) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await call();
      setNotice(done ? done(result) : null);
      await revalidator.revalidate();
      return result;
    } catch (failure) {
      setError(failureMessage(failure, signIn));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { api, busy, error, notice, run, setError };
}

export function ActionMessages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      {error && (
        <p className="tj-study__error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="tj-study__notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
