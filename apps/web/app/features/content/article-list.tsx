import type { ArticleCard } from "@tongjian/contracts/content";
import { AppLink } from "../../shell/app-link.tsx";
import "./article-list.css";

/** What a list shows of an article: the rest of its card stays out of the page's data. */
export type ListedArticle = Pick<
  ArticleCard,
  "id" | "title" | "section" | "summary" | "viewNumShow"
>;

export function listedArticles(cards: ArticleCard[]): ListedArticle[] {
  return cards.map(({ id, title, section, summary, viewNumShow }) => ({
    id,
    title,
    section,
    summary,
    viewNumShow,
  }));
}

export function ArticleList({
  articles,
  empty = "还没有文章",
  headingLevel = 3,
}: {
  articles: ListedArticle[];
  empty?: string;
  /** The titles' heading level: one below the heading the list stands under (WCAG 1.3.1). */
  headingLevel?: 2 | 3;
}) {
  if (articles.length === 0) return <p className="tj-empty">{empty}</p>;
  const Title = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="tj-feed">
      {articles.map((a) => (
        <li key={a.id} className="tj-feed__item">
          <AppLink to={`/ah/article/${a.id}`} prefetch>
            <div className="tj-feed__text">
              <span className="tj-feed__section">{a.section}</span>
              <Title>{a.title}</Title>
              <p>{a.summary}</p>
              <small>{a.viewNumShow} 阅读</small>
            </div>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
