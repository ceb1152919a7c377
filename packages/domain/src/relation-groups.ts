/**
 * How an entry page groups its relations (亲属、君臣、师友 …) and how much of each it previews.
 * Types are the corpus's relation types (docs/content-format.md "Relation"); relations of the
 * fact kind (参与、建立、任职、定都、作者、记述、成果、包含) group by what stands at the other end
 * instead, so a writer's curated works (作者, kind `work`) list together as 作品.
 */
import { WORKS_RELATION_TYPE } from "./entry-kinds.ts";

/** Relations shown per group before 查看全部. */
export const RELATION_PREVIEW_COUNT = 6;
/** Timeline items shown before 查看全部. */
export const TIMELINE_PREVIEW_COUNT = 8;
/** Timeline lines show two lines of text; longer event summaries are cut before they ship. */
export const TIMELINE_DESC_LIMIT = 60;
/** GET /api/item/works/{lang}/{id}/{page}/{size}: the page's first load and its largest size. */
export const WORKS_PAGE_SIZE = 20;
export const WORKS_PAGE_SIZE_MAX = 50;
/** GET /api/item/articles/{lang}/{id}: articles linking to the entry, most links first. */
export const RELATED_ARTICLES_LIMIT = 20;

const BY_TYPE: Record<string, string> = {
  父子: "亲属",
  母子: "亲属",
  父女: "亲属",
  母女: "亲属",
  兄弟: "亲属",
  兄妹: "亲属",
  姐弟: "亲属",
  姐妹: "亲属",
  夫妻: "亲属",
  祖孙: "亲属",
  君臣: "君臣",
  部属: "君臣",
  继位: "君臣",
  师生: "师友",
  朋友: "师友",
  同学派: "师友",
  同僚: "同僚",
  对手: "对手",
  敌对: "对手",
  影响: "影响",
};

const BY_OTHER_KIND: Record<string, string> = {
  person: "相关人物",
  event: "相关事件",
  regime: "相关政权",
  place: "相关地点",
  work: "作品",
};

export const RELATION_GROUP_ORDER = [
  "亲属",
  "君臣",
  "师友",
  "同僚",
  "对手",
  "影响",
  "作品",
  "相关人物",
  "相关事件",
  "相关政权",
  "相关地点",
  "其他",
] as const;

export type RelationGroupName = (typeof RELATION_GROUP_ORDER)[number];

export function relationGroup(type: string, otherKind: string): RelationGroupName {
  return (BY_TYPE[type] ?? BY_OTHER_KIND[otherKind] ?? "其他") as RelationGroupName;
}

export interface RelationGroup<T> {
  name: RelationGroupName;
  items: T[];
}

/** Groups in {@link RELATION_GROUP_ORDER}; each keeps the order it was given (best first). */
export function groupRelations<T extends { type: string; item: { kind: string } }>(
  relations: T[],
): RelationGroup<T>[] {
  const groups = new Map<RelationGroupName, T[]>();
  for (const r of relations) {
    if (r.type === WORKS_RELATION_TYPE) continue;
    const name = relationGroup(r.type, r.item.kind);
    const list = groups.get(name);
    if (list) list.push(r);
    else groups.set(name, [r]);
  }
  return RELATION_GROUP_ORDER.flatMap((name) => {
    const items = groups.get(name);
    return items ? [{ name, items }] : [];
  });
}

/** A group as an entry page first shows it: its size and the items of its preview. */
export interface RelationGroupPreview<T> extends RelationGroup<T> {
  total: number;
}

/**
 * The groups an entry page ships: each group's first {@link RELATION_PREVIEW_COUNT} items and
 * its size, or every item when the page opens expanded. The rest comes when a reader asks.
 */
export function previewRelationGroups<T extends { type: string; item: { kind: string } }>(
  relations: T[],
  expanded: boolean,
): RelationGroupPreview<T>[] {
  return groupRelations(relations).map(({ name, items }) => ({
    name,
    total: items.length,
    items: expanded ? items : items.slice(0, RELATION_PREVIEW_COUNT),
  }));
}
