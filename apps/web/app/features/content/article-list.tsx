import type { ArticleCard } from "@tongjian/contracts/content";
import { AppLink } from "../../shell/app-link.tsx";
import "./article-list.css";

/** What a list shows of an article: the rest of its card stays out of the page's data. */
export type ListedArticle = Pick<
  ArticleCard,
  "id" | "title" | "section" | "summary" | "viewNumShow"
> & {
  /** Its cover, in lists that show covers (the article hub, a topic's reading list). */
  imageUrl?: string;
};

/** Covers the server draws (/media/cover/{id}.svg) say so on their face; the list says so too. */
const DRAWN_COVER = /^\/media\/cover\/[0-9a-f]{24}\.svg$/;

/** Covers of the first cards load at once; the rest as the reader scrolls to them. */
const EAGER_COVERS = 2;

export function listedArticles(
  cards: readonly ArticleCard[],
  { covers = false }: { covers?: boolean } = {},
): ListedArticle[] {
  return cards.map(({ id, title, section, summary, viewNumShow, imageUrl }) =>
    covers
      ? { id, title, section, summary, viewNumShow, imageUrl }
      : { id, title, section, summary, viewNumShow },
  );
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
      {articles.map((a, i) => (
        <li key={a.id} className="tj-feed__item">
          <AppLink
            to={`/ah/article/${a.id}`}
            prefetch
            className={a.imageUrl ? "tj-feed__covered" : undefined}
          >
            <div className="tj-feed__text">
              <span className="tj-feed__section">{a.section}</span>
              <Title>{a.title}</Title>
              <p>{a.summary}</p>
              <small>{a.viewNumShow} 阅读</small>
            </div>
            {a.imageUrl && (
              <span className="tj-feed__cover">
                <img
                  src={a.imageUrl}
                  alt={DRAWN_COVER.test(a.imageUrl) ? `${a.title}（示意封面）` : a.title}
                  width={750}
                  height={420}
                  loading={i < EAGER_COVERS ? "eager" : "lazy"}
                  decoding="async"
                />
                {DRAWN_COVER.test(a.imageUrl) && (
                  <span className="tj-feed__cover-mark" aria-hidden="true">
                    示意
                  </span>
                )}
              </span>
            )}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
