import type { SearchEntryHit } from "@tongjian/contracts/search";
import { ENTRY_KIND_NAMES } from "@tongjian/domain/entry-kinds";
import { SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  parseSearchListGroup,
  SEARCH_OVERVIEW_SIZE,
  SEARCH_PAGE_SIZE,
} from "../features/search/search-paths.ts";
import {
  ArticleResults,
  EntryGroupResults,
  NoResults,
  SearchGroupNav,
  SearchOverviewSections,
} from "../features/search/search-results.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import type { Route } from "./+types/search";
import "./search.css";

const HISTORY_KEY = "tj:search-history";
const HISTORY_MAX = 10;
const SUGGEST_DEBOUNCE_MS = 200;

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  const group = parseSearchListGroup(url.searchParams.get("group"));
  if (!q) return { q, group: null, overview: null, entries: null, articles: null };
  const { search } = context.services;
  // The groups and their counts head every view; a group's view lists all of its hits.
  const [overview, entries, articles] = await Promise.all([
    search.overview({ q, size: SEARCH_OVERVIEW_SIZE }),
    group && group !== "article"
      ? search.entryPage({ q, group, page: 1, size: SEARCH_PAGE_SIZE.entry })
      : null,
    group === "article" ? search.articlePage({ q, page: 1, size: SEARCH_PAGE_SIZE.article }) : null,
  ]);
  return { q, group, overview, entries, articles };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.q ? `${data.q} - 搜索 - ${PRODUCT_NAME}` : `搜索 - ${PRODUCT_NAME}` }];
}

function readHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function writeHistory(items: string[]) {
  try {
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(items));
  } catch {
    // Storage may be blocked; history is a convenience only.
  }
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, group, overview, entries, articles } = loaderData;
  const { api } = usePlatform();
  const navigation = useNavigation();
  const [keyword, setKeyword] = useState(q);
  const [suggestions, setSuggestions] = useState<SearchEntryHit[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setKeyword(q), [q]);
  useEffect(() => {
    const items = readHistory();
    if (q) {
      const next = [q, ...items.filter((x) => x !== q)].slice(0, HISTORY_MAX);
      writeHistory(next);
      setHistory(next);
    } else {
      setHistory(items);
    }
  }, [q]);

  useEffect(() => {
    const k = keyword.trim();
    if (!k || k === q) {
      setSuggestions([]);
      return;
    }
    const timer = window.setTimeout(() => {
      api
        .post<SearchEntryHit[]>("/api/search/getSuggestion", { keyword: k })
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [api, keyword, q]);

  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  const empty = overview !== null && overview.sections.length === 0;

  return (
    <main className="tj-search">
      <h1 className="tj-visually-hidden">{q ? `搜索“${q}”` : "搜索"}</h1>
      <Form method="get" action="/search" className="tj-search__form" role="search">
        <input
          ref={input}
          name="q"
          type="search"
          value={keyword}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="人物、朝代、诗句、文章，也可用拼音"
          aria-label="搜索关键词"
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="tj-button">
          搜索
        </button>
      </Form>

      {suggestions.length > 0 && (
        <ul className="tj-search__suggest" aria-label="搜索建议">
          {suggestions.map((s) => (
            <li key={s.id}>
              <AppLink to={`/detail/${s.id}`}>
                <strong>{s.name}</strong>
                <small>
                  {[ENTRY_KIND_NAMES[s.kind], s.timeDesc, s.author].filter(Boolean).join(" ")}
                </small>
              </AppLink>
            </li>
          ))}
        </ul>
      )}

      {!q && (
        <section className="tj-section" aria-label="搜索历史">
          <h2 className="tj-section__title">搜索历史</h2>
          {history.length === 0 ? (
            <p className="tj-empty">还没有搜索过，试试「李白」「libai」「白日依山尽」或「贞观」</p>
          ) : (
            <>
              <div className="tj-search__history">
                {history.map((h) => (
                  <AppLink key={h} to={`/search?q=${encodeURIComponent(h)}`}>
                    {h}
                  </AppLink>
                ))}
              </div>
              <button
                type="button"
                className="tj-search__clear"
                onClick={() => {
                  writeHistory([]);
                  setHistory([]);
                }}
              >
                清空历史
              </button>
            </>
          )}
        </section>
      )}

      {searching && <div className="tj-spinner" role="status" aria-label="搜索中" />}

      {empty && overview && <NoResults q={q} similar={overview.similar} />}

      {overview && !empty && <SearchGroupNav q={q} overview={overview} current={group} />}
      {overview && !empty && group === null && <SearchOverviewSections q={q} overview={overview} />}
      {/* Each list is keyed by keyword and group: another search starts its pages afresh. */}
      {entries && group && group !== "article" && (
        <EntryGroupResults key={`${group}-${q}`} q={q} group={group} first={entries} />
      )}
      {articles && <ArticleResults key={`article-${q}`} q={q} first={articles} />}
    </main>
  );
}
