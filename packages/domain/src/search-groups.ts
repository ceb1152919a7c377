/**
 * The groups a search lists its entry hits under, in the order the search index numbers them
 * (docs/decisions/0017-search-ranking.md): within one match tier, a person comes before a regime,
 * and curated entries before imported poems. Articles are a list of their own (文章).
 */
export const SEARCH_GROUPS = [
  { key: "person", name: "人物", kinds: ["person"] },
  { key: "regime", name: "朝代", kinds: ["regime"] },
  { key: "event", name: "事件", kinds: ["event"] },
  { key: "place", name: "地点", kinds: ["place"] },
  { key: "work", name: "作品", kinds: ["work"] },
  { key: "text", name: "诗文", kinds: ["poem", "classic"] },
] as const;

export type SearchGroupKey = (typeof SEARCH_GROUPS)[number]["key"];

export const SEARCH_GROUP_KEYS = SEARCH_GROUPS.map((g) => g.key) as [
  SearchGroupKey,
  ...SearchGroupKey[],
];

/** What the article list is called beside the entry groups. */
export const SEARCH_ARTICLE_GROUP_NAME = "文章";

/** Position of a group in {@link SEARCH_GROUPS}; the index stores it per entry. */
export function searchGroupIndex(key: SearchGroupKey): number {
  return SEARCH_GROUPS.findIndex((g) => g.key === key);
}

/** The group of an entry kind; kinds no group names (none today) go with 作品. */
export function searchGroupOfKind(kind: string): SearchGroupKey {
  for (const group of SEARCH_GROUPS) {
    if ((group.kinds as readonly string[]).includes(kind)) return group.key;
  }
  return "work";
}

export function searchGroupName(key: SearchGroupKey): string {
  return SEARCH_GROUPS.find((g) => g.key === key)?.name ?? key;
}
