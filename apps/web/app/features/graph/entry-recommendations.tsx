import type { Recommendations, RecommendedEntry } from "@tongjian/contracts/content";
import { useCallback, useEffect, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import "./entry-recommendations.css";

const COUNT = 8;

type State =
  | { kind: "waiting" }
  | { kind: "loading" }
  | { kind: "done"; list: RecommendedEntry[] }
  | { kind: "error" };

/**
 * 相关人物推荐 on an entry page: entries nearest it in the relation graph, each with why. Its
 * code and data load once the reader nears the end of the entry (entry-recommendations-near).
 */
export function EntryRecommendations({ entryId, title }: { entryId: string; title: string }) {
  const { api } = usePlatform();
  const [state, setState] = useState<State>({ kind: "waiting" });
  const load = useCallback(() => {
    setState({ kind: "loading" });
    api
      .get<Recommendations>(`/api/recommend/get/relation/cn/${entryId}/${COUNT}`)
      .then((list) =>
        setState({
          kind: "done",
          list: list.filter((x): x is RecommendedEntry => x.type === "ENTRY" && "reason" in x),
        }),
      )
      .catch(() => setState({ kind: "error" }));
  }, [api, entryId]);
  useEffect(load, [load]);
  if (state.kind === "done" && state.list.length === 0) return null;
  return (
    <section
      className="tj-section tj-recs"
      aria-labelledby="recs"
      aria-busy={state.kind === "loading"}
    >
      <div className="tj-section__head">
        <h2 className="tj-section__title" id="recs">
          {title}
        </h2>
      </div>
      {state.kind === "done" ? (
        <ul className="tj-recs__list">
          {state.list.map((e) => (
            <li key={e.id}>
              <AppLink to={`/detail/${e.id}`}>
                <strong>{e.name}</strong>
                <span className="tj-recs__reason">{e.reason}</span>
                {e.timeDesc && <small>{e.timeDesc}</small>}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : state.kind === "error" ? (
        <p className="tj-empty" role="alert">
          推荐加载失败，
          <button type="button" className="tj-link-button" onClick={load}>
            点击重试
          </button>
        </p>
      ) : (
        <p className="tj-empty">正在加载推荐…</p>
      )}
    </section>
  );
}
