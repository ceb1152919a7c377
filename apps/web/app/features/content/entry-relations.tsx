import type { EntryCard, EntryRelation } from "@tongjian/contracts/content";
import { groupRelations, RELATION_PREVIEW_COUNT } from "@tongjian/domain/relation-groups";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { KIND_NAMES } from "./entry-kinds.ts";
import { ShowAllButton } from "./show-all-button.tsx";
import "./entry-relations.css";

/** What the list shows of a relation: the rest stays out of the page's data. */
export type ShownRelation = Pick<EntryRelation, "type" | "group" | "label" | "direction"> & {
  item: Pick<EntryCard, "id" | "kind" | "name" | "timeDesc">;
};

function RelationGroup({
  name,
  items,
  expanded,
}: {
  name: string;
  items: ShownRelation[];
  expanded: boolean;
}) {
  const [open, setOpen] = useState(expanded);
  const shown = open ? items : items.slice(0, RELATION_PREVIEW_COUNT);
  return (
    <div className="tj-relgroup">
      <h3 className="tj-relgroup__title">
        {name}
        <small>{items.length}</small>
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
      {!open && items.length > shown.length && (
        <ShowAllButton total={items.length} onClick={() => setOpen(true)} />
      )}
    </div>
  );
}

/** Relations grouped (亲属、君臣、师友 …), a preview of each group unless opened expanded. */
export function EntryRelations({
  relations,
  expanded,
}: {
  relations: ShownRelation[];
  expanded: boolean;
}) {
  const groups = groupRelations(relations);
  if (groups.length === 0) return <p className="tj-empty">暂无关联词条</p>;
  return (
    <>
      {groups.map((g) => (
        <RelationGroup key={g.name} name={g.name} items={g.items} expanded={expanded} />
      ))}
    </>
  );
}
