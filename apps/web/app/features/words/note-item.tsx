import type { EntryNote } from "@tongjian/contracts/words";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { NOTE_REPORT_REASONS, type NoteReportReason } from "@tongjian/domain/entry-notes";
import { formatRelativeTime } from "@tongjian/domain/relative-time";
import { useId, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useSignIn } from "../../shell/use-sign-in.ts";

/** One note: who, when, the text (link-only HTML from the server), like and report. */
export function NoteItem({ note, showEntry }: { note: EntryNote; showEntry: boolean }) {
  const { api } = usePlatform();
  const signIn = useSignIn("reader");
  const [liked, setLiked] = useState(note.liked);
  const [likeNum, setLikeNum] = useState(note.likeNum);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);
  const reasonsId = useId();

  const failed = async (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) await signIn();
    else setNotice(error instanceof Error ? error.message : "操作失败，请重试");
  };

  const toggleLike = async () => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const status = await api.post<{ liked: boolean; likeNum: number }>("/api/words/v1/y/like", {
        noteId: note.id,
        action: liked ? "unlike" : "like",
      });
      setLiked(status.liked);
      setLikeNum(status.likeNum);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  const report = async (reason: NoteReportReason) => {
    setBusy(true);
    setNotice(null);
    try {
      const result = await api.post<{ reported: boolean; hidden: boolean }>(
        "/api/words/v1/y/report",
        { noteId: note.id, reason },
      );
      setReporting(false);
      if (result.hidden) setHidden(true);
      setNotice(result.hidden ? "已举报，这条短评已先隐藏，等待审核。" : "已举报，感谢反馈。");
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="tj-note" data-note-id={note.id}>
      <div className="tj-note__head">
        <span className="tj-note__author">{note.author.name}</span>
        {note.sample && <span className="tj-note__tag">示例</span>}
        {showEntry && (
          <>
            <span className="tj-note__on">评</span>
            <AppLink className="tj-note__entry" to={`/detail/${note.entry.id}`}>
              {note.entry.name}
            </AppLink>
          </>
        )}
        <time className="tj-note__time" dateTime={note.createdAt} suppressHydrationWarning>
          {formatRelativeTime(note.createdAt)}
        </time>
      </div>
      {hidden ? (
        <p className="tj-note__text tj-note__text--hidden">这条短评已隐藏。</p>
      ) : (
        // The server made this HTML: escaped text with topic and web links only.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: link-only HTML built and sanitised by the server
        <p className="tj-note__text" dangerouslySetInnerHTML={{ __html: note.html }} />
      )}
      <div className="tj-note__actions">
        <button
          type="button"
          className={`tj-note__action${liked ? " tj-note__action--on" : ""}`}
          aria-pressed={liked}
          aria-label={`${liked ? "取消点赞" : "点赞"}（${likeNum}）`}
          onClick={toggleLike}
          disabled={busy}
        >
          {liked ? "已赞" : "赞"} {likeNum > 0 ? likeNum : ""}
        </button>
        {!note.mine && !hidden && (
          <button
            type="button"
            className="tj-note__action"
            aria-expanded={reporting}
            aria-controls={reasonsId}
            onClick={() => setReporting((v) => !v)}
            disabled={busy}
          >
            举报
          </button>
        )}
      </div>
      {reporting && (
        <fieldset className="tj-note__reasons" id={reasonsId}>
          <legend className="tj-note__legend">举报理由</legend>
          {(Object.keys(NOTE_REPORT_REASONS) as NoteReportReason[]).map((reason) => (
            <button
              key={reason}
              type="button"
              className="tj-note__reason"
              onClick={() => void report(reason)}
              disabled={busy}
            >
              {NOTE_REPORT_REASONS[reason]}
            </button>
          ))}
        </fieldset>
      )}
      {notice && (
        <p className="tj-note__notice" role="status">
          {notice}
        </p>
      )}
    </li>
  );
}
