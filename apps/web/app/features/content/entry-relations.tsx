import type {
  EntryCard,
  EntryRelation,
  EntryRelations as Relations,
} from "@tongjian/contracts/content";
import {
  RELATION_PREVIEW_COUNT,
  type RelationGroupPreview,
} from "@tongjian/domain/relation-groups";
import { useCallback, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import type { MoreState } from "../../shell/use-more-pages.ts";
import { useWholeList } from "../../shell/use-whole-list.ts";
import { KIND_NAMES } from "./entry-kinds.ts";
import { ShowAllButton } from "./show-all-button.tsx";
import "./entry-relations.css";

/** What the list shows of a relation: the rest stays out of the page's data. */
export type ShownRelation = Pick<EntryRelation, "type" | "group" | "label" | "direction"> & {
  item: Pick<EntryCard, "id" | "kind" | "name" | "timeDesc">;
};

/** What a relation list keeps of a relation, in the page's data and in the list fetched later. */
export function shownRelation({
  type,
  group,
  label,
  direction,
  item,
}: EntryRelation): ShownRelation {
  return {
    type,
    group,
    label,
    direction,
    item: { id: item.id, kind: item.kind, name: item.name, timeDesc: item.timeDesc },
  };
}

function RelationGroup({
  group,
  items,
  expanded,
  state,
  loadWhole,
}: {
  group: RelationGroupPreview<ShownRelation>;
  /** The group's items: its preview, or all of them once the whole list has come. */
  items: ShownRelation[];
  expanded: boolean;
  state: MoreState;
  loadWhole: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(expanded);
  // The shared fetch's state shows on the button that asked for it.
  const [asked, setAsked] = useState(false);
  const shown = open ? items : items.slice(0, RELATION_PREVIEW_COUNT);
  const showAll = () => {
    if (items.length >= group.total) {
      setOpen(true);
      return;
    }
    setAsked(true);
    void loadWhole().then((whole) => whole && setOpen(true));
  };
  return (
    <div className="tj-relgroup">
      <h3 className="tj-relgroup__title">
        {group.name}
        <small>{group.total}</small>
      </h3>
      <ul className="tj-relations">
        {shown.map((r) => (
          <li key={`${r.type}-${r.item.id}-${r.direction}`}>
            <AppLink to={`/detail/${r.item.id}`}>
              <span className="tj-relations__label">
                {r.direction === "reverse" ? r.type : r.label}
              </span>
              <strong>{r.item.name}</strong>
              <small>{r.item.timeDesc ?? KIND_NAMES[r.item.kind] ?? ""}</small>
            </AppLink>
          </li>
        ))}
      </ul>
      {!open && group.total > shown.length && (
        <ShowAllButton total={group.total} state={asked ? state : "idle"} onClick={showAll} />
      )}
    </div>
  );
}

/**
 * Relations grouped (亲属、君臣、师友 …): the page ships a preview of each group and its size
 * (previewRelationGroups); 查看全部 fetches the entry's whole list once and opens the group.
 * The grouping itself stays on the server: the page's JavaScript does not carry its tables.
 */
export function EntryRelations({
  entryId,
  groups,
  expanded,
}: {
  entryId: string;
  groups: RelationGroupPreview<ShownRelation>[];
  expanded: boolean;
}) {
  const { api } = usePlatform();
  // The API names each relation's group as the page groups them (relationGroup), in order.
  const load = useCallback(
    async () => (await api.get<Relations>(`/api/item/relation/cn/${entryId}`)).relations,
    [api, entryId],
  );
  const { whole, state, request } = useWholeList(load);
  if (groups.length === 0) return <p className="tj-empty">暂无关联词条</p>;
  return (
    <>
      {groups.map((g) => (
        <RelationGroup
          key={g.name}
          group={g}
          items={whole ? whole.filter((r) => r.group === g.name) : g.items}
          expanded={expanded}
          state={state}
          loadWhole={request}
        />
      ))}
    </>
  );
}
