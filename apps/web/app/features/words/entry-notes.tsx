import type { EntryNote, NotePage } from "@tongjian/contracts/words";
import { useCallback, useEffect, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { NoteComposer } from "./note-composer.tsx";
import { NoteItem } from "./note-item.tsx";
import "./words.css";

const ENTRY_NOTES_PAGE_SIZE = 5;

/**
 * The entry page's 短评 section (compact): the newest notes, 加载更多, and the box to write one.
 * It loads after the page (the entry's own HTML stays cacheable and its first load unchanged).
 */
export function EntryNotes({ entryId, entryName }: { entryId: string; entryName: string }) {
  const { api } = usePlatform();
  const [notes, setNotes] = useState<EntryNote[]>([]);
  const [page, setPage] = useState<NotePage | null>(null);
  const [state, setState] = useState<"loading" | "idle" | "error">("loading");

  const load = useCallback(
    async (pageNumber: number) => {
      setState("loading");
      try {
        const next = await api.get<NotePage>(
          `/api/words/v1/n/entry/${entryId}?page=${pageNumber}&size=${ENTRY_NOTES_PAGE_SIZE}`,
        );
        setNotes((list) => {
          const known = new Set(list.map((n) => n.id));
          return [...(pageNumber === 1 ? [] : list), ...next.list.filter((n) => !known.has(n.id))];
        });
        setPage(next);
        setState("idle");
      } catch {
        setState("error");
      }
    },
    [api, entryId],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const total = page?.total ?? 0;
  return (
    <section className="tj-section tj-notes" aria-labelledby="notes" id="notes-section">
      <div className="tj-section__head">
        <h2 className="tj-section__title" id="notes">
          短评{total > 0 ? `（${total}）` : ""}
        </h2>
        <AppLink className="tj-section__link" to="/words">
          全部短评
        </AppLink>
      </div>
      <NoteComposer
        entryId={entryId}
        entryName={entryName}
        onPosted={(note) => {
          setNotes((list) => [note, ...list]);
          setPage((p) => (p ? { ...p, total: p.total + 1 } : p));
        }}
      />
      {state === "error" && notes.length === 0 ? (
        <p className="tj-empty" role="alert">
          短评加载失败，
          <button type="button" className="tj-link-button" onClick={() => void load(1)}>
            点击重试
          </button>
        </p>
      ) : state === "loading" && notes.length === 0 ? (
        <p className="tj-empty" role="status">
          正在加载短评…
        </p>
      ) : notes.length === 0 ? (
        <p className="tj-empty">还没有人写短评，来写第一条吧。</p>
      ) : (
        <ul className="tj-notes__list">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} showEntry={false} />
          ))}
        </ul>
      )}
      {page?.hasMore && notes.length > 0 && (
        <button
          type="button"
          className="tj-more"
          disabled={state === "loading"}
          onClick={() => void load(page.page + 1)}
        >
          {state === "loading" ? "正在加载…" : state === "error" ? "加载失败，重试" : "更多短评"}
        </button>
      )}
    </section>
  );
}
