import { Link } from "react-router";
import { usePrefetchMode } from "../../shell/use-prefetch.ts";
import type { ArticleCard } from "./content-types.ts";

export function ArticleList({
  articles,
  empty = "还没有文章",
}: {
  articles: ArticleCard[];
  empty?: string;
}) {
  const prefetch = usePrefetchMode();
  if (articles.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <ul className="tj-feed">
      {articles.map((a) => (
        <li key={a.id} className="tj-feed__item">
          <Link to={`/ah/article/${a.id}`} prefetch={prefetch}>
            <div className="tj-feed__text">
              <span className="tj-feed__section">{a.section}</span>
              <h3>{a.title}</h3>
              <p>{a.summary}</p>
              <small>{a.viewNumShow} 阅读</small>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
