import type { Bookmark, TocItem } from "@tongjian/contracts/books";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { readerPath } from "@tongjian/domain/books";
import { loginPath } from "@tongjian/domain/viewer";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import type { BrowserApi } from "../../shell/browser-api.ts";
import { addDeviceBookmark, removeDeviceBookmark } from "./device-bookmarks.ts";

/**
 * The reader's contents and bookmarks panels and what adding or removing a bookmark does: loaded
 * when the reader first opens a panel or adds a bookmark, not with the chapter (reader-screen.tsx).
 */

export interface Mark {
  id: string;
  position: number;
  offset: number;
  excerpt: string;
  chapterTitle: string;
}

export const byPlace = (a: Mark, b: Mark) => a.position - b.position || a.offset - b.offset;

/** What became of a bookmark asked for: kept (with a word for the reader), or why not. */
export type MarkOutcome =
  | { mark: Mark; notice: string }
  | { login: string }
  | { mark?: undefined; notice: string };

/**
 * Adds a bookmark at `mark`: on the account when signed in, else on the device. (The reader
 * forgets the next chapter it fetched ahead after a change on the account: that data lists the
 * bookmarks as they were.)
 */
export async function addMark(
  api: BrowserApi,
  {
    book,
    signedIn,
    chapterTitle,
    mark,
  }: {
    book: string;
    signedIn: boolean;
    chapterTitle: string;
    mark: { position: number; offset: number; excerpt: string };
  },
): Promise<MarkOutcome> {
  if (!signedIn) {
    const saved = addDeviceBookmark(book, mark);
    return { mark: { ...saved, chapterTitle }, notice: "书签已保存在本机，登录后可同步到账号" };
  }
  try {
    const saved = await api.post<Bookmark>(`/api/book/y/bookmarks/${book}`, mark);
    return { mark: saved, notice: "书签已添加" };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN)
      return { login: loginPath(readerPath(book, mark.position), "user") };
    return {
      notice: error instanceof ApiRequestError ? error.message : "网络异常，书签未保存，请重试",
    };
  }
}

/** Removes a bookmark; null once it is gone, else what to tell the reader. */
export async function removeMark(
  api: BrowserApi,
  { book, signedIn, id }: { book: string; signedIn: boolean; id: string },
): Promise<string | null> {
  if (!signedIn) {
    removeDeviceBookmark(book, id);
    return null;
  }
  try {
    await api.post(`/api/book/y/bookmark/${id}/remove`);
    return null;
  } catch (error) {
    return error instanceof ApiRequestError ? error.message : "网络异常，书签未删除，请重试";
  }
}

/** The book's contents or the reader's bookmarks of it, under the reader's tools. */
export default function ReaderPanel({
  panel,
  book,
  position,
  toc,
  marks,
  onOpen,
  onRemove,
}: {
  panel: "toc" | "marks";
  book: string;
  position: number;
  toc: TocItem[];
  marks: Mark[];
  onOpen: (mark: Mark) => void;
  onRemove: (mark: Mark) => void;
}) {
  if (panel === "toc")
    return (
      <section className="tj-reader__panel" aria-label="目录">
        <h2>目录</h2>
        <ol className="tj-toc">
          {toc.map((c) => (
            <li key={c.position}>
              <AppLink
                to={readerPath(book, c.position)}
                aria-current={c.position === position ? "true" : undefined}
              >
                <span>{c.title}</span>
                <span className="tj-toc__chars">{c.chars} 字</span>
              </AppLink>
            </li>
          ))}
        </ol>
      </section>
    );
  return (
    <section className="tj-reader__panel" aria-label="书签">
      <h2>书签</h2>
      {marks.length === 0 ? (
        <p className="tj-empty">还没有书签，读到想记住的地方点“加书签”。</p>
      ) : (
        <ul className="tj-bookmarks">
          {marks.map((m) => (
            <li key={m.id}>
              <button type="button" className="tj-bookmarks__go" onClick={() => onOpen(m)}>
                {m.chapterTitle} · {m.excerpt}
              </button>
              <button
                type="button"
                className="tj-bookmarks__remove"
                aria-label={`删除书签：${m.excerpt}`}
                onClick={() => onRemove(m)}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
