import type { Comment, CommentList } from "@tongjian/contracts/community";
import { COMMENT_TEXT_LIMIT, COMMUNITY_API } from "@tongjian/domain/community-rules";
import { textLength } from "@tongjian/domain/text-length";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useMorePages } from "../../shell/use-more-pages.ts";
import { AuthorLine } from "./author-line.tsx";
import { clearDraft, commentDraftKey, readDraft, writeDraft } from "./composer-draft.ts";
import { PostBody } from "./post-body.tsx";
import { useCommunityCall } from "./use-community-call.ts";

/** A post's comments, oldest first, a page at a time, and the form to add one. */
export function CommentSection({
  postId,
  first,
  open,
}: {
  postId: string;
  first: CommentList;
  open: boolean;
}) {
  const { api } = usePlatform();
  const loadPage = useCallback(
    (page: number) =>
      api.get<CommentList>(
        `${COMMUNITY_API}/n/post/${postId}/comments?page=${page}&size=${first.size}`,
      ),
    [api, postId, first.size],
  );
  const comments = useMorePages<Comment>(first, loadPage);
  const [added, setAdded] = useState<Comment[]>([]);
  const shown = [
    ...comments.list,
    ...added.filter((a) => !comments.list.some((c) => c.id === a.id)),
  ];
  const total = first.total + added.length;
  return (
    <section className="tj-section tj-comments" aria-labelledby="tj-comments-title">
      <h2 id="tj-comments-title" className="tj-section__title">
        评论 {total}
      </h2>
      {shown.length === 0 ? (
        <p className="tj-empty">还没有评论，来说第一句吧</p>
      ) : (
        <ol className="tj-comments__list">
          {shown.map((c) => (
            <li key={c.id} className="tj-comment">
              <AuthorLine author={c.author} createdAt={c.createdAt} />
              <PostBody body={c.body} className="tj-post-body tj-comment__body" />
            </li>
          ))}
        </ol>
      )}
      {comments.hasMore && (
        <MoreButton state={comments.state} onClick={() => void comments.loadMore()} />
      )}
      {open ? (
        <CommentForm postId={postId} onAdded={(c) => setAdded((list) => [...list, c])} />
      ) : (
        <p className="tj-empty">这条帖子已被隐藏，不能评论</p>
      )}
    </section>
  );
}

/**
 * The form to add a comment. What is typed is kept on the device per post (the composer's
 * draft storage), so a comment sent after the session expired, which goes to sign-in, is there
 * again on coming back; it is dropped once the comment is sent.
 */
function CommentForm({ postId, onAdded }: { postId: string; onAdded: (comment: Comment) => void }) {
  const { api } = usePlatform();
  const { run, busy, error } = useCommunityCall();
  const [text, setText] = useState("");
  const [restored, setRestored] = useState(false);
  const id = useId();
  const length = textLength(text);
  const over = length > COMMENT_TEXT_LIMIT;

  // The draft is read after hydration: the server knows nothing of the device.
  useEffect(() => {
    const draft = readDraft(commentDraftKey(postId));
    setText(draft?.text ?? "");
    setRestored(Boolean(draft?.text));
  }, [postId]);

  // Saved with every change rather than shortly after, as the composer does: a comment is short,
  // and no save still pending can put a sent comment's text back.
  const change = (value: string) => {
    setText(value);
    writeDraft(commentDraftKey(postId), { text: value, images: [] });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || over) return;
    const comment = await run(() =>
      api.post<Comment>(`${COMMUNITY_API}/y/comment`, { postId, text }),
    );
    if (!comment) return;
    clearDraft(commentDraftKey(postId));
    setText("");
    setRestored(false);
    onAdded(comment);
  };
  return (
    <form className="tj-comment-form" onSubmit={submit}>
      {restored && (
        <p className="tj-composer__note" role="status">
          已恢复上次没有发出的评论
        </p>
      )}
      <label htmlFor={id} className="tj-visually-hidden">
        写评论
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        placeholder="写下你的看法"
        onChange={(e) => change(e.target.value)}
        aria-invalid={over}
      />
      <div className="tj-comment-form__bar">
        <span className={over ? "tj-composer__count--over" : undefined}>
          {length} / {COMMENT_TEXT_LIMIT}
        </span>
        <button type="submit" className="tj-button" disabled={busy || !text.trim() || over}>
          {busy ? "发表中…" : "发表评论"}
        </button>
      </div>
      {error && (
        <p className="tj-form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
