import type { ReadingPageKind } from "@tongjian/domain/offline-pages";
import { type ReadingIndex, savedPages } from "@tongjian/domain/reading-index";
import { formatRelativeTime } from "@tongjian/domain/relative-time";

/** One line of the offline page's list of saved pages. */
export interface OfflineListItem {
  href: string;
  title: string;
  /** 文章 or 词条, and when the reader last opened it. */
  meta: string;
}

const KIND_LABELS: Readonly<Record<ReadingPageKind, string>> = {
  article: "文章",
  entry: "词条",
  home: "首页",
};

/** The articles and entries that open offline, newest first (issue 15 §5). */
export function offlineListItems(index: ReadingIndex, now: number): OfflineListItem[] {
  return savedPages(index).map((page) => {
    const kind = KIND_LABELS[page.kind];
    return {
      href: page.key,
      title: page.title ?? `未命名的${kind}`,
      meta: `${kind} · ${formatRelativeTime(page.openedAt, now)}打开`,
    };
  });
}

/** Whether the home page is saved too (the offline page then links to it). */
export function homeSaved(index: ReadingIndex): boolean {
  return index.pages.some((page) => page.kind === "home" && page.document !== null);
}
