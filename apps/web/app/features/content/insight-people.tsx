import type { InsightRelation } from "@tongjian/contracts/insight";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { ShowAllButton } from "./show-all-button.tsx";
import "./insight-people.css";

/** People shown before 查看全部: four rows of cards. */
export const TOPIC_PEOPLE_PREVIEW = 8;

/** What a topic page shows of a person. */
export interface TopicPerson {
  id: string;
  name: string;
  timeDesc: string | null;
  summary: string;
}

/** The people of a topic as cards, each leading to the person's entry; the first few at first. */
export function InsightPeople({ people }: { people: TopicPerson[] }) {
  const [open, setOpen] = useState(false);
  if (people.length === 0) return <p className="tj-empty">暂无人物</p>;
  const shown = open ? people : people.slice(0, TOPIC_PEOPLE_PREVIEW);
  return (
    <>
      <ul className="tj-topic-people">
        {shown.map((p) => (
          <li key={p.id}>
            <AppLink to={`/detail/${p.id}`} prefetch className="tj-topic-people__card">
              <span className="tj-topic-people__avatar" aria-hidden="true">
                {[...p.name][0]}
              </span>
              <span className="tj-topic-people__text">
                <strong>{p.name}</strong>
                {p.timeDesc && <small>{p.timeDesc}</small>}
                <span className="tj-topic-people__summary">{p.summary}</span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {!open && people.length > shown.length && (
        <ShowAllButton total={people.length} onClick={() => setOpen(true)} />
      )}
    </>
  );
}

/**
 * The pairs of the topic's people that the corpus relates: the first person, what the second is
 * to them (or what they are to each other), the second. Names lead to the entries.
 */
export function InsightRelations({
  relations,
  people,
}: {
  relations: InsightRelation[];
  people: TopicPerson[];
}) {
  const names = new Map(people.map((p) => [p.id, p.name]));
  if (relations.length === 0) return <p className="tj-empty">这些人物之间暂无记录的关系</p>;
  return (
    <ul className="tj-topic-rels">
      {relations.map((r) => (
        <li key={`${r.fromId}|${r.toId}|${r.twoway}`} className="tj-topic-rels__row">
          <AppLink to={`/detail/${r.fromId}`} className="tj-topic-rels__name">
            {names.get(r.fromId) ?? "—"}
          </AppLink>
          <span
            className={`tj-topic-rels__link${r.twoway ? " tj-topic-rels__link--twoway" : ""}`}
            title={r.types.join("、")}
          >
            <span className="tj-topic-rels__say">{r.twoway ? "与" : "的"}</span>
            {r.labels.join("、")}
          </span>
          <AppLink to={`/detail/${r.toId}`} className="tj-topic-rels__name">
            {names.get(r.toId) ?? "—"}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
