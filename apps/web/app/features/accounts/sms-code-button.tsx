import { useEffect, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

export type SmsPurpose = "login" | "register" | "reset" | "bind";

/** 获取验证码 with the resend countdown (the server allows one a minute). */
export function SmsCodeButton({
  phone,
  purpose,
  onError,
  onSent,
}: {
  phone: string;
  purpose: SmsPurpose;
  onError: (message: string) => void;
  onSent: () => void;
}) {
  const { api } = usePlatform();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (busy || wait > 0) return;
    setBusy(true);
    try {
      const { resendAfter } = await api.post<{ resendAfter: number }>("/api/auth/sms/send", {
        phone,
        purpose,
      });
      setWait(resendAfter);
      onSent();
    } catch (error) {
      onError(error instanceof ApiRequestError ? error.message : "验证码发送失败，请重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="tj-auth__code-button"
      onClick={send}
      disabled={busy || wait > 0}
      aria-busy={busy}
    >
      {wait > 0 ? `${wait} 秒后重发` : busy ? "发送中…" : "获取验证码"}
    </button>
  );
}
