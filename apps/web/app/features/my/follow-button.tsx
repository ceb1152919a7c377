import type { FocusStatus } from "@tongjian/contracts/my";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { loginPath } from "@tongjian/domain/viewer";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

/**
 * 关注 / 已关注 (spec §7 POST /api/m/social/v1/y/focus). Following needs an account: a reader
 * without one (or a WeChat visitor without a phone) is sent to /login, which brings them back.
 */
export function FollowButton({
  userId,
  name,
  following: initial,
  onChange,
  size = "normal",
}: {
  userId: string;
  name: string;
  following: boolean;
  onChange?: (status: FocusStatus) => void;
  size?: "normal" | "small";
}) {
  const { api, env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setError("");
    try {
      const status = await api.post<FocusStatus>("/api/m/social/v1/y/focus", {
        userId,
        action: following ? "unfollow" : "follow",
      });
      setFollowing(status.following);
      onChange?.(status);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
        if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
        else navigate(loginPath(pathname + search, "user"));
      } else setError(failure instanceof ApiRequestError ? failure.message : "操作失败，请重试");
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="tj-my-follow">
      <button
        type="button"
        className={`tj-button tj-my-follow__button tj-my-follow__button--${size}${following ? " tj-button--ghost" : ""}`}
        aria-pressed={following}
        aria-label={following ? `已关注${name}，点按取消关注` : `关注${name}`}
        onClick={toggle}
        disabled={busy}
        data-testid="follow-button"
      >
        {busy ? "处理中…" : following ? "已关注" : "关注"}
      </button>
      {error && (
        <span className="tj-my-follow__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
