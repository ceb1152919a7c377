import type { EntryNote, NotePage } from "@tongjian/contracts/words";
import type { NoteSort } from "@tongjian/domain/entry-notes";
import { useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { NoteItem } from "./note-item.tsx";
import "./words.css";

export const WORDS_PAGE_SIZE = 20;

/** /words: the first page from the loader, then 加载更多 through the API. */
export function NoteStream({ sort, first }: { sort: NoteSort; first: NotePage }) {
  const { api } = usePlatform();
  const [notes, setNotes] = useState<EntryNote[]>(first.list);
  const [last, setLast] = useState(first);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const more = async () => {
    setState("loading");
    try {
      const next = await api.get<NotePage>(
        `/api/words/v1/n/list?sort=${sort}&page=${last.page + 1}&size=${WORDS_PAGE_SIZE}`,
      );
      setNotes((list) => {
        const known = new Set(list.map((n) => n.id));
        return [...list, ...next.list.filter((n) => !known.has(n.id))];
      });
      setLast(next);
      setState("idle");
    } catch {
      setState("error");
    }
  };
  if (notes.length === 0)
    return <p className="tj-empty">还没有短评。打开任意词条，在“短评”里写下第一条吧。</p>;
  return (
    <>
      <ul className="tj-notes__list">
        {notes.map((note) => (
          <NoteItem key={note.id} note={note} showEntry />
        ))}
      </ul>
      {state === "error" && (
        <p className="tj-empty" role="alert">
          加载失败，请重试。
        </p>
      )}
      {last.hasMore && (
        <button type="button" className="tj-more" onClick={more} disabled={state === "loading"}>
          {state === "loading" ? "正在加载…" : state === "error" ? "重试" : "加载更多"}
        </button>
      )}
    </>
  );
}
