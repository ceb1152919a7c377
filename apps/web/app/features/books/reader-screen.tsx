import type { Bookmark, ChapterView, ReadingProgress, TocItem } from "@tongjian/contracts/books";
import { CODE_NOT_LOGGED_IN } from "@tongjian/domain/api-codes";
import { bookPath, readerPath } from "@tongjian/domain/books";
import type { FontVariant } from "@tongjian/domain/font-option";
import {
  lazy,
  type PointerEvent as ReactPointerEvent,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { ApiRequestError } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { type ConnectionHints, shouldPrefetchLinks } from "../../shell/link-prefetch.ts";
import { usePlatform } from "../../shell/platform.tsx";
import { useArticleFont } from "../content/use-article-font.ts";
import { forgetFetchedAhead, keepAhead } from "./chapter-ahead.ts";
import { readDevice, savePlace } from "./device-reading.ts";
import {
  dragEnd,
  dragOffset,
  isMultiClick,
  isTap,
  type PressKind,
  readPress,
  type TurnRoom,
  tapDelay,
  tapZone,
  turnRoom,
} from "./reader-gesture.ts";
import type { Mark } from "./reader-marks.tsx";
import {
  type Fragment,
  fetchNextAhead,
  keyTurn,
  leaveForChapter,
  offsetToPlace,
  type PageGeometry,
  pageCount,
  pageOfPlace,
  paragraphWeights,
  parseReaderMode,
  placeAtLine,
  placeOfPage,
  placeToOffset,
  READER_MODE_KEY,
  type ReaderMode,
  type TextPlace,
  type Turn,
  takeChapterEntry,
  turnPage,
} from "./reader-pages.ts";
import { useMergeDeviceReading } from "./use-merge-device.ts";
import "./books.css";

const NIGHT_KEY = "tj:reader-night";
const SAVE_DELAY_MS = 600;
/** A page let go mid-drag slides back in this time (books.css, `[data-drag="settle"]`) … */
const SETTLE_MS = 200;
const FONT_LABELS: [FontVariant, string][] = [
  ["small", "小"],
  ["middle", "中"],
  ["large", "大"],
];
const MODE_LABELS: [ReaderMode, string][] = [
  ["scroll", "滚动"],
  ["paged", "翻页"],
];

/**
 * Once the first page has hydrated, the reader's settings on the device can be read while
 * rendering, so the next chapter opens in the chosen mode and theme without a frame of the
 * default ones. The first render must match the server's, which cannot know them.
 */
let hydrated = false;
const initially = <T,>(read: () => T, fallback: T) => (hydrated ? read() : fallback);

/** The contents and bookmarks panels, and adding and removing bookmarks: loaded when first used. */
const marksModule = () => import("./reader-marks.tsx");
const ReaderPanel = lazy(marksModule);
/** Fetched as a finger comes down on a tool that needs it, so the tap finds it loaded. */
const preloadMarks = () => {
  marksModule().catch(() => {});
};
const byPlace = (a: Mark, b: Mark) => a.position - b.position || a.offset - b.offset;

interface Paging {
  page: number;
  pages: number;
  pitch: number;
}

/** A finger (or mouse button) down on the page in 翻页. */
interface Press {
  id: number;
  x: number;
  y: number;
  at: number;
  kind: PressKind;
  /** The page follows it: a finger or pen, for a reader who has not asked for reduced motion. */
  follow: boolean;
  /** Text was selected when it came down: a tap then only clears the selection. */
  hadSelection: boolean;
  room: TurnRoom;
}

/** Whether the reader has text selected (to copy, say): taps and drags leave it alone. */
function selecting(): boolean {
  const selection = document.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== "";
}

const reducedMotion = () =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** How far down the page the reader is, 0 at the top and 1 at the bottom. */
function pageOffset(): number {
  const room = document.documentElement.scrollHeight - window.innerHeight;
  if (room <= 0) return 0;
  return Math.min(1, Math.max(0, Math.round((window.scrollY / room) * 1000) / 1000));
}

function store(kind: "localStorage" | "sessionStorage"): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function readStored(key: string): string | null {
  try {
    return store("localStorage")?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function keep(key: string, value: string) {
  try {
    store("localStorage")?.setItem(key, value);
  } catch {
    // Kept while the page is open.
  }
}

/** The boxes of each paragraph of the chapter: one per column it runs through when paged. */
function paragraphBoxes(text: HTMLElement): Fragment[][] {
  return [...text.querySelectorAll(":scope > p")].map((p) =>
    [...p.getClientRects()].map((r) => ({ left: r.left, top: r.top, height: r.height })),
  );
}

/** Pages are the columns of the text; the next one starts a column and its gap further on. */
function pageGeometry(text: HTMLElement): PageGeometry {
  const gap = Number.parseFloat(getComputedStyle(text).columnGap) || 0;
  return { origin: text.getBoundingClientRect().left, pitch: text.clientWidth + gap };
}

/** The line the scrolled text is read from: the bottom of the reader's bar, tools and panel. */
const readingLine = (head: HTMLElement | null) => head?.getBoundingClientRect().bottom ?? 0;

/**
 * The reader: a chapter in continuous scroll (滚动) or in screen-sized pages (翻页), with the
 * article font sizes, a night theme, the place in the book kept as the reader reads (on the
 * account when signed in, else on the device) and restored on return in either mode,
 * bookmarks, the contents, and the previous and next chapters.
 */
export function ReaderScreen({
  chapter,
  toc,
  signedIn,
  explicit,
  saved,
  jump,
  bookmarks: serverMarks,
  origin,
}: {
  chapter: ChapterView;
  toc: TocItem[];
  signedIn: boolean;
  explicit: boolean;
  saved: ReadingProgress | null;
  jump: number | null;
  bookmarks: Bookmark[];
  /** This site's public origin (the page's links and share card). */
  origin: string;
}) {
  const { api } = usePlatform();
  const navigate = useNavigate();
  const [font, chooseFont] = useArticleFont();
  useMergeDeviceReading(signedIn);
  const [night, setNight] = useState(() => initially(() => readStored(NIGHT_KEY) === "1", false));
  const [mode, setMode] = useState<ReaderMode>(() =>
    initially(() => parseReaderMode(readStored(READER_MODE_KEY)), "scroll"),
  );
  /** In 翻页 the tools lie over the page and a tap in its middle shows or hides them. */
  const [tools, setTools] = useState(mode === "scroll");
  const [paging, setPaging] = useState<Paging>({ page: 0, pages: 1, pitch: 0 });
  const [turning, setTurning] = useState(false);
  const [restored, setRestored] = useState(0);
  const [panel, setPanel] = useState<"toc" | "marks" | null>(null);
  const [offset, setOffset] = useState(0);
  const [marks, setMarks] = useState<Mark[]>(serverMarks);
  const [notice, setNotice] = useState<string | null>(null);
  /** Saving starts once the place has been restored, so a restore is never overwritten by 0. */
  const ready = useRef(false);
  const latest = useRef(0);
  /** Where the reader is, the same in both modes; every layout change shows this place again. */
  const anchor = useRef<TextPlace | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const pagingRef = useRef(paging);
  pagingRef.current = paging;
  const leaving = useRef(false);
  const press = useRef<Press | null>(null);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A mouse click waiting to see whether it is the first of a double-click (tapDelay). */
  const clickTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When the last mouse click (a short, still press) ended, to tell a double-click's second. */
  const lastMouseClick = useRef(Number.NEGATIVE_INFINITY);
  const [mayFetchAhead, setMayFetchAhead] = useState(false);
  const fetchedAhead = useRef(false);
  const book = chapter.book.key;
  const position = chapter.position;
  const weights = useMemo(() => paragraphWeights(chapter.paragraphs), [chapter.paragraphs]);

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

  /** The reader has moved to `place`: it is saved a moment later, once they stop. */
  const remember = useCallback(
    (place: TextPlace) => {
      anchor.current = place;
      latest.current = placeToOffset(weights, place);
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => save(latest.current), SAVE_DELAY_MS);
    },
    [save, weights],
  );

  /** The place at the reading line while scrolling. */
  const scrolledPlace = useCallback((): TextPlace => {
    const text = textRef.current;
    if (!text || window.scrollY <= 0) return { paragraph: 0, within: 0 };
    const boxes = [...text.querySelectorAll(":scope > p")].map((p) => {
      const r = p.getBoundingClientRect();
      return { left: r.left, top: r.top, height: r.height };
    });
    return placeAtLine(boxes, readingLine(headRef.current));
  }, []);

  /** Shows a place in the current mode: scrolls to it, or lays out the pages and opens its page. */
  const show = useCallback((place: TextPlace) => {
    const text = textRef.current;
    if (!text) return;
    if (modeRef.current === "paged") {
      if (window.scrollY !== 0) window.scrollTo({ top: 0, behavior: "instant" as ScrollBehavior });
      const geometry = pageGeometry(text);
      const boxes = paragraphBoxes(text);
      const pages = pageCount(boxes.at(-1)?.at(-1), geometry);
      const page = Math.min(pages - 1, pageOfPlace(boxes, place, geometry));
      setTurning(false);
      setPaging({ page, pages, pitch: geometry.pitch });
      return;
    }
    const box = text.querySelectorAll(":scope > p")[place.paragraph]?.getBoundingClientRect();
    const top =
      box && (place.paragraph > 0 || place.within > 0)
        ? window.scrollY + box.top + place.within * box.height - readingLine(headRef.current)
        : 0;
    window.scrollTo({ top: Math.max(0, Math.ceil(top)), behavior: "instant" as ScrollBehavior });
    setOffset(pageOffset());
  }, []);

  // Restore: the bookmark asked for, else the place a page turn asked for, else the saved place
  // in this chapter; a reader without an account who opens the book without a chapter goes to
  // the chapter their device remembers. Once per chapter: the screen is keyed by book and
  // chapter.
  // Before paint, so that the chapter never shows at its start first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per chapter
  useLayoutEffect(() => {
    hydrated = true;
    setNight(readStored(NIGHT_KEY) === "1");
    const stored = parseReaderMode(readStored(READER_MODE_KEY));
    setMode(stored);
    setTools(stored === "scroll");
    let target: number | null = jump ?? takeChapterEntry(store("sessionStorage"), book, position);
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
    anchor.current = offsetToPlace(weights, target ?? 0);
    latest.current = placeToOffset(weights, anchor.current);
    // Shown once the mode and the font size are in place (the layout effect below).
    setRestored((n) => n + 1);
  }, []);

  // Every change of layout (the mode, the text size, the theme, the first restore) shows the
  // same place again; the first one also starts saving.
  // biome-ignore lint/correctness/useExhaustiveDependencies: font and night change the layout
  useLayoutEffect(() => {
    if (restored === 0 || !anchor.current) return;
    show(anchor.current);
    if (ready.current) return;
    // After a navigation the router puts the page at its top once the page's own layout effects
    // have run; the place is shown again after it, and only then saved.
    const frame = requestAnimationFrame(() => {
      if (anchor.current) show(anchor.current);
      ready.current = true;
      save(latest.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [restored, mode, font, night, show]);

  useEffect(() => {
    if (signedIn) setMarks(serverMarks);
  }, [serverMarks, signedIn]);

  // A mouse click still waiting to act does nothing once the reader has left.
  useEffect(() => () => clearTimeout(clickTimer.current), []);

  // Spec §9: nothing is fetched ahead on 2g or when the reader asked to save data.
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    setMayFetchAhead(shouldPrefetchLinks(connection));
  }, []);

  // 翻页: on the chapter's last pages the next chapter is fetched in the background (once), so
  // turning past the last page opens it without waiting on the network. The pages are counted
  // once they are laid out (a page width).
  useEffect(() => {
    if (fetchedAhead.current || mode !== "paged" || !mayFetchAhead || paging.pitch <= 0) return;
    if (!chapter.next || !fetchNextAhead(paging.page, paging.pages, true)) return;
    fetchedAhead.current = true;
    const next = chapter.next.position;
    // The page data the turn will show: the next chapter, and the rest as this page has it (the
    // book's contents, the reader, their bookmarks of the book).
    keepAhead(
      readerPath(book, next),
      api.get<ChapterView>(`/api/book/n/book/${book}/chapter/${next}`).then((ahead) => ({
        chapter: ahead,
        toc,
        signedIn,
        explicit: true,
        saved,
        jump: null,
        bookmarks: serverMarks,
        origin,
      })),
    );
  }, [
    mode,
    mayFetchAhead,
    paging,
    chapter.next,
    book,
    api,
    toc,
    signedIn,
    saved,
    serverMarks,
    origin,
  ]);

  // Keep the place when the reader leaves.
  useEffect(() => {
    const onHide = () => save(latest.current);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      clearTimeout(saveTimer.current);
      save(latest.current);
    };
  }, [save]);

  // 滚动: keep the place as the reader scrolls.
  useEffect(() => {
    if (mode !== "scroll") return;
    let frame = 0;
    const onScroll = () => {
      if (frame || !ready.current) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setOffset(pageOffset());
        remember(scrolledPlace());
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [mode, remember, scrolledPlace]);

  // 翻页: a new size of the page (rotation, a resized window, the web fonts arriving) lays the
  // pages out again around the same place.
  useEffect(() => {
    const stage = stageRef.current;
    if (mode !== "paged" || !stage) return;
    let frame = 0;
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (anchor.current && ready.current) show(anchor.current);
      });
    };
    const observer = new ResizeObserver(again);
    observer.observe(stage);
    void document.fonts?.ready.then(again);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [mode, show]);

  /**
   * Turns a page; past a chapter's last page, into the next chapter, and back likewise. Says what
   * it did (nothing while the page is not ready or already leaving).
   */
  const turn = useCallback(
    (direction: 1 | -1): Turn["kind"] | null => {
      const text = textRef.current;
      if (!text || leaving.current || !ready.current) return null;
      const now = pagingRef.current;
      const next = turnPage(now.page, now.pages, direction, {
        prev: chapter.prev !== null,
        next: chapter.next !== null,
      });
      if (next.kind === "page") {
        setNotice(null);
        setTurning(true);
        setPaging({ ...now, page: next.page });
        remember(placeOfPage(paragraphBoxes(text), next.page, pageGeometry(text)));
        return next.kind;
      }
      if (next.kind === "end") {
        setNotice(next.at === "last" ? "已是最后一页，全书读完了" : "已是第一页");
        return next.kind;
      }
      const to = next.to === "next" ? chapter.next : chapter.prev;
      if (!to) return null;
      leaving.current = true;
      leaveForChapter(store("sessionStorage"), {
        book,
        position: to.position,
        offset: next.to === "next" ? 0 : 1,
      });
      navigate(readerPath(book, to.position));
      return next.kind;
    },
    [book, chapter.next, chapter.prev, navigate, remember],
  );

  // 翻页: the arrow keys, PageUp/PageDown and the space bar turn pages.
  useEffect(() => {
    if (mode !== "paged") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable]")) return;
      // The space bar presses a focused button or link rather than turning the page.
      if (event.key === " " && target?.closest("button, a")) return;
      const direction = keyTurn(event.key, event.shiftKey);
      if (direction === null) return;
      event.preventDefault();
      turn(direction);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mode, turn]);

  /** Moves the page strip `offset` pixels from where its page sits, outside React. */
  const slide = (offset: number, how: "move" | "settle") => {
    const text = textRef.current;
    if (!text) return;
    clearTimeout(settleTimer.current);
    const { page, pitch } = pagingRef.current;
    text.dataset.drag = how;
    text.style.transform = `translateX(${-page * pitch + offset}px)`;
    if (how === "settle")
      settleTimer.current = setTimeout(() => delete text.dataset.drag, SETTLE_MS + 50);
  };
  /** A page that followed the finger goes back where it was, or on by `pages` pages. */
  const settle = (pages = 0) => {
    if (textRef.current?.dataset.drag !== "move") return;
    slide(-pages * pagingRef.current.pitch, "settle");
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    if (!event.isPrimary) return;
    const now = pagingRef.current;
    // The second press of a double-click selects a word: the first click's turn is called off.
    const multi = isMultiClick(event.pointerType, event.timeStamp - lastMouseClick.current);
    if (multi) {
      clearTimeout(clickTimer.current);
      clickTimer.current = undefined;
    }
    press.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      at: event.timeStamp,
      kind: multi ? "none" : "pending",
      follow: event.pointerType !== "mouse" && !reducedMotion(),
      hadSelection: selecting(),
      room: turnRoom(now.page, now.pages, {
        prev: chapter.prev !== null,
        next: chapter.next !== null,
      }),
    };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = press.current;
    if (!start || start.id !== event.pointerId || start.kind === "none") return;
    const dx = event.clientX - start.x;
    if (start.kind === "pending") {
      start.kind = readPress(dx, event.clientY - start.y, event.timeStamp - start.at);
      // A drag that starts from a selection (a mouse sweeping over text) is selecting more.
      if (start.kind === "drag" && selecting()) start.kind = "none";
    }
    // Only a transform changes while the finger moves: no layout, no render.
    if (start.kind === "drag" && start.follow)
      slide(dragOffset(dx, pagingRef.current.pitch, start.room), "move");
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = press.current;
    press.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const held = event.timeStamp - start.at;
    const tapped = start.kind === "pending" && isTap(dx, dy, held);
    // A click counts toward a double-click (a double-click's second press too, for a triple);
    // a drag or a long press starts the count again, as browsers do.
    if (event.pointerType === "mouse")
      lastMouseClick.current = isTap(dx, dy, held) ? event.timeStamp : Number.NEGATIVE_INFINITY;
    // A tap while text is selected only clears the selection (not every browser does on its own).
    if (tapped && start.hadSelection) {
      document.getSelection()?.removeAllRanges();
      return;
    }
    // A long press or a sweep that selected text leaves the page where it is.
    if (selecting() || start.kind === "none") {
      settle();
      return;
    }
    if (start.kind === "drag") {
      const end = dragEnd(dx, dy, start.room);
      if (end.kind === "spring-back") {
        settle();
        return;
      }
      setTools(false);
      const turned = turn(end.direction);
      if (turned === "page") {
        // The page slides on from where the finger left it (data-turning's transition).
        const text = textRef.current;
        if (text) delete text.dataset.drag;
      } else settle(turned === "chapter" ? end.direction : 0);
      return;
    }
    if (!tapped) return;
    const stage = stageRef.current?.getBoundingClientRect();
    const zone = stage ? tapZone(event.clientX, stage.left, stage.width) : 0;
    const act = () => {
      if (zone === 0) setTools(!tools);
      else tap(zone);
    };
    const delay = tapDelay(event.pointerType);
    if (delay === 0) {
      act();
      return;
    }
    clearTimeout(clickTimer.current);
    clickTimer.current = setTimeout(() => {
      clickTimer.current = undefined;
      act();
    }, delay);
  };
  const onPointerCancel = () => {
    press.current = null;
    settle();
  };
  /** A long press (Android asks for the context menu): the browser selects the text under it. */
  const onContextMenu = () => {
    if (press.current) press.current.kind = "none";
    settle();
  };
  /** A tap on the left or right of the page: hides the tools if they are shown, else turns. */
  const tap = (direction: 1 | -1) => {
    if (tools) {
      setTools(false);
      return;
    }
    turn(direction);
  };

  const chooseMode = (next: ReaderMode) => {
    if (next === mode) return;
    // Where the reader is now, as the other mode will show it.
    if (mode === "scroll" && ready.current) remember(scrolledPlace());
    keep(READER_MODE_KEY, next);
    setTools(true);
    setMode(next);
  };

  const toggleNight = () => {
    const next = !night;
    setNight(next);
    keep(NIGHT_KEY, next ? "1" : "0");
  };

  // The text grows or shrinks; the layout effect shows the same place in it again.
  const changeFont = (variant: FontVariant) => chooseFont(variant);

  /** The place being read: the line under the bar when scrolling, the page's start when paged. */
  const here = (): TextPlace =>
    (mode === "scroll" && ready.current ? scrolledPlace() : anchor.current) ?? {
      paragraph: 0,
      within: 0,
    };

  /** The paragraph being read, as the bookmark's excerpt. */
  const excerpt = (place: TextPlace) => {
    const text = (chapter.paragraphs[place.paragraph] ?? chapter.title).trim();
    return [...text].slice(0, 30).join("");
  };

  const addMark = async () => {
    const place = here();
    setNotice(null);
    try {
      const { addMark: add } = await marksModule();
      const outcome = await add(api, {
        book,
        signedIn,
        chapterTitle: chapter.title,
        mark: { position, offset: placeToOffset(weights, place), excerpt: excerpt(place) },
      });
      if ("login" in outcome) {
        navigate(outcome.login);
        return;
      }
      const { mark, notice } = outcome;
      setNotice(notice);
      if (!mark) return;
      // The next chapter's data, if fetched ahead, lists the bookmarks as they were.
      if (signedIn) forgetFetchedAhead();
      setMarks((list) => [...list, mark].sort(byPlace));
      setPanel("marks");
    } catch {
      setNotice("网络异常，书签未保存，请重试");
    }
  };

  const removeMark = async (mark: Mark) => {
    setNotice(null);
    try {
      const { removeMark: remove } = await marksModule();
      const problem = await remove(api, { book, signedIn, id: mark.id });
      if (problem) {
        setNotice(problem);
        return;
      }
      if (signedIn) forgetFetchedAhead();
      setMarks((list) => list.filter((m) => m.id !== mark.id));
    } catch {
      setNotice("网络异常，书签未删除，请重试");
    }
  };

  const openMark = (mark: Mark) => {
    if (mark.position === position) {
      const place = offsetToPlace(weights, mark.offset);
      show(place);
      remember(place);
      if (mode === "paged") setTools(false);
      return;
    }
    navigate(`${readerPath(book, mark.position)}&at=${mark.offset}`);
  };

  const total = chapter.total;
  const paged = mode === "paged";
  /** How much of the chapter the reader has seen: scrolled down, or pages up to this one. */
  const seen = paged ? (paging.page + 1) / Math.max(1, paging.pages) : offset;
  const percent = Math.round(((position - 1 + seen) / Math.max(1, total)) * 100);
  const showTools = !paged || tools;

  return (
    <div
      className={night ? "tj-reader tj-app--dark" : "tj-reader"}
      data-night={night ? "on" : "off"}
      data-mode={mode}
    >
      <div className="tj-reader__head" ref={headRef}>
        <div className="tj-reader__bar">
          <AppLink className="tj-reader__book" to={bookPath(book)}>
            《{chapter.book.title}》
          </AppLink>
          <span className="tj-reader__progress" data-testid="reader-progress">
            第 {position}/{total} 章 · 全书 {percent}%
          </span>
          {paged && (
            <button
              type="button"
              className="tj-reader__tool tj-reader__settings"
              aria-expanded={tools}
              aria-controls="tj-reader-tools"
              onClick={() => setTools(!tools)}
            >
              设置
            </button>
          )}
        </div>
        <span className="tj-reader__meter" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
        <div className="tj-reader__over">
          {showTools && (
            <div
              id="tj-reader-tools"
              className="tj-reader__tools"
              role="toolbar"
              aria-label="阅读设置"
            >
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
              {MODE_LABELS.map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  className="tj-reader__tool"
                  aria-pressed={mode === value}
                  onClick={() => chooseMode(value)}
                >
                  {label}
                </button>
              ))}
              <button
                type="button"
                className="tj-reader__tool"
                aria-pressed={panel === "toc"}
                onPointerDown={preloadMarks}
                onClick={() => setPanel(panel === "toc" ? null : "toc")}
              >
                目录
              </button>
              <button
                type="button"
                className="tj-reader__tool"
                aria-pressed={panel === "marks"}
                onPointerDown={preloadMarks}
                onClick={() => setPanel(panel === "marks" ? null : "marks")}
              >
                书签 {marks.length}
              </button>
              <button
                type="button"
                className="tj-reader__tool"
                onPointerDown={preloadMarks}
                onClick={() => void addMark()}
              >
                加书签
              </button>
            </div>
          )}
          {notice && (
            <p className="tj-reader__notice" role="status">
              {notice}
            </p>
          )}
          {showTools && panel && (
            <Suspense fallback={null}>
              <ReaderPanel
                panel={panel}
                book={book}
                position={position}
                toc={toc}
                marks={marks}
                onOpen={openMark}
                onRemove={(m) => void removeMark(m)}
              />
            </Suspense>
          )}
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the page's own finger gestures; the keyboard and screen readers turn pages with the zone buttons and the keys */}
      <div
        className="tj-reader__stage"
        ref={stageRef}
        onPointerDown={paged ? onPointerDown : undefined}
        onPointerMove={paged ? onPointerMove : undefined}
        onPointerUp={paged ? onPointerUp : undefined}
        onPointerCancel={paged ? onPointerCancel : undefined}
        onContextMenu={paged ? onContextMenu : undefined}
      >
        <main
          className="tj-reader__text"
          ref={textRef}
          data-turning={paged && turning ? "on" : undefined}
          style={paged ? { transform: `translateX(${-paging.page * paging.pitch}px)` } : undefined}
        >
          <h1 className="tj-reader__chapter">{chapter.title}</h1>
          {chapter.paragraphs.map((p, i) => (
            // Paragraphs of a chapter never move: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed text
            <p key={i}>{p}</p>
          ))}
        </main>
        {paged && (
          // The page-turn zones: the left and right thirds of the page, and its middle for the
          // tools, as buttons for the keyboard and screen readers. A finger or mouse reaches the
          // text through them (so it can be selected), and the stage reads the tap's third.
          <div className="tj-reader__zones">
            <button
              type="button"
              className="tj-reader__zone"
              aria-label="上一页"
              onClick={() => tap(-1)}
            />
            <button
              type="button"
              className="tj-reader__zone tj-reader__zone--middle"
              aria-label={tools ? "隐藏阅读设置" : "显示阅读设置"}
              aria-expanded={tools}
              aria-controls="tj-reader-tools"
              onClick={() => setTools(!tools)}
            />
            <button
              type="button"
              className="tj-reader__zone"
              aria-label="下一页"
              onClick={() => tap(1)}
            />
          </div>
        )}
      </div>
      {paged && (
        <p className="tj-reader__folio" aria-live="polite">
          <span className="tj-reader__folio-title">{chapter.title}</span>
          <span data-testid="reader-page">
            第 {paging.page + 1}/{paging.pages} 页
          </span>
          <span>本章 {Math.round(seen * 100)}%</span>
        </p>
      )}
      {!paged && (
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
      )}
    </div>
  );
}
