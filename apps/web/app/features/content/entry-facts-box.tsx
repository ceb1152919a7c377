import type { EntryFact, EntryFactItem } from "@tongjian/contracts/content";
import { FACT_LIST_PREVIEW_COUNT } from "@tongjian/domain/entry-facts";
import { Fragment, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { ShowAllButton } from "./show-all-button.tsx";
import "./entry-facts-box.css";

function FactValue({ item }: { item: EntryFactItem }) {
  const name = item.id ? <AppLink to={`/detail/${item.id}`}>{item.name}</AppLink> : item.name;
  return (
    <>
      {name}
      {item.note && <small className="tj-facts__note">{item.note}</small>}
    </>
  );
}

const itemKey = (item: EntryFactItem) => `${item.id ?? ""}|${item.name}|${item.note ?? ""}`;

/** A long list (a dynasty's rulers) shows its first items until opened. */
function FactList({ items, expanded }: { items: EntryFactItem[]; expanded: boolean }) {
  const [open, setOpen] = useState(expanded);
  const shown = open ? items : items.slice(0, FACT_LIST_PREVIEW_COUNT);
  return (
    <>
      <ol className="tj-facts__list">
        {shown.map((item) => (
          <li key={itemKey(item)}>
            <FactValue item={item} />
          </li>
        ))}
      </ol>
      {!open && items.length > shown.length && (
        <ShowAllButton total={items.length} onClick={() => setOpen(true)} />
      )}
    </>
  );
}

/** The facts box (字、号、生卒、都城 …): labels and values, entries as links. */
export function EntryFactsBox({ facts, expanded }: { facts: EntryFact[]; expanded: boolean }) {
  if (facts.length === 0) return null;
  return (
    <dl className="tj-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="tj-facts__row">
          <dt>{fact.label}</dt>
          <dd>
            {fact.list ? (
              <FactList items={fact.items} expanded={expanded} />
            ) : (
              fact.items.map((item, i) => (
                <Fragment key={itemKey(item)}>
                  {i > 0 && "、"}
                  <FactValue item={item} />
                </Fragment>
              ))
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
