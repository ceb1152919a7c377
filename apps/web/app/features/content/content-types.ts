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
}

export interface EntryDetail extends EntryCard {
  aliases: string[];
  startYear: number | null;
  endYear: number | null;
  facts: Record<string, unknown>;
  viewNumShow: string;
  likeNum: number;
}

export interface EntryRelations {
  relations: { type: string; label: string; direction: string; item: EntryCard }[];
}

export const KIND_NAMES: Record<string, string> = {
  person: "人物",
  regime: "政权",
  event: "事件",
  place: "地点",
  poem: "诗词",
  classic: "典籍",
};
