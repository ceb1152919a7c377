import { SEARCH_KEYWORD_MAX_LENGTH } from "@tongjian/domain/search-keyword";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { type ArticleCard, type EntryCard, KIND_NAMES } from "../features/content/content-types.ts";
import { callApi } from "../shell/api-client.ts";
import { AppLink } from "../shell/app-link.tsx";
import { usePlatform } from "../shell/platform.tsx";
import type { Route } from "./+types/search";

const HISTORY_KEY = "tj:search-history";
const HISTORY_MAX = 10;
const SUGGEST_DEBOUNCE_MS = 200;

interface ResultPage<T> {
  total: number;
  hasMore: boolean;
  list: T[];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  if (!q) return { q, entries: null, articles: null };
  const query = encodeURIComponent(q);
  const [entries, articles] = await Promise.all([
    callApi<ResultPage<EntryCard>>(
      context.apiFetch,
      `/api/search/cn?q=${query}&type=entry&page=1&size=20`,
    ),
    callApi<ResultPage<ArticleCard & { snippet: string }>>(
      context.apiFetch,
      `/api/search/cn?q=${query}&type=article&page=1&size=10`,
    ),
  ]);
  return { q, entries, articles };
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

/** The keyword in a snippet, marked. */
function Highlighted({ text, keyword }: { text: string; keyword: string }) {
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

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, entries, articles } = loaderData;
  const { api } = usePlatform();
  const navigation = useNavigation();
  const [keyword, setKeyword] = useState(q);
  const [suggestions, setSuggestions] = useState<EntryCard[]>([]);
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
        .post<EntryCard[]>("/api/search/getSuggestion", { keyword: k })
        .then(setSuggestions)
        .catch(() => setSuggestions([]));
    }, SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [api, keyword, q]);

  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  const empty = entries && articles && entries.total === 0 && articles.total === 0;

  return (
    <main className="tj-search">
      <Form method="get" action="/search" className="tj-search__form" role="search">
        <input
          ref={input}
          name="q"
          type="search"
          value={keyword}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder="人物、朝代、事件、文章，也可用拼音"
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
                  {KIND_NAMES[s.kind] ?? ""} {s.timeDesc ?? ""}
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
            <p className="tj-empty">还没有搜索过，试试「李白」「libai」或「贞观」</p>
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

      {empty && <p className="tj-empty">没有找到与「{q}」相关的内容，换个说法试试</p>}

      {entries && entries.total > 0 && (
        <section className="tj-section">
          <h2 className="tj-section__title">
            词条 · {entries.total >= 1000 ? "1000+" : entries.total}
          </h2>
          <ul className="tj-search__entries">
            {entries.list.map((e) => (
              <li key={e.id}>
                <AppLink to={`/detail/${e.id}`}>
                  <span className="tj-relations__label">{KIND_NAMES[e.kind] ?? "词条"}</span>
                  <strong>{e.name}</strong>
                  {e.timeDesc && <small>{e.timeDesc}</small>}
                  <p>{e.summary}</p>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      {articles && articles.total > 0 && (
        <section className="tj-section">
          <h2 className="tj-section__title">文章 · {articles.total}</h2>
          <ul className="tj-feed">
            {articles.list.map((a) => (
              <li key={a.id} className="tj-feed__item">
                <AppLink to={`/ah/article/${a.id}`}>
                  <div className="tj-feed__text">
                    <span className="tj-feed__section">{a.section}</span>
                    <h3>{a.title}</h3>
                    <p>
                      <Highlighted text={a.snippet || a.summary} keyword={q} />
                    </p>
                  </div>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
