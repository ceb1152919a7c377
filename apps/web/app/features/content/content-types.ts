import { ENTRY_KIND_NAMES, TEXT_ENTRY_KINDS } from "@tongjian/domain/entry-kinds";

export interface ArticleCard {
  id: string;
  type: "ARTICLE";
  title: string;
  section: string;
  channel: string;
  summary: string;
  imageUrl: string;
  viewNumShow: string;
  publishedAt: string;
}

export interface EntryCard {
  id: string;
  type: "ENTRY";
  kind: string;
  name: string;
  summary: string;
  timeDesc: string | null;
  imageUrl: string | null;
}

export interface Banner {
  id: string;
  title: string;
  imageUrl: string;
  link: string;
}

export interface FeedPage {
  page: number;
  size: number;
  total: number;
  hasMore: boolean;
  list: ArticleCard[];
}

export interface TopList {
  list: (EntryCard & { rank: number; heat: number })[];
}

export interface ArticleDetail {
  id: string;
  channel: string;
  section: string;
  title: string;
  summary: string;
  content: string;
  imageUrl: string;
  tags: string[];
  commentNum: number;
  likeNum: number;
  innerLinks: { itemId: string; word: string }[];
  viewNumShow: string;
  publishedAt: string;
  /** Characters of body text; long bodies are collapsed (spec §4). */
  textLength: number;
}

export interface ArticleListPage extends FeedPage {
  channel: string;
  section: string | null;
}

export interface EntryFactItem {
  name: string;
  id?: string;
  note?: string;
}

export interface EntryFact {
  label: string;
  items: EntryFactItem[];
  list?: boolean;
}

export interface EntryDetail extends EntryCard {
  imageUrl: string;
  aliases: string[];
  startYear: number | null;
  endYear: number | null;
  facts: Record<string, unknown>;
  factList: EntryFact[];
  verse: {
    lines: string[];
    notes: string[];
    /** Given in its common reading: the note names the imported words (异文). */
    reading: { note: string; base: string[] } | null;
  };
  viewNumShow: string;
  likeNum: number;
}

/** What entry pages render: the detail without its raw record data. */
export type EntryView = Omit<EntryDetail, "facts">;

export interface EntryRelation {
  type: string;
  group: string;
  label: string;
  direction: "twoway" | "one-way" | "reverse";
  note: string | null;
  year: number | null;
  item: EntryCard;
}

export interface EntryRelations {
  relations: EntryRelation[];
}

export interface TimelineEvent {
  year: number;
  timeDesc: string;
  title: string;
  desc: string;
  itemId: string | null;
}

export interface EntryTimeline {
  id: string;
  name: string;
  list: TimelineEvent[];
}

export interface EntryWork {
  id: string;
  kind: string;
  name: string;
  collection: string;
  firstLine: string;
}

export interface WorksPage {
  page: number;
  size: number;
  total: number;
  hasMore: boolean;
  list: EntryWork[];
}

export const KIND_NAMES: Readonly<Record<string, string>> = ENTRY_KIND_NAMES;

/** Kinds whose page is their text (poems, classic chapters) rather than a facts-and-graph page. */
export const TEXT_KINDS: ReadonlySet<string> = new Set(TEXT_ENTRY_KINDS);
