import {
  ARTICLE_SORT_LABELS,
  ARTICLE_SORTS,
  type ArticleHubView,
  articleHubPath,
  hubChannel,
} from "@tongjian/domain/article-hub";
import { ARTICLE_SECTIONS, type ArticleSection } from "@tongjian/domain/article-sections";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "../../shell/app-link.tsx";
import "./article-hub-tabs.css";

const TABS: readonly (ArticleSection | null)[] = [null, ...ARTICLE_SECTIONS];

/** The id of a tab, which its panel names as its label. */
export function hubTabId(section: ArticleSection | null): string {
  return `tj-hub-tab-${hubChannel(section)}`;
}

/**
 * The hub's section tabs (全部 and the six sections). Each tab is a link to its own URL, so it
 * works before the page's script has loaded and can be shared; with the script, the arrow keys,
 * Home and End move between tabs as the ARIA tabs pattern asks, and open the tab they reach.
 */
export function ArticleHubTabs({ view, panelId }: { view: ArticleHubView; panelId: string }) {
  const list = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // The strip scrolls sideways on a phone: bring the chosen tab into view.
  useEffect(() => {
    const el = list.current;
    const active = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!el || !active) return;
    el.scrollLeft = active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2;
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(view.section);
    const next =
      event.key === "ArrowRight"
        ? (at + 1) % TABS.length
        : event.key === "ArrowLeft"
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const section = TABS[next] ?? null;
    document.getElementById(hubTabId(section))?.focus();
    void navigate(articleHubPath({ section, sort: view.sort }), { preventScrollReset: true });
  };

  return (
    <div
      ref={list}
      className="tj-hub-tabs"
      role="tablist"
      aria-label="文章栏目"
      onKeyDown={onKeyDown}
    >
      {TABS.map((section) => {
        const selected = section === view.section;
        return (
          <AppLink
            key={section ?? "all"}
            id={hubTabId(section)}
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            to={articleHubPath({ section, sort: view.sort })}
          >
            {section ?? "全部"}
          </AppLink>
        );
      })}
    </div>
  );
}

/** 最新 / 最热 for the chosen tab; the current one is marked. */
export function ArticleHubSort({ view }: { view: ArticleHubView }) {
  return (
    <div className="tj-hub-sort" role="group" aria-label="排序">
      {ARTICLE_SORTS.map((sort) => (
        <AppLink
          key={sort}
          to={articleHubPath({ section: view.section, sort })}
          aria-current={sort === view.sort ? "true" : undefined}
        >
          {ARTICLE_SORT_LABELS[sort]}
        </AppLink>
      ))}
    </div>
  );
}
