import type { EntryNote } from "@tongjian/contracts/words";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import {
  NOTE_MAX_CHARS,
  normalizeNoteText,
  noteLength,
  noteTextProblem,
} from "@tongjian/domain/entry-notes";
import { useEffect, useId, useState } from "react";
import { ApiRequestError } from "../../shell/api-client.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { useSignIn } from "../../shell/use-sign-in.ts";

const draftKey = (entryId: string) => `tj:note-draft:${entryId}`;

function readDraft(entryId: string): string {
  try {
    return window.sessionStorage.getItem(draftKey(entryId)) ?? "";
  } catch {
    return "";
  }
}

function writeDraft(entryId: string, text: string) {
  try {
    if (text) window.sessionStorage.setItem(draftKey(entryId), text);
    else window.sessionStorage.removeItem(draftKey(entryId));
  } catch {
    // Storage can be blocked; the draft then lives as long as the page.
  }
}

/**
 * Writing a note on an entry. Nothing typed is lost on a failed request: the text stays in the
 * box, and in this tab's storage while the reader goes to sign in and comes back.
 */
export function NoteComposer({
  entryId,
  entryName,
  onPosted,
}: {
  entryId: string;
  entryName: string;
  onPosted: (note: EntryNote) => void;
}) {
  const { api } = usePlatform();
  const signIn = useSignIn("reader");
  const [text, setText] = useState("");
  const [state, setState] = useState<"idle" | "sending">("idle");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const counterId = useId();

  useEffect(() => setText(readDraft(entryId)), [entryId]);

  const length = noteLength(text.trim());
  const over = length > NOTE_MAX_CHARS;

  const submit = async () => {
    const problem = noteTextProblem(normalizeNoteText(text));
    if (problem) {
      setError(problem);
      return;
    }
    setState("sending");
    setError(null);
    writeDraft(entryId, text);
    try {
      const note = await api.post<EntryNote>("/api/words/v1/y/note", { entryId, text });
      setText("");
      writeDraft(entryId, "");
      onPosted(note);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === CODE_NOT_LOGGED_IN) {
        setError("登录后即可发布，草稿已保留。");
        await signIn();
      } else setError(failure instanceof Error ? failure.message : "发布失败，请重试");
    } finally {
      setState("idle");
    }
  };

  return (
    <form
      className="tj-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="tj-visually-hidden" htmlFor={inputId}>
        写一条关于{entryName}的短评
      </label>
      <textarea
        id={inputId}
        className="tj-note-form__input"
        value={text}
        rows={3}
        placeholder={`写一条关于“${entryName}”的短评，${NOTE_MAX_CHARS} 字以内`}
        aria-describedby={counterId}
        aria-invalid={over || undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <div className="tj-note-form__bar">
        <span
          id={counterId}
          className={`tj-note-form__count${over ? " tj-note-form__count--over" : ""}`}
        >
          {length} / {NOTE_MAX_CHARS}
        </span>
        <button type="submit" className="tj-button" disabled={state === "sending"}>
          {state === "sending" ? "发布中…" : "发布"}
        </button>
      </div>
      {error && (
        <p className="tj-note-form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
