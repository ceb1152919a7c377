import type { LoginUserInfo, SessionInfo } from "@tongjian/contracts/accounts";
import { maskPhone } from "@tongjian/domain/phone-number";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { signOut } from "./sign-out.ts";

/** A short name for a session's browser, from its user agent. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "未知设备";
  if (/TongjianApp\//.test(userAgent))
    return /Android/.test(userAgent) ? "通鉴App（安卓）" : "通鉴App（iPhone）";
  if (/MicroMessenger/i.test(userAgent)) return "微信";
  if (/iPhone|iPad/.test(userAgent)) return "iPhone 浏览器";
  if (/Android/.test(userAgent)) return "安卓浏览器";
  if (/Windows|Macintosh|Linux/.test(userAgent)) return "电脑浏览器";
  return "浏览器";
}

function when(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The signed-in reader on /login: who, 退出登录, and the devices signed in (登录设备). */
export function AccountPanel({
  info,
  sessions,
  redirectTo,
}: {
  info: LoginUserInfo;
  sessions: SessionInfo[];
  redirectTo: string;
}) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState("");
  const name = info.ahName ?? info.wxName ?? "微信用户";

  const logout = async () => {
    setBusy("logout");
    setError("");
    try {
      await signOut(api);
      window.location.assign("/");
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "退出失败，请重试");
      setBusy(null);
    }
  };

  const end = async (id: string) => {
    setBusy(id);
    setError("");
    try {
      await api.post("/api/auth/sessions/end", { id });
      await revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : "操作失败，请重试");
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="tj-auth__account" aria-labelledby="tj-account-title">
      <div className="tj-auth__who">
        {info.ahAvatar || info.wxAvatar ? (
          <img
            className="tj-auth__avatar"
            src={info.ahAvatar ?? info.wxAvatar ?? ""}
            alt=""
            width={56}
            height={56}
          />
        ) : (
          <span className="tj-auth__avatar tj-auth__avatar--text" aria-hidden="true">
            {[...name][0]}
          </span>
        )}
        <div>
          <h2 className="tj-auth__title" id="tj-account-title" data-testid="account-name">
            {name}
          </h2>
          <p className="tj-auth__hint">
            {info.ahPhone ? `手机号 ${maskPhone(info.ahPhone)}` : "已通过微信登录"}
          </p>
        </div>
      </div>
      {redirectTo !== "/" && (
        <AppLink className="tj-button tj-button--block" to={redirectTo}>
          返回刚才的页面
        </AppLink>
      )}
      <AppLink className="tj-button tj-button--ghost tj-button--block" to="/my">
        我的主页：阅读记录、点赞与关注
      </AppLink>
      <AppLink
        className="tj-button tj-button--ghost tj-button--block"
        to="/agreement/userOwnInfo/home"
      >
        我的个人信息：查看、导出与注销
      </AppLink>

      <h3 className="tj-auth__subtitle">登录设备</h3>
      {sessions.length === 0 ? (
        <p className="tj-auth__hint">暂无其他登录设备</p>
      ) : (
        <ul className="tj-auth__sessions">
          {sessions.map((s) => (
            <li key={s.id} className="tj-auth__session" data-testid="session">
              <div>
                <strong>{deviceName(s.userAgent)}</strong>
                {s.current && <span className="tj-auth__badge">本机</span>}
                <small className="tj-auth__meta">
                  最近使用 {when(s.lastSeenAt)}
                  {s.address ? ` · ${s.address}` : ""}
                </small>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="tj-link-button"
                  onClick={() => end(s.id)}
                  disabled={busy !== null}
                  aria-label={`让${deviceName(s.userAgent)}下线`}
                >
                  {busy === s.id ? "处理中…" : "下线"}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="tj-auth__message" role="alert">
        {error}
      </p>
      <button
        type="button"
        className="tj-button tj-button--ghost tj-button--block"
        onClick={logout}
        disabled={busy !== null}
      >
        {busy === "logout" ? "正在退出…" : "退出登录"}
      </button>
    </section>
  );
}
