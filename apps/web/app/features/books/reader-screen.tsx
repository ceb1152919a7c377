import type { Bookmark, ChapterView, ReadingProgress, TocItem } from "@tongjian/contracts/books";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { bookPath, readerPath } from "@tongjian/domain/books";
import type { FontVariant } from "@tongjian/domain/font-option";
import { loginPath } from "@tongjian/domain/viewer";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useArticleFont } from "../content/use-article-font.ts";
import {
  addDeviceBookmark,
  readDevice,
  removeDeviceBookmark,
  savePlace,
} from "./device-reading.ts";
import { useMergeDeviceReading } from "./use-merge-device.ts";
import "./books.css";

const NIGHT_KEY = "tj:reader-night";
const SAVE_DELAY_MS = 600;
const FONT_LABELS: [FontVariant, string][] = [
  ["small", "小"],
  ["middle", "中"],
  ["large", "大"],
];

interface Mark {
  id: string;
  position: number;
  offset: number;
  excerpt: string;
  chapterTitle: string;
}

/** How far down the page the reader is, 0 at the top and 1 at the bottom. */
function pageOffset(): number {
  const room = document.documentElement.scrollHeight - window.innerHeight;
  if (room <= 0) return 0;
  return Math.min(1, Math.max(0, Math.round((window.scrollY / room) * 1000) / 1000));
}

function scrollToOffset(offset: number) {
  const room = document.documentElement.scrollHeight - window.innerHeight;
  window.scrollTo({ top: Math.max(0, offset * room), behavior: "instant" as ScrollBehavior });
}

function readNight(): boolean {
  try {
    return window.localStorage.getItem(NIGHT_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The reader: a chapter in continuous scroll with the article font sizes, a night theme,
 * the place in the book kept as the reader scrolls (on the account when signed in, else on
 * the device) and restored on return, bookmarks, the contents, and the previous and next
 * chapters.
 */
export function ReaderScreen({
  chapter,
  toc,
  signedIn,
  explicit,
  saved,
  jump,
  bookmarks: serverMarks,
}: {
  chapter: ChapterView;
  toc: TocItem[];
  signedIn: boolean;
  explicit: boolean;
  saved: ReadingProgress | null;
  jump: number | null;
  bookmarks: Bookmark[];
}) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const [font, chooseFont] = useArticleFont();
  useMergeDeviceReading(signedIn);
  const [night, setNight] = useState(false);
  const [panel, setPanel] = useState<"toc" | "marks" | null>(null);
  const [offset, setOffset] = useState(0);
  const [marks, setMarks] = useState<Mark[]>(serverMarks);
  const [notice, setNotice] = useState<string | null>(null);
  /** Saving starts once the place has been restored, so a restore is never overwritten by 0. */
  const ready = useRef(false);
  const latest = useRef(0);
  const book = chapter.book.key;
  const position = chapter.position;

  const save = useCallback(
    (at: number) => {
      if (!ready.current) return;
      if (signedIn)
        api
          .post(`/api/book/y/progress/${book}`, { position, offset: at })
          .catch((error: unknown) => {
            if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN)
              savePlace(book, { position, offset: at });
          });
      else savePlace(book, { position, offset: at });
    },
    [api, book, position, signedIn],
  );

  // Restore: the bookmark asked for, else the saved place in this chapter; a reader without an
  // account who opens the book without a chapter goes to the chapter their device remembers.
  // Once per chapter: the screen is keyed by book and chapter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per chapter
  useEffect(() => {
    setNight(readNight());
    let target: number | null = jump;
    if (signedIn) {
      if (target === null && saved && saved.position === position) target = saved.offset;
    } else {
      const device = readDevice();
      const place = device.places[book];
      if (!explicit && place && place.position !== position) {
        navigate(readerPath(book, place.position), { replace: true });
        return;
      }
      if (target === null && place && place.position === position) target = place.offset;
      setMarks(
        (device.bookmarks[book] ?? []).map((m) => ({
          ...m,
          chapterTitle: toc.find((c) => c.position === m.position)?.title ?? "",
        })),
      );
    }
    const restore = target;
    // After layout and the font size are in place.
    const frame = requestAnimationFrame(() => {
      if (restore !== null) scrollToOffset(restore);
      latest.current = pageOffset();
      setOffset(latest.current);
      ready.current = true;
      save(latest.current);
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  useEffect(() => {
    if (signedIn) setMarks(serverMarks);
  }, [serverMarks, signedIn]);

  // Keep the place as the reader scrolls, and when they leave.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        latest.current = pageOffset();
        setOffset(latest.current);
        clearTimeout(timer);
        timer = setTimeout(() => save(latest.current), SAVE_DELAY_MS);
      });
    };
    const onHide = () => save(latest.current);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onHide);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      save(latest.current);
    };
  }, [save]);

  const toggleNight = () => {
    const next = !night;
    setNight(next);
    try {
      window.localStorage.setItem(NIGHT_KEY, next ? "1" : "0");
    } catch {
      // Kept while the page is open.
    }
  };

  const changeFont = (variant: FontVariant) => {
    const at = pageOffset();
    chooseFont(variant);
    // The text grows or shrinks; the reader stays at the same place in it.
    requestAnimationFrame(() => scrollToOffset(at));
  };

  /** The paragraph at the top of the screen, as the bookmark's excerpt. */
  const excerpt = () => {
    const paragraphs = [...document.querySelectorAll<HTMLParagraphElement>(".tj-reader__text p")];
    const head = document.querySelector(".tj-reader__head")?.getBoundingClientRect().bottom ?? 0;
    const seen = paragraphs.find((p) => p.getBoundingClientRect().bottom > head) ?? paragraphs[0];
    const text = (seen?.textContent ?? chapter.title).trim();
    return [...text].slice(0, 30).join("");
  };

  const addMark = async () => {
    const mark = { position, offset: pageOffset(), excerpt: excerpt() };
    setNotice(null);
    if (!signedIn) {
      const saved = addDeviceBookmark(book, mark);
      setMarks((list) =>
        [...list, { ...saved, chapterTitle: chapter.title }].sort(
          (a, b) => a.position - b.position || a.offset - b.offset,
        ),
      );
      setNotice("书签已保存在本机，登录后可同步到账号");
      setPanel("marks");
      return;
    }
    try {
      const saved = await api.post<Bookmark>(`/api/book/y/bookmarks/${book}`, mark);
      setMarks((list) =>
        [...list, saved].sort((a, b) => a.position - b.position || a.offset - b.offset),
      );
      setNotice("书签已添加");
      setPanel("marks");
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === CODE_NOT_LOGGED_IN) {
        navigate(loginPath(readerPath(book, position), "user"));
        return;
      }
      setNotice(error instanceof ApiRequestError ? error.message : "网络异常，书签未保存，请重试");
    }
  };

  const removeMark = async (mark: Mark) => {
    setNotice(null);
    if (!signedIn) {
      removeDeviceBookmark(book, mark.id);
      setMarks((list) => list.filter((m) => m.id !== mark.id));
      return;
    }
    try {
      await api.post(`/api/book/y/bookmark/${mark.id}/remove`);
      setMarks((list) => list.filter((m) => m.id !== mark.id));
    } catch (error) {
      setNotice(error instanceof ApiRequestError ? error.message : "网络异常，书签未删除，请重试");
    }
  };

  const openMark = (mark: Mark) => {
    if (mark.position === position) {
      scrollToOffset(mark.offset);
      return;
    }
    navigate(`${readerPath(book, mark.position)}&at=${mark.offset}`);
  };

  const total = chapter.total;
  const percent = Math.round(((position - 1 + offset) / Math.max(1, total)) * 100);

  return (
    <div
      className={night ? "tj-reader tj-app--dark" : "tj-reader"}
      data-night={night ? "on" : "off"}
    >
      <div className="tj-reader__head">
        <div className="tj-reader__bar">
          <AppLink className="tj-reader__book" to={bookPath(book)}>
            《{chapter.book.title}》
          </AppLink>
          <span className="tj-reader__progress" data-testid="reader-progress">
            第 {position}/{total} 章 · 全书 {percent}%
          </span>
        </div>
        <span className="tj-reader__meter" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
        <div className="tj-reader__tools" role="toolbar" aria-label="阅读设置">
          {FONT_LABELS.map(([variant, label]) => (
            <button
              key={variant}
              type="button"
              className="tj-reader__tool"
              aria-pressed={font === variant}
              aria-label={`字号${label}`}
              onClick={() => changeFont(variant)}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="tj-reader__tool"
            aria-pressed={night}
            onClick={toggleNight}
          >
            夜间
          </button>
          <button
            type="button"
            className="tj-reader__tool"
            aria-pressed={panel === "toc"}
            onClick={() => setPanel(panel === "toc" ? null : "toc")}
          >
            目录
          </button>
          <button
            type="button"
            className="tj-reader__tool"
            aria-pressed={panel === "marks"}
            onClick={() => setPanel(panel === "marks" ? null : "marks")}
          >
            书签 {marks.length}
          </button>
          <button type="button" className="tj-reader__tool" onClick={() => void addMark()}>
            加书签
          </button>
        </div>
        {notice && (
          <p className="tj-reader__notice" role="status">
            {notice}
          </p>
        )}
        {panel === "toc" && (
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
        )}
        {panel === "marks" && (
          <section className="tj-reader__panel" aria-label="书签">
            <h2>书签</h2>
            {marks.length === 0 ? (
              <p className="tj-empty">还没有书签，读到想记住的地方点“加书签”。</p>
            ) : (
              <ul className="tj-bookmarks">
                {marks.map((m) => (
                  <li key={m.id}>
                    <button type="button" className="tj-bookmarks__go" onClick={() => openMark(m)}>
                      {m.chapterTitle} · {m.excerpt}
                    </button>
                    <button
                      type="button"
                      className="tj-bookmarks__remove"
                      aria-label={`删除书签：${m.excerpt}`}
                      onClick={() => void removeMark(m)}
                    >
                      删除
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
      <main className="tj-reader__text">
        <h1 className="tj-reader__chapter">{chapter.title}</h1>
        {chapter.paragraphs.map((p, i) => (
          // Paragraphs of a chapter never move: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
          <p key={i}>{p}</p>
        ))}
      </main>
      <nav className="tj-reader__pager" aria-label="翻章">
        {chapter.prev ? (
          <AppLink
            className="tj-button tj-button--ghost"
            to={readerPath(book, chapter.prev.position)}
          >
            上一章
          </AppLink>
        ) : (
          <AppLink className="tj-button tj-button--ghost" to={bookPath(book)}>
            返回目录
          </AppLink>
        )}
        {chapter.next ? (
          <AppLink className="tj-button" to={readerPath(book, chapter.next.position)}>
            下一章
          </AppLink>
        ) : (
          <AppLink className="tj-button" to={bookPath(book)}>
            读完了，回目录
          </AppLink>
        )}
      </nav>
    </div>
  );
}
