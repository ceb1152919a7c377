import type { InsightCard } from "@tongjian/contracts/insight";
import { AppLink } from "../../shell/app-link.tsx";
import "./insight-cards.css";

/** What the list page shows of a topic. */
export type ListedInsight = Pick<
  InsightCard,
  "id" | "title" | "question" | "era" | "timeDesc" | "imageUrl" | "eventCount" | "personCount"
>;

/** A topic's own URL: `/insight` is the spec's path, and the topic is its `id`. */
export function insightPath(id: string): string {
  return `/insight?id=${id}`;
}

/** Covers of the first cards load at once; the rest as the reader scrolls to them. */
const EAGER_COVERS = 2;

/** The topics as cards: drawn cover, title, the question, era and years. */
export function InsightCards({ topics }: { topics: ListedInsight[] }) {
  if (topics.length === 0) {
    return <p className="tj-empty">还没有洞察专题，过些时候再来看看吧</p>;
  }
  return (
    <ul className="tj-insights">
      {topics.map((t, i) => (
        <li key={t.id}>
          <AppLink to={insightPath(t.id)} prefetch className="tj-insights__card">
            <span className="tj-insights__cover">
              <img
                src={t.imageUrl}
                alt={`${t.title}（示意封面）`}
                width={750}
                height={420}
                loading={i < EAGER_COVERS ? "eager" : "lazy"}
                decoding="async"
              />
            </span>
            <span className="tj-insights__text">
              <span className="tj-insights__era">
                {t.era}
                {t.timeDesc && ` · ${t.timeDesc}`}
              </span>
              <strong className="tj-insights__title">{t.title}</strong>
              <span className="tj-insights__question">{t.question}</span>
              <small>
                {t.eventCount} 个事件 · {t.personCount} 位人物
              </small>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
