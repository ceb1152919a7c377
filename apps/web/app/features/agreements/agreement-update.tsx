import type { AgreementStandingView, AgreementStatusView } from "@tongjian/contracts/agreements";
import { formatEffectiveDay } from "@tongjian/domain/agreement-types";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import "./agreements.css";

/** Once a browser session has found nothing to ask, or the reader said 稍后, it asks no more. */
const SETTLED_KEY = "tj-agreements-settled";
/** Reading an agreement, or signing in, is never covered by the question about it. */
const QUIET = /^\/(login|law)(\/|$)|^\/agreement\/|^\/buyvip\/agreement\//;

function settled(): boolean {
  try {
    return sessionStorage.getItem(SETTLED_KEY) === "1";
  } catch {
    return false;
  }
}
function settle() {
  try {
    sessionStorage.setItem(SETTLED_KEY, "1");
  } catch {
    // Storage can be blocked; the reader is then asked on each page load.
  }
}

/**
 * Asked again (decision 40): a signed-in reader who accepted an earlier version of the user
 * agreement or the privacy policy sees, on their next visit, what changed and agrees to the new
 * version (recorded with context "update"), or puts it off until their next visit.
 */
export default function AgreementUpdate() {
  const { api } = usePlatform();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<AgreementStatusView[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (settled()) return;
    let live = true;
    api.get<AgreementStandingView>("/api/user/agreements").then(
      (standing) => {
        if (!live) return;
        if (standing.pending.length === 0) settle();
        setPending(standing.pending);
      },
      // Not signed in after all, or offline: nothing to ask now; the next visit asks again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);

  const open = pending.length > 0 && !QUIET.test(pathname);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  if (!open) return null;

  const agree = async () => {
    setBusy(true);
    setError("");
    try {
      const standing = await api.post<AgreementStandingView>("/api/user/agreements/accept", {
        agreements: pending.map((p) => ({ agreement: p.agreement, version: p.version })),
      });
      setPending(standing.pending);
      if (standing.pending.length === 0) settle();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "网络异常，请稍后重试");
    } finally {
      setBusy(false);
    }
  };
  const later = () => {
    settle();
    setPending([]);
  };

  return (
    <div className="tj-agreement-update">
      <div
        className="tj-agreement-update__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        data-testid="agreement-update"
      >
        <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
          协议已更新
        </h2>
        <p>以下协议发布了新版本，请阅读后确认：</p>
        <ul>
          {pending.map((p) => (
            <li key={p.agreement}>
              <AppLink to={p.path}>《{p.title}》</AppLink>版本 {p.version}，
              {formatEffectiveDay(p.effectiveOn)}生效（你此前同意的是 {p.acceptedVersion}）
              {p.changes.length > 0 && <>：{p.changes.join("；")}</>}
            </li>
          ))}
        </ul>
        <p className="tj-agreement__message" role="alert">
          {error}
        </p>
        <div className="tj-agreement-update__buttons">
          <button type="button" className="tj-button tj-button--ghost" onClick={later}>
            稍后
          </button>
          <button
            type="button"
            className="tj-button"
            onClick={agree}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? "请稍候…" : "同意新版本"}
          </button>
        </div>
      </div>
    </div>
  );
}
