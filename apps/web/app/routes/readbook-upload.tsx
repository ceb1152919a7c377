import type { ReadingNote } from "@tongjian/contracts/books";
import { NOTE_IMAGES_MAX, NOTE_TEXT_MAX, NOTE_TEXT_MIN } from "@tongjian/domain/books";
import { IMAGE_MAX_BYTES } from "@tongjian/domain/community-rules";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useState } from "react";
import { filesProblem, IMAGE_TYPES } from "../features/books/note-files.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { requirePageUser } from "../shell/require-login.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import { failureMessage, useSignIn } from "../shell/use-sign-in.ts";
import type { Route } from "./+types/readbook-upload";
import "../features/books/books.css";

// 上传 (/readbook/upload): a reading note of the challenge, text and up to nine images. The
// server checks each image by its content; this page checks type, size and count first so a
// reader hears at once what is wrong.
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requirePageUser(context, request);
  return { info: await context.services.books.challenge(viewer) };
}

export function meta() {
  return [{ title: `上传读书笔记 - ${PRODUCT_NAME}` }];
}

export default function ReadBookUploadRoute({ loaderData: d }: Route.ComponentProps) {
  const { info } = d;
  const { api } = usePlatform();
  const signIn = useSignIn();
  const [text, setText] = useState("");
  const [book, setBook] = useState(info.books[0]?.key ?? "");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ReadingNote | null>(null);
  /** A new file field after an upload, so it no longer shows the files sent. */
  const [round, setRound] = useState(0);

  if (!info.joined)
    return (
      <main className="tj-books">
        <h1 className="tj-books__title">上传读书笔记</h1>
        <p className="tj-empty">报名读书挑战后才能上传笔记。</p>
        <AppLink className="tj-button tj-button--block" to="/readbook">
          去报名
        </AppLink>
      </main>
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const length = [...text.trim()].length;
    if (length < NOTE_TEXT_MIN) return setError(`读书笔记至少 ${NOTE_TEXT_MIN} 个字`);
    if (length > NOTE_TEXT_MAX) return setError(`读书笔记不超过 ${NOTE_TEXT_MAX} 个字`);
    const problem = filesProblem(files);
    if (problem) return setError(problem);
    const form = new FormData();
    form.append("text", text.trim());
    if (book) form.append("book", book);
    for (const f of files) form.append("images", f, f.name);
    setBusy(true);
    try {
      setDone(await api.upload<ReadingNote>("/api/readbook/y/note", form));
      setText("");
      setFiles([]);
      setRound((n) => n + 1);
    } catch (failure) {
      setError(failureMessage(failure, signIn));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="tj-books">
      <h1 className="tj-books__title">上传读书笔记</h1>
      <p className="tj-books__lead">
        写下读后的想法（{NOTE_TEXT_MIN}–{NOTE_TEXT_MAX} 字），可附最多 {NOTE_IMAGES_MAX} 张图片。
      </p>
      {done && (
        <p className="tj-form__ok" role="status">
          笔记已上传{done.images.length ? `，含 ${done.images.length} 张图片` : ""}。{" "}
          <AppLink to="/readbook">回到挑战页</AppLink>
        </p>
      )}
      <form className="tj-form" onSubmit={submit} noValidate>
        <div className="tj-form__field">
          <label htmlFor="tj-note-book">读的是哪本书</label>
          <select id="tj-note-book" value={book} onChange={(e) => setBook(e.target.value)}>
            {info.books.map((b) => (
              <option key={b.key} value={b.key}>
                {b.title}
              </option>
            ))}
            <option value="">其他</option>
          </select>
        </div>
        <div className="tj-form__field">
          <label htmlFor="tj-note-text">笔记</label>
          <textarea
            id="tj-note-text"
            value={text}
            maxLength={NOTE_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder="这一章让我想到……"
          />
          <p className="tj-form__hint">已写 {[...text.trim()].length} 字</p>
        </div>
        <div className="tj-form__field">
          <label htmlFor="tj-note-images">配图（可选）</label>
          <input
            key={round}
            id="tj-note-images"
            type="file"
            accept={IMAGE_TYPES.join(",")}
            multiple
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              setFiles(chosen);
              setError(filesProblem(chosen));
            }}
          />
          <p className="tj-form__hint">
            已选 {files.length} 张；每张不超过 {IMAGE_MAX_BYTES / 1024 / 1024} MB
          </p>
        </div>
        {error && (
          <p className="tj-form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="tj-button tj-button--block" disabled={busy}>
          {busy ? "上传中…" : "上传笔记"}
        </button>
      </form>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
