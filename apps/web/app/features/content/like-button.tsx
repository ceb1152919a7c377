import type { LikeStatus } from "@tongjian/contracts/social";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";
import "./like-button.css";

/** Like an entry or article (spec §7 like check/send); signing in follows the environment. */
export function LikeButton({
  itemId,
  type,
  initialCount,
}: {
  itemId: string;
  type: "entry" | "article";
  initialCount: number;
}) {
  const platform = usePlatform();
  const { api } = platform;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<LikeStatus>({ liked: false, likeNum: initialCount });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<LikeStatus>(`/api/social/like/check/cn/${itemId}/${type}`)
      .then(setState)
      .catch(() => {});
  }, [api, itemId, type]);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setState(
        await api.post<LikeStatus>("/api/social/like/send", {
          itemId,
          type,
          action: state.liked ? "unlike" : "like",
        }),
      );
    } catch (error) {
      // A WeChat visitor may like (decision 18); a plain browser signs in on /login and comes
      // back. The sign-in code loads only then (the entry pages' first load stays small).
      if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN)
        await import("../../shell/sign-in.ts").then(({ signIn }) =>
          signIn(platform, navigate, pathname + search, "reader"),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`tj-like${state.liked ? " tj-like--on" : ""}`}
      aria-pressed={state.liked}
      aria-label={state.liked ? "取消点赞" : "点赞"}
      onClick={toggle}
      disabled={busy}
    >
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill={state.liked ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.7 1.2 5.3 3 1.6-1.8 3.1-3 5.3-3 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21Z" />
      </svg>
      <span>{state.likeNum > 0 ? state.likeNum : "点赞"}</span>
    </button>
  );
}
