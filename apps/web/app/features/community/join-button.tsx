import type { Membership } from "@tongjian/contracts/community";
import { COMMUNITY_API } from "@tongjian/domain/community-rules";
import { useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { useCommunityCall } from "./use-community-call.ts";

/** 加入 / 已加入 (tap again to leave) for a circle; signing in first when needed. */
export function JoinButton({
  circleId,
  circleName,
  joined: initial,
  onChange,
}: {
  circleId: string;
  circleName: string;
  joined: boolean;
  onChange?: (membership: Membership) => void;
}) {
  const { api } = usePlatform();
  const { run, busy, error } = useCommunityCall();
  const [joined, setJoined] = useState(initial);
  const toggle = async () => {
    const result = await run(() =>
      api.post<Membership>(`${COMMUNITY_API}/y/circle/member`, {
        circleId,
        action: joined ? "leave" : "join",
      }),
    );
    if (!result) return;
    setJoined(result.joined);
    onChange?.(result);
  };
  return (
    <span className="tj-join">
      <button
        type="button"
        className={`tj-button tj-join__button${joined ? " tj-button--ghost" : ""}`}
        aria-pressed={joined}
        aria-label={joined ? `已加入${circleName}，点按退出` : `加入${circleName}`}
        onClick={toggle}
        disabled={busy}
      >
        {busy ? "请稍候…" : joined ? "已加入" : "加入"}
      </button>
      {error && (
        <span className="tj-join__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
