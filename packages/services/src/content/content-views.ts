import type { ArticleCard, EntryCard } from "@tongjian/contracts/content";
import { SECTION_CHANNELS as SECTIONS_BY_CHANNEL } from "@tongjian/domain/article-sections";
import { formatViewCount } from "@tongjian/domain/view-count";
import type { ArticleRow } from "./article-repository.ts";
import type { EntryRow } from "./entry-repository.ts";

// Shapes the content rows into what the H5 pages read (spec §3 "Content entities").

export const SECTION_CHANNELS: Readonly<Record<string, string>> = SECTIONS_BY_CHANNEL;

export function coverUrl(articleId: string, cover: string | null): string {
  return cover ?? `/media/cover/${articleId}.svg`;
}

/** An entry's own image, or the labelled sample cover drawn for it (cover-routes.ts). */
export function entryImageUrl(e: Pick<EntryRow, "id" | "image_url">): string {
  return e.image_url ?? `/media/cover/${e.id}.svg`;
}

export function articleCard(
  a: Pick<
    ArticleRow,
    "id" | "title" | "section" | "abstract" | "cover" | "view_count" | "published_at"
  >,
): ArticleCard {
  return {
    id: a.id,
    type: "ARTICLE",
    title: a.title,
    section: a.section,
    channel: SECTION_CHANNELS[a.section] ?? "history",
    summary: a.abstract,
    imageUrl: coverUrl(a.id, a.cover),
    viewNumShow: formatViewCount(a.view_count),
    publishedAt: a.published_at,
  };
}

export function entryCard(
  e: Pick<EntryRow, "id" | "name" | "kind" | "summary" | "time_desc" | "image_url">,
): EntryCard {
  return {
    id: e.id,
    type: "ENTRY",
    kind: e.kind,
    name: e.name,
    summary: e.summary,
    timeDesc: e.time_desc,
    imageUrl: e.image_url,
  };
}

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
