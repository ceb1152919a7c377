import {
  ARTICLE_SECTIONS,
  type ArticleSection,
  sectionListPath,
} from "@tongjian/domain/article-sections";
import { useEffect, useRef } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import "./section-nav.css";

/** Tabs of the article sections on the list pages; the current one is marked. */
export function SectionNav({ current }: { current: ArticleSection | null }) {
  const nav = useRef<HTMLElement>(null);
  // The tabs scroll sideways on a phone: bring the current one into view.
  useEffect(() => {
    const el = nav.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!el || !active) return;
    el.scrollLeft = active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2;
  }, []);
  return (
    <nav ref={nav} className="tj-section-nav" aria-label="文章栏目">
      <AppLink to="/ah/article" aria-current={current === null ? "page" : undefined}>
        全部
      </AppLink>
      {ARTICLE_SECTIONS.map((section) => (
        <AppLink
          key={section}
          to={sectionListPath(section)}
          aria-current={current === section ? "page" : undefined}
        >
          {section}
        </AppLink>
      ))}
    </nav>
  );
}
