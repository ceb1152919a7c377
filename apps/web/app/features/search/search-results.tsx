import type {
  SearchArticleHit,
  SearchArticlePage,
  SearchEntryHit,
  SearchEntryPage,
  SearchOverview,
  SimilarName,
} from "@tongjian/contracts/search";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import type { SearchGroupKey } from "@tongjian/domain/search-groups";
import { SEARCH_GROUP_COUNT_MAX } from "@tongjian/domain/search-keyword";
import { verseMatchRange } from "@tongjian/domain/verse-search";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { MoreButton } from "../../shell/more-button.tsx";
import { type SearchListGroup, searchPagePath, searchTotalLabel } from "./search-paths.ts";
import { useMoreResults } from "./use-more-results.ts";
import "../content/article-list.css";
import "../content/entry-relations.css";
import "./search-results.css";

/** Every occurrence of the keyword in a text, marked (letters in any case). */
export function Marked({ text, keyword }: { text: string; keyword: string }) {
  if (!keyword) return <>{text}</>;
  const lower = text.toLowerCase();
  const needle = keyword.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  // Lower-casing keeps the length of what a keyword can hold here (CJK, ASCII letters).
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}

/** The keyword in a line of verse, marked across the punctuation it runs over. */
function MarkedVerse({ line, keyword }: { line: string; keyword: string }) {
  const range = verseMatchRange(line, keyword);
  if (!range) return <Marked text={line} keyword={keyword} />;
  const [start, end] = range;
  return (
    <>
      {line.slice(0, start)}
      <mark>{line.slice(start, end)}</mark>
      {line.slice(end)}
    </>
  );
}

/** "唐 · 李白" for a poem, the time of anything else. */
function entryByline(hit: SearchEntryHit): string {
  return [hit.timeDesc, hit.author].filter(Boolean).join(" · ");
}

function EntryItem({ hit, q }: { hit: SearchEntryHit; q: string }) {
  const byline = entryByline(hit);
  return (
    <li>
      <AppLink to={`/detail/${hit.id}`}>
        <span className="tj-relations__label">{ENTRY_KIND_NAMES[hit.kind] ?? "词条"}</span>
        <strong>
          <Marked text={hit.name} keyword={q} />
        </strong>
        {hit.alias && (
          <small className="tj-search__alias">
            又称「
            <Marked text={hit.alias} keyword={q} />」
          </small>
        )}
        {byline && <small>{byline}</small>}
        <p>
          <MarkedVerse line={hit.summary} keyword={q} />
        </p>
      </AppLink>
    </li>
  );
}

function ArticleItem({ hit, q }: { hit: SearchArticleHit; q: string }) {
  return (
    <li className="tj-feed__item">
      <AppLink to={`/ah/article/${hit.id}`}>
        <div className="tj-feed__text">
          <span className="tj-feed__section">{hit.section}</span>
          <h3>
            <Marked text={hit.title} keyword={q} />
          </h3>
          <p>
            <Marked text={hit.snippet || hit.summary} keyword={q} />
          </p>
        </div>
      </AppLink>
    </li>
  );
}

/**
 * The 全部 view: each group that has hits, the best group first, with its best few and a link
 * to the whole group.
 */
export function SearchOverviewSections({ q, overview }: { q: string; overview: SearchOverview }) {
  return (
    <>
      {overview.sections.map((section) => (
        <section
          key={section.group}
          className="tj-section tj-search__group"
          aria-labelledby={`tj-search-${section.group}`}
        >
          <h2 className="tj-section__title" id={`tj-search-${section.group}`}>
            {section.name} · {searchTotalLabel(section.total, SEARCH_GROUP_COUNT_MAX)}
          </h2>
          {section.type === "article" ? (
            <ul className="tj-feed">
              {section.list.map((hit) => (
                <ArticleItem key={hit.id} hit={hit} q={q} />
              ))}
            </ul>
          ) : (
            <ul className="tj-search__entries">
              {section.list.map((hit) => (
                <EntryItem key={hit.id} hit={hit} q={q} />
              ))}
            </ul>
          )}
          {section.total > section.list.length && (
            <AppLink className="tj-search__all" to={searchPagePath(q, section.group)}>
              查看全部{section.name}（{searchTotalLabel(section.total, SEARCH_GROUP_COUNT_MAX)}）
            </AppLink>
          )}
        </section>
      ))}
    </>
  );
}

/** 全部 and the groups with hits, each with its count; the one shown is the current page. */
export function SearchGroupNav({
  q,
  overview,
  current,
}: {
  q: string;
  overview: SearchOverview;
  current: SearchListGroup | null;
}) {
  const all = overview.sections.reduce((n, s) => n + s.total, 0);
  const capped = overview.sections.some((s) => s.total >= SEARCH_GROUP_COUNT_MAX);
  return (
    <nav className="tj-search__groups" aria-label="结果分类">
      <AppLink to={searchPagePath(q)} aria-current={current === null ? "page" : undefined}>
        全部 <span>{capped ? `${all}+` : all}</span>
      </AppLink>
      {overview.sections.map((s) => (
        <AppLink
          key={s.group}
          to={searchPagePath(q, s.group)}
          aria-current={current === s.group ? "page" : undefined}
        >
          {s.name} <span>{searchTotalLabel(s.total, SEARCH_GROUP_COUNT_MAX)}</span>
        </AppLink>
      ))}
    </nav>
  );
}

function MoreFooter({
  more,
  total,
}: {
  more: {
    hasMore: boolean;
    state: Parameters<typeof MoreButton>[0]["state"];
    loadMore: () => void;
    list: unknown[];
  };
  total: number;
}) {
  if (!more.hasMore) return null;
  return (
    <MoreButton
      state={more.state}
      onClick={more.loadMore}
      label={`加载更多（${more.list.length}/${searchTotalLabel(total)}）`}
    />
  );
}

/** One group's entries, a page at a time. */
export function EntryGroupResults({
  q,
  group,
  first,
}: {
  q: string;
  group: SearchGroupKey;
  first: SearchEntryPage;
}) {
  const more = useMoreResults(q, "entry", first, group);
  return (
    <section className="tj-section" aria-label="搜索结果">
      <ul className="tj-search__entries">
        {more.list.map((hit) => (
          <EntryItem key={hit.id} hit={hit} q={q} />
        ))}
      </ul>
      <MoreFooter more={more} total={first.total} />
    </section>
  );
}

/** Articles whose title or text holds the keyword, with the text around it. */
export function ArticleResults({ q, first }: { q: string; first: SearchArticlePage }) {
  const more = useMoreResults(q, "article", first);
  return (
    <section className="tj-section" aria-label="搜索结果">
      <ul className="tj-feed">
        {more.list.map((hit) => (
          <ArticleItem key={hit.id} hit={hit} q={q} />
        ))}
      </ul>
      <MoreFooter more={more} total={first.total} />
    </section>
  );
}

/** Nothing matched: names that sound or look like the keyword, and what to try. */
export function NoResults({ q, similar }: { q: string; similar: SimilarName[] }) {
  return (
    <section className="tj-search__none" aria-live="polite">
      <p className="tj-empty">没有找到与「{q}」相关的内容</p>
      {similar.length > 0 && (
        <>
          <h2 className="tj-section__title">你是不是要找</h2>
          <ul className="tj-search__similar">
            {similar.map((s) => (
              <li key={s.id}>
                <AppLink to={`/detail/${s.id}`}>
                  <strong>{s.matched}</strong>
                  {s.matched !== s.name && <span>（{s.name}）</span>}
                  <small>
                    {[ENTRY_KIND_NAMES[s.kind], s.timeDesc].filter(Boolean).join(" · ")}
                  </small>
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <ul className="tj-search__tips">
        <li>检查是否有错别字，或换一个常用的叫法（如「苏东坡」「唐太宗」）</li>
        <li>可以用拼音或首字母搜索，如「libai」「lb」</li>
        <li>搜诗句时输入连续的几个字，如「床前明月光」</li>
      </ul>
    </section>
  );
}
