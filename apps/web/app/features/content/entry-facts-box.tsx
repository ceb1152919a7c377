import { Fragment } from "react";
import { Link } from "react-router";
import type { EntryFact, EntryFactItem } from "./content-types.ts";

function FactValue({ item }: { item: EntryFactItem }) {
  const name = item.id ? <Link to={`/detail/${item.id}`}>{item.name}</Link> : item.name;
  return (
    <>
      {name}
      {item.note && <small className="tj-facts__note">{item.note}</small>}
    </>
  );
}

const itemKey = (item: EntryFactItem) => `${item.id ?? ""}|${item.name}|${item.note ?? ""}`;

/** The facts box (字、号、生卒、都城 …): labels and values, entries as links. */
export function EntryFactsBox({ facts }: { facts: EntryFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="tj-facts">
      {facts.map((fact) => (
        <div key={fact.label} className="tj-facts__row">
          <dt>{fact.label}</dt>
          <dd>
            {fact.list ? (
              <ol className="tj-facts__list">
                {fact.items.map((item) => (
                  <li key={itemKey(item)}>
                    <FactValue item={item} />
                  </li>
                ))}
              </ol>
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
