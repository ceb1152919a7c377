import type { Generated } from "kysely";

// Timestamps are ISO-8601 strings and booleans are 0/1 integers so that one schema and one set
// of queries behaves the same on SQLite and PostgreSQL.

export interface EntryTable {
  id: string;
  key: string;
  kind: string;
  name: string;
  aliases: string;
  summary: string;
  start_year: number | null;
  end_year: number | null;
  time_desc: string | null;
  regime_id: string | null;
  data: string;
  image_url: string | null;
  popularity: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  search_names: string;
  pinyin: string;
  pinyin_initials: string;
  created_at: string;
  updated_at: string;
}

export interface RelationTable {
  id: string;
  from_id: string;
  to_id: string;
  type: string;
  label: string;
  twoway: number;
  note: string | null;
  year: number | null;
}

export interface ArticleTable {
  id: string;
  key: string;
  section: string;
  title: string;
  abstract: string;
  content: string;
  text: string;
  cover: string | null;
  tags: string;
  view_count: Generated<number>;
  comment_num: Generated<number>;
  like_count: Generated<number>;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface ArticleLinkTable {
  article_id: string;
  item_id: string;
  word: string;
  position: number;
}

export interface BannerTable {
  id: string;
  title: string;
  image_url: string;
  link: string;
  sort: number;
  active: number;
}

export interface LikeRecordTable {
  item_id: string;
  type: string;
  user_id: string;
  created_at: string;
}

export interface TrackingEventTable {
  id: string;
  session_id: string;
  action_type: string;
  page_name: string;
  mod_item_name: string | null;
  params: string;
  day: string;
  created_at: string;
}

export interface VisitorTable {
  id: string;
  wx_open_id: string;
  wx_union_id: string | null;
  wx_name: string | null;
  wx_avatar: string | null;
  created_at: string;
  updated_at: string;
}

export interface KeyValueTable {
  key: string;
  value: string;
  expires_at: number | null;
}

export interface Database {
  entry: EntryTable;
  relation: RelationTable;
  article: ArticleTable;
  article_link: ArticleLinkTable;
  banner: BannerTable;
  like_record: LikeRecordTable;
  tracking_event: TrackingEventTable;
  key_value: KeyValueTable;
  visitor: VisitorTable;
}
