import {
  ARTICLE_SECTIONS,
  type ArticleSection,
  sectionListPath,
} from "@tongjian/domain/article-sections";
import { Link } from "react-router";

/** Tabs of the article sections on the list pages; the current one is marked. */
export function SectionNav({ current }: { current: ArticleSection | null }) {
  return (
    <nav className="tj-section-nav" aria-label="文章栏目">
      <Link to="/ah/article" aria-current={current === null ? "page" : undefined}>
        全部
      </Link>
      {ARTICLE_SECTIONS.map((section) => (
        <Link
          key={section}
          to={sectionListPath(section)}
          aria-current={current === section ? "page" : undefined}
        >
          {section}
        </Link>
      ))}
    </nav>
  );
}
