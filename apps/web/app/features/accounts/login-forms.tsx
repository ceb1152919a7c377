import {
  type ConsentItem,
  consentRefs,
  LOGIN_AGREEMENTS,
} from "@tongjian/domain/agreement-consent";
import { PASSWORD_MIN_LENGTH, passwordProblem } from "@tongjian/domain/password-rules";
import { normalizePhone } from "@tongjian/domain/phone-number";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { SmsCodeButton, type SmsPurpose } from "./sms-code-button.tsx";

export type LoginMode = "password" | "sms" | "register" | "reset";

const TITLES: Record<LoginMode, string> = {
  password: "密码登录",
  sms: "验证码登录",
  register: "注册",
  reset: "忘记密码",
};
const SUBMIT: Record<LoginMode, string> = {
  password: "登录",
  sms: "登录",
  register: "注册并登录",
  reset: "重设密码并登录",
};
const PURPOSE: Record<Exclude<LoginMode, "password">, SmsPurpose> = {
  sms: "login",
  register: "register",
  reset: "reset",
};

function Field({ label, children, id }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="tj-auth__field">
      <label className="tj-auth__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * /login in a plain browser (issue 16): 密码登录 and 验证码登录 as tabs, 注册 and 忘记密码 below.
 * On success the page goes back where the reader came from, as a full load, so every part of it
 * is rendered for the signed-in reader.
 */
export function LoginForms({
  redirectTo,
  initialMode = "password",
  bindOnly = false,
  onSignedIn,
  consent = [],
}: {
  redirectTo: string;
  /**
   * The login agreements at their current versions (decision 40): linked under the button and
   * sent with the request, which records them for the reader.
   */
  consent?: readonly ConsentItem[];
  initialMode?: LoginMode;
  /** A WeChat visitor binding a phone: the SMS form alone, with purpose "bind". */
  bindOnly?: boolean;
  /** Runs once the reader is signed in, before the page leaves (its failure is not the login's). */
  onSignedIn?: () => Promise<unknown>;
}) {
  const { api } = usePlatform();
  const [mode, setMode] = useState<LoginMode>(bindOnly ? "sms" : initialMode);
  const [phone, setPhone] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const normalized = normalizePhone(phone);
  const needsCode = mode !== "password";
  const needsPassword = mode !== "sms";

  const switchTo = (next: LoginMode) => {
    setMode(next);
    setError("");
    setNotice("");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice("");
    if (!normalized) return setError("请输入正确的手机号");
    if (needsCode && !/^\d{6}$/.test(code)) return setError("请输入 6 位验证码");
    if (needsPassword && !password) return setError("请输入密码");
    if ((mode === "register" || mode === "reset") && passwordProblem(password))
      return setError(passwordProblem(password) ?? "");
    setError("");
    setBusy(true);
    const refs = consentRefs(consent, LOGIN_AGREEMENTS);
    const agreements = refs.length > 0 ? { agreements: refs } : {};
    try {
      if (bindOnly)
        await api.post("/api/auth/bind-phone", { phone: normalized, code, ...agreements });
      else if (mode === "password")
        await api.post("/api/auth", {
          type: "password",
          phone: normalized,
          password,
          ...agreements,
        });
      else if (mode === "sms")
        await api.post("/api/auth", { type: "sms", phone: normalized, code, ...agreements });
      else if (mode === "register")
        await api.post("/api/auth/register", {
          phone: normalized,
          code,
          password,
          ...(name.trim() ? { name: name.trim() } : {}),
          ...agreements,
        });
      else await api.post("/api/auth/password/reset", { phone: normalized, code, password });
      await onSignedIn?.().catch(() => undefined);
      window.location.assign(redirectTo);
    } catch (failure) {
      // What the reader typed stays in the form; only the message changes.
      setError(failure instanceof ApiRequestError ? failure.message : "网络异常，请稍后重试");
      setBusy(false);
    }
  };

  const tabs: LoginMode[] = ["password", "sms"];
  return (
    <form className="tj-auth__form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      {bindOnly ? (
        <h2 className="tj-auth__title" id={`${ids}-title`}>
          绑定手机号
        </h2>
      ) : mode === "password" || mode === "sms" ? (
        <div className="tj-auth__tabs" role="tablist" aria-label="登录方式">
          {tabs.map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              id={tab === mode ? `${ids}-title` : undefined}
              aria-selected={tab === mode}
              className={`tj-auth__tab${tab === mode ? " tj-auth__tab--on" : ""}`}
              onClick={() => switchTo(tab)}
            >
              {TITLES[tab]}
            </button>
          ))}
        </div>
      ) : (
        <h2 className="tj-auth__title" id={`${ids}-title`}>
          {TITLES[mode]}
        </h2>
      )}

      <Field label="手机号" id={`${ids}-phone`}>
        <input
          id={`${ids}-phone`}
          className="tj-auth__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          placeholder="请输入手机号"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>

      {needsCode && (
        <Field label="验证码" id={`${ids}-code`}>
          <div className="tj-auth__code-row">
            <input
              id={`${ids}-code`}
              className="tj-auth__input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="6 位验证码"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            />
            <SmsCodeButton
              phone={normalized ?? phone}
              purpose={bindOnly ? "bind" : PURPOSE[mode as Exclude<LoginMode, "password">]}
              onError={setError}
              onSent={() => {
                setError("");
                setNotice("验证码已发送，5 分钟内有效");
              }}
            />
          </div>
        </Field>
      )}

      {needsPassword && (
        <Field label={mode === "password" ? "密码" : "设置密码"} id={`${ids}-password`}>
          <input
            id={`${ids}-password`}
            className="tj-auth__input"
            type="password"
            autoComplete={mode === "password" ? "current-password" : "new-password"}
            maxLength={128}
            placeholder={mode === "password" ? "请输入密码" : `至少 ${PASSWORD_MIN_LENGTH} 位`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
      )}

      {mode === "register" && (
        <Field label="昵称（选填）" id={`${ids}-name`}>
          <input
            id={`${ids}-name`}
            className="tj-auth__input"
            autoComplete="nickname"
            maxLength={20}
            placeholder="在通鉴显示的名字"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
      )}

      <p className="tj-auth__message" role="alert" aria-live="assertive">
        {error}
      </p>
      {notice && (
        <p className="tj-auth__notice" role="status">
          {notice}
        </p>
      )}

      <button type="submit" className="tj-button tj-button--block" disabled={busy} aria-busy={busy}>
        {busy ? "请稍候…" : bindOnly ? "绑定并继续" : SUBMIT[mode]}
      </button>
      {consent.length > 0 && mode !== "reset" && (
        <p className="tj-auth__hint" data-testid="login-consent">
          {bindOnly ? "绑定" : mode === "register" ? "注册" : "登录"}即表示你已阅读并同意
          {consent.map((item) => (
            <AppLink key={item.agreement} to={item.path}>
              《{item.title}》
            </AppLink>
          ))}
          （版本 {consent.map((item) => item.version).join("、")}）
        </p>
      )}

      {!bindOnly && (
        <div className="tj-auth__links">
          {mode === "password" || mode === "sms" ? (
            <>
              <button type="button" className="tj-link-button" onClick={() => switchTo("register")}>
                注册
              </button>
              <button type="button" className="tj-link-button" onClick={() => switchTo("reset")}>
                忘记密码
              </button>
            </>
          ) : (
            <button type="button" className="tj-link-button" onClick={() => switchTo("password")}>
              返回登录
            </button>
          )}
        </div>
      )}
      {mode === "sms" && !bindOnly && (
        <p className="tj-auth__hint">未注册的手机号验证后将自动创建账号</p>
      )}
    </form>
  );
}
