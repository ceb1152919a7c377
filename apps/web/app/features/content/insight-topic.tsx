import type { TimelineEvent } from "@tongjian/contracts/content";
import type { InsightRelation } from "@tongjian/contracts/insight";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { ArticleList, type ListedArticle } from "./article-list.tsx";
import { KIND_NAMES } from "./entry-kinds.ts";
import { EntryTimeline } from "./entry-timeline.tsx";
import { InsightPeople, InsightRelations, type TopicPerson } from "./insight-people.tsx";
import { RichText } from "./rich-text.tsx";
import "./article-body.css";
import "./insight-topic.css";

/** What a topic page shows of one topic (routes/insight.tsx trims the API's detail to it). */
export interface ShownTopic {
  id: string;
  title: string;
  question: string;
  era: string;
  timeDesc: string | null;
  essay: string;
  timeline: TimelineEvent[];
  people: TopicPerson[];
  relations: InsightRelation[];
  articles: ListedArticle[];
  entries: { id: string; name: string; kind: string }[];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="tj-section" aria-labelledby={id} id={`${id}-section`}>
      <h2 className="tj-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * One 洞察 topic: its question, the essay (its in-text links open the entry pop-up, as in
 * articles), the timeline of its events, the people and how they are related, the regimes and
 * places it is about, and what to read next.
 */
export function InsightTopic({ topic }: { topic: ShownTopic }) {
  return (
    <article className="tj-topic">
      <header>
        <p className="tj-topic__era">
          洞察 · {topic.era}
          {topic.timeDesc && ` · ${topic.timeDesc}`}
        </p>
        <h1 className="tj-article__title">{topic.title}</h1>
        <p className="tj-topic__question">{topic.question}</p>
      </header>
      <RichText html={topic.essay} className="tj-article__body tj-topic__essay" />
      {topic.entries.length > 0 && (
        <ul className="tj-topic__entries" aria-label="相关词条">
          {topic.entries.map((e) => (
            <li key={e.id}>
              <AppLink to={`/detail/${e.id}`}>
                <small>{KIND_NAMES[e.kind] ?? "词条"}</small>
                {e.name}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <Section id="topic-timeline" title={`时间线（${topic.timeline.length}）`}>
        <EntryTimeline list={topic.timeline} expanded />
      </Section>
      <Section id="topic-people" title={`人物（${topic.people.length}）`}>
        <InsightPeople people={topic.people} />
        <h3 className="tj-topic__subtitle">人物关系</h3>
        <InsightRelations relations={topic.relations} people={topic.people} />
      </Section>
      <Section id="topic-reading" title="延伸阅读">
        <ArticleList articles={topic.articles} empty="暂无相关文章" />
      </Section>
      <p className="tj-topic__back">
        <AppLink to="/insight">← 全部洞察专题</AppLink>
      </p>
    </article>
  );
}
