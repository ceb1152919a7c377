import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { loginPath } from "@tongjian/domain/viewer";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";

interface LikeState {
  liked: boolean;
  likeNum: number;
}

/** Like a piece (it counts on the 点赞榜); an anonymous reader signs in first. */
export function MusicLikeButton({
  pieceId,
  initialCount,
}: {
  pieceId: string;
  initialCount: number;
}) {
  const { api, env, bridge } = usePlatform();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [state, setState] = useState<LikeState>({ liked: false, likeNum: initialCount });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api
      .get<LikeState>(`/api/music/cn/pieces/${pieceId}/like`)
      .then(setState)
      .catch(() => {});
  }, [api, pieceId]);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      setState(
        await api.post<LikeState>(`/api/music/y/pieces/${pieceId}/like`, { like: !state.liked }),
      );
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) {
        if (env.isNativeApp) await bridge.call("login", {}).catch(() => {});
        else navigate(loginPath(pathname + search));
      } else setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`tj-music-like${state.liked ? " tj-music-like--on" : ""}`}
      aria-pressed={state.liked}
      onClick={toggle}
      disabled={busy}
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
        <path d="M12 20.5 4.2 13A4.9 4.9 0 0 1 11.1 6l.9.9.9-.9A4.9 4.9 0 0 1 19.8 13Z" />
      </svg>
      {state.liked ? "已赞" : "点赞"} {state.likeNum}
      {failed && <span className="tj-music-like__error">（没有成功，请重试）</span>}
    </button>
  );
}
