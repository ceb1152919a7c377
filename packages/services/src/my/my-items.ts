import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import { truncateText } from "@tongjian/domain/text-length";

/** List lines show a short summary: two lines on a phone (spec §5 counts Chinese as two). */
const SUMMARY_LIMIT = 60;

/** The entry or article columns a history or like row carries (one side is null). */
export interface JoinedItem {
  entry_name: string | null;
  entry_kind: string | null;
  entry_summary: string | null;
  article_title: string | null;
  article_section: string | null;
  article_abstract: string | null;
}

/** What my lists show of an item: its title, its kind or section, a short summary. */
export function itemOf(type: string, id: string, row: JoinedItem) {
  if (type === "article")
    return {
      id,
      type: "article" as const,
      title: row.article_title ?? "",
      label: row.article_section ?? "文章",
      summary: truncateText(row.article_abstract ?? "", SUMMARY_LIMIT),
    };
  return {
    id,
    type: "entry" as const,
    title: row.entry_name ?? "",
    label: ENTRY_KIND_NAMES[row.entry_kind ?? ""] ?? "词条",
    summary: truncateText(row.entry_summary ?? "", SUMMARY_LIMIT),
  };
}

/** The paging fields of a list page. */
export function pageOf<T>(request: { page: number; size: number }, total: number, list: T[]) {
  return {
    page: request.page,
    size: request.size,
    total,
    hasMore: request.page * request.size < total,
    list,
  };
}
