import type {
  SearchArticlePage,
  SearchEntryHit,
  SearchEntryPage,
} from "@tongjian/contracts/search";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import { verseMatchRange } from "@tongjian/domain/verse-search";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { MoreButton } from "../../shell/more-button.tsx";
import { searchTotalLabel } from "./search-paths.ts";
import { useMoreResults } from "./use-more-results.ts";
import "../content/article-list.css";
import "../content/entry-relations.css";
import "./search-results.css";

/** Every occurrence of the keyword in a text, marked. */
function Marked({ text, keyword }: { text: string; keyword: string }) {
  if (!keyword) return <>{text}</>;
  const parts = text.split(keyword);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder.
        <span key={i}>
          {part}
          {i < parts.length - 1 && <mark>{keyword}</mark>}
        </span>
      ))}
    </>
  );
}

/** The keyword in a line of verse, marked across the punctuation it runs over. */
function MarkedVerse({ line, keyword }: { line: string; keyword: string }) {
  const range = verseMatchRange(line, keyword);
  if (!range) return <>{line}</>;
  const [start, end] = range;
  return (
    <>
      {line.slice(0, start)}
      <mark>{line.slice(start, end)}</mark>
      {line.slice(end)}
    </>
  );
}

function ResultSection<T extends { id: string }>({
  title,
  more,
  total,
  children,
}: {
  title: string;
  more: ReturnType<typeof useMoreResults<T>>;
  total: number;
  children: ReactNode;
}) {
  return (
    <section className="tj-section">
      <h2 className="tj-section__title">
        {title} · {searchTotalLabel(total)}
      </h2>
      {children}
      {more.hasMore && (
        <MoreButton
          state={more.state}
          onClick={more.loadMore}
          label={`加载更多（${more.list.length}/${searchTotalLabel(total)}）`}
        />
      )}
    </section>
  );
}

/** "唐 · 李白" for a poem, the time of anything else. */
function entryByline(hit: SearchEntryHit): string {
  return [hit.timeDesc, hit.author].filter(Boolean).join(" · ");
}

/** Entries whose names match. */
export function EntryResults({ q, first }: { q: string; first: SearchEntryPage }) {
  const more = useMoreResults(q, "entry", first);
  return (
    <ResultSection title="词条" more={more} total={first.total}>
      <ul className="tj-search__entries">
        {more.list.map((e) => (
          <li key={e.id}>
            <AppLink to={`/detail/${e.id}`}>
              <span className="tj-relations__label">{ENTRY_KIND_NAMES[e.kind] ?? "词条"}</span>
              <strong>{e.name}</strong>
              {entryByline(e) && <small>{entryByline(e)}</small>}
              <p>{e.summary}</p>
            </AppLink>
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}

/** Poems and chapters whose words hold the keyword, each with the line it stands in. */
export function VerseResults({ q, first }: { q: string; first: SearchEntryPage }) {
  const more = useMoreResults(q, "verse", first);
  return (
    <ResultSection title="诗文" more={more} total={first.total}>
      <ul className="tj-search__entries tj-search__verses">
        {more.list.map((e) => (
          <li key={e.id}>
            <AppLink to={`/detail/${e.id}`}>
              <strong>{e.name}</strong>
              {entryByline(e) && <small>{entryByline(e)}</small>}
              <p>
                <MarkedVerse line={e.summary} keyword={q} />
              </p>
            </AppLink>
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}

/** Articles whose title or text holds the keyword, with the text around it. */
export function ArticleResults({ q, first }: { q: string; first: SearchArticlePage }) {
  const more = useMoreResults(q, "article", first);
  return (
    <ResultSection title="文章" more={more} total={first.total}>
      <ul className="tj-feed">
        {more.list.map((a) => (
          <li key={a.id} className="tj-feed__item">
            <AppLink to={`/ah/article/${a.id}`}>
              <div className="tj-feed__text">
                <span className="tj-feed__section">{a.section}</span>
                <h3>{a.title}</h3>
                <p>
                  <Marked text={a.snippet || a.summary} keyword={q} />
                </p>
              </div>
            </AppLink>
          </li>
        ))}
      </ul>
    </ResultSection>
  );
}
