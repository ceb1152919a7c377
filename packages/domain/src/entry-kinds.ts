/**
 * Kinds of encyclopedia entries. Persons, regimes, events, places and works (典籍, 文学作品,
 * 书画, 发明) are written in `content/`; poems and classic chapters are imported from the
 * chinese-poetry package (`npm run import:poetry`).
 */
export const ENTRY_KINDS = [
  "person",
  "regime",
  "event",
  "place",
  "poem",
  "classic",
  "work",
] as const;

export type EntryKindName = (typeof ENTRY_KINDS)[number];

/** What each kind is called in the UI. */
export const ENTRY_KIND_NAMES: Readonly<Record<string, string>> = {
  person: "人物",
  regime: "政权",
  event: "事件",
  place: "地点",
  poem: "诗词",
  classic: "典籍",
  work: "作品",
} satisfies Record<EntryKindName, string>;

/** Kinds whose entry is a text (a poem, a chapter): read as lines, and searched by their words. */
export const TEXT_ENTRY_KINDS: readonly EntryKindName[] = ["poem", "classic"];

export function isEntryKind(value: string): value is EntryKindName {
  return (ENTRY_KINDS as readonly string[]).includes(value);
}

/**
 * Relation type from an author to a poem or classic chapter. These rows belong to the poetry
 * importer: reloading `content/` keeps them, and entry pages list them as works, not relations.
 * A curated work (kind `work`) is linked to its creators by the content relation type 作者
 * instead, and shows among the relations (group 作品).
 */
export const WORKS_RELATION_TYPE = "作品";
