import type { TvPairingState } from "@tongjian/contracts/tv-pairing";
import { useEffect, useState } from "react";
import { ActionError, SignInPrompt, useApiAction } from "../../shell/api-action.tsx";
import { usePlatform } from "../../shell/platform.tsx";

const POLL_MS = 2000;

/**
 * The TV's side of 扫码登录: a code shown as a QR code of /tvhelp?pair=…, asked about every two
 * seconds until a phone approves it (this browser is then signed in) or it expires.
 */
export function TvSignIn({ signedIn }: { signedIn: boolean }) {
  const { api } = usePlatform();
  const start = useApiAction<{ code: string; expiresIn: number }>();
  const [code, setCode] = useState<string | null>(null);
  const [state, setState] = useState<TvPairingState["state"] | null>(null);
  useEffect(() => {
    if (!code || state !== "pending") return;
    const timer = window.setInterval(() => {
      api
        .post<TvPairingState>("/api/auth/tv/poll", { code })
        .then((r) => {
          setState(r.state);
          if (r.state === "signed-in") window.location.reload();
        })
        .catch((error: unknown) => console.warn("查询扫码登录失败", error));
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [api, code, state]);
  if (signedIn)
    return (
      <p className="tj-day__message" data-testid="tv-signed-in">
        本机已登录。
      </p>
    );
  const begin = async () => {
    const r = await start.run(() => api.post("/api/auth/tv/start", {}));
    if (!r) return;
    setCode(r.code);
    setState("pending");
  };
  return (
    <div className="tj-day-card" data-testid="tv-sign-in">
      {code && state === "pending" ? (
        <>
          <img
            src={`/media/learning/qr.svg?path=${encodeURIComponent(`/tvhelp?pair=${code}`)}`}
            alt="电视登录二维码：用已登录的手机扫码确认"
            width={200}
            height={200}
            data-testid="tv-pair-qr"
          />
          <p role="status">
            用已登录通鉴的手机扫码，在手机上点“确认登录电视”。二维码 5 分钟内有效。
          </p>
        </>
      ) : null}
      {state === "expired" ? <p role="status">二维码已过期，请重新生成。</p> : null}
      {state === "signed-in" ? <p role="status">登录成功，正在刷新…</p> : null}
      {state !== "pending" && state !== "signed-in" ? (
        <button
          type="button"
          className="tj-button"
          onClick={() => void begin()}
          disabled={start.busy}
          aria-busy={start.busy}
          data-testid="tv-pair-start"
        >
          {start.busy ? "正在生成…" : state === "expired" ? "重新生成二维码" : "显示登录二维码"}
        </button>
      ) : null}
      <ActionError error={start.error} />
    </div>
  );
}

/** The phone's side: opened from the TV's QR code, the signed-in reader approves. */
export function TvApprove({ code, signedIn }: { code: string; signedIn: boolean }) {
  const { api } = usePlatform();
  const approve = useApiAction<{ approved: boolean }>();
  const [done, setDone] = useState(false);
  if (!signedIn) return <SignInPrompt what="确认让电视登录" />;
  const run = async () => {
    const r = await approve.run(() => api.post("/api/auth/tv/approve", { code }));
    if (r?.approved) setDone(true);
  };
  return (
    <div className="tj-day-card" data-testid="tv-approve">
      <h2 className="tj-campaign__subtitle">确认电视登录</h2>
      <p className="tj-day__notice">
        只有在你面前的电视正显示这个二维码时才确认。确认后，那台电视会以你的账号登录。
      </p>
      {done ? (
        <p className="tj-day__message" role="status" data-testid="tv-approved">
          已确认，电视几秒内会完成登录。
        </p>
      ) : (
        <button
          type="button"
          className="tj-button"
          onClick={() => void run()}
          disabled={approve.busy}
          aria-busy={approve.busy}
        >
          {approve.busy ? "正在确认…" : "确认登录电视"}
        </button>
      )}
      <ActionError error={approve.error} />
    </div>
  );
}
