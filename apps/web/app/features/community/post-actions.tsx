import type { Post, PostLikeStatus } from "@tongjian/contracts/community";
import {
  COMMUNITY_API,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from "@tongjian/domain/community-rules";
import { type FormEvent, useId, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { useCommunityCall } from "./use-community-call.ts";

/** 点赞, 举报 and 分享 under a post. */
export function PostActions({ post }: { post: Post }) {
  const { api, env } = usePlatform();
  const like = useCommunityCall();
  const [state, setState] = useState<PostLikeStatus>({
    liked: post.liked,
    likeNum: post.likeCount,
  });
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const toggleLike = async () => {
    const result = await like.run(() =>
      api.post<PostLikeStatus>(`${COMMUNITY_API}/y/post/like`, {
        postId: post.id,
        action: state.liked ? "unlike" : "like",
      }),
    );
    if (result) setState(result);
  };

  const share = async () => {
    const url = window.location.href;
    if (env.isNativeApp) {
      // The app's share button shares what the page set (useShare in the route).
      setNotice("点右上角的分享按钮，把这条帖子分享出去");
    } else if (env.isWeixin) {
      setNotice("点右上角「…」，发送给朋友或分享到朋友圈");
    } else if (typeof navigator.share === "function") {
      await navigator.share({ title: `${post.author.name}的帖子`, url }).catch(() => {});
    } else {
      try {
        await navigator.clipboard.writeText(url);
        setNotice("链接已复制，可以粘贴给朋友");
      } catch {
        setNotice(`复制这个链接分享：${url}`);
      }
    }
  };

  return (
    <div className="tj-post-actions">
      <div className="tj-post-actions__row">
        <button
          type="button"
          className={`tj-like${state.liked ? " tj-like--on" : ""}`}
          aria-pressed={state.liked}
          aria-label={state.liked ? "取消点赞" : "点赞"}
          onClick={toggleLike}
          disabled={like.busy || post.status !== "visible"}
        >
          <span aria-hidden="true">{state.liked ? "♥" : "♡"}</span>
          <span>{state.likeNum > 0 ? state.likeNum : "点赞"}</span>
        </button>
        {!post.mine && post.status === "visible" && (
          <button
            type="button"
            className="tj-button tj-button--ghost"
            onClick={() => setReporting(!reporting)}
            aria-expanded={reporting}
          >
            举报
          </button>
        )}
        <button type="button" className="tj-button tj-button--ghost" onClick={() => void share()}>
          分享
        </button>
      </div>
      {like.error && (
        <p className="tj-form-error" role="alert">
          {like.error}
        </p>
      )}
      {notice && (
        <p className="tj-post-actions__notice" role="status">
          {notice}
        </p>
      )}
      {reporting && (
        <ReportForm
          postId={post.id}
          onDone={(message) => {
            setReporting(false);
            setNotice(message);
          }}
        />
      )}
    </div>
  );
}

function ReportForm({ postId, onDone }: { postId: string; onDone: (message: string) => void }) {
  const { api } = usePlatform();
  const { run, busy, error } = useCommunityCall();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [note, setNote] = useState("");
  const noteId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    const result = await run(() =>
      api.post<{ alreadyReported: boolean }>(`${COMMUNITY_API}/y/post/report`, {
        postId,
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    );
    if (result)
      onDone(
        result.alreadyReported
          ? "你已经举报过这条帖子，管理员会尽快处理"
          : "举报已提交，管理员会尽快处理",
      );
  };
  return (
    <form className="tj-report" onSubmit={submit}>
      <div className="tj-report__reasons" role="group" aria-label="举报原因">
        {(Object.keys(REPORT_REASONS) as ReportReason[]).map((key) => (
          <button
            key={key}
            type="button"
            className="tj-chip"
            aria-pressed={reason === key}
            onClick={() => setReason(key)}
          >
            {REPORT_REASONS[key]}
          </button>
        ))}
      </div>
      <label htmlFor={noteId} className="tj-report__label">
        补充说明（选填）
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      {error && (
        <p className="tj-form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="tj-button" disabled={!reason || busy}>
        {busy ? "正在提交…" : "提交举报"}
      </button>
    </form>
  );
}
