import type { RedeemResult } from "@tongjian/contracts/panorama";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { EXCHANGE_CODE_FORMAT_MESSAGE } from "@tongjian/domain/panorama";
import { loginPath } from "@tongjian/domain/viewer";
import { useState } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { panoramaPath } from "./panorama-nav.tsx";

/**
 * 兑换: a code typed as printed (case, spaces and dashes do not matter), checked on the server.
 * The server ties it to the signed-in account; code 600 sends the reader to sign in the way of
 * their environment and back here (decision 18), and every other refusal is shown as said.
 */
export function RedeemForm({ signedIn }: { signedIn: boolean }) {
  const { api, env, bridge } = usePlatform();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<RedeemResult | null>(null);

  const signIn = async () => {
    if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
    else navigate(loginPath(pathname + search, "user"));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (code.trim() === "") {
      setError("请输入兑换码");
      return;
    }
    setBusy(true);
    try {
      setDone(await api.post<RedeemResult>("/api/panorama/y/redeem", { code }));
      setCode("");
      // The page's list of scenes to unlock says which are open now.
      void revalidator.revalidate();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
        await signIn();
        return;
      }
      setError(failure instanceof ApiRequestError ? failure.message : "网络异常，请检查网络后重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tj-pano-redeem">
      {!signedIn && (
        <p className="tj-pano-redeem__login">
          兑换码会绑定到你的账号，兑换前请先
          <button type="button" className="tj-pano-inline-button" onClick={() => void signIn()}>
            登录
          </button>
          。
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor="tj-pano-code" className="tj-pano-redeem__label">
          兑换码
        </label>
        <input
          id="tj-pano-code"
          className="tj-pano-redeem__input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="如 ABCD-EFGH-JKMN"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-describedby="tj-pano-code-hint"
          aria-invalid={error ? true : undefined}
        />
        <p id="tj-pano-code-hint" className="tj-pano-redeem__hint">
          {EXCHANGE_CODE_FORMAT_MESSAGE}；不区分大小写，空格和短横线可有可无。
        </p>
        <button type="submit" className="tj-button" disabled={busy} aria-busy={busy}>
          {busy ? "正在兑换…" : "兑换"}
        </button>
      </form>
      {error && (
        <p className="tj-pano-redeem__error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <div className="tj-pano-redeem__done" role="status">
          <p>{done.message}</p>
          <ul className="tj-pano-list">
            {done.scenes.map((s) => (
              <li key={s.key}>
                <AppLink to={panoramaPath(s.edition, "", `?scene=${s.key}`)}>
                  观看「{s.name}」
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
