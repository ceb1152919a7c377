import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import type { EntryWork, WorksPage } from "./content-types.ts";

type LoadState = "idle" | "loading" | "error";

/** An author's works, the first page from the server, then 加载更多 page by page. */
export function EntryWorks({ entryId, first }: { entryId: string; first: WorksPage }) {
  const { api } = usePlatform();
  const [works, setWorks] = useState<EntryWork[]>(first.list);
  const [page, setPage] = useState(first.page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [state, setState] = useState<LoadState>("idle");

  const loadMore = async () => {
    if (state === "loading") return;
    setState("loading");
    try {
      const next = await api.get<WorksPage>(
        `/api/item/works/cn/${entryId}/${page + 1}/${first.size}`,
      );
      setWorks((list) => [...list, ...next.list.filter((w) => !list.some((x) => x.id === w.id))]);
      setPage(next.page);
      setHasMore(next.hasMore);
      setState("idle");
    } catch {
      setState("error");
    }
  };

  return (
    <>
      <ul className="tj-works">
        {works.map((w) => (
          <li key={w.id}>
            <AppLink to={`/detail/${w.id}`}>
              <strong>{w.name}</strong>
              <span className="tj-works__line">{w.firstLine}</span>
              {w.collection && <small>{w.collection}</small>}
            </AppLink>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <button
          type="button"
          className="tj-more"
          onClick={loadMore}
          disabled={state === "loading"}
          aria-busy={state === "loading"}
        >
          {state === "loading"
            ? "加载中…"
            : state === "error"
              ? "加载失败，点击重试"
              : `加载更多（${works.length}/${first.total}）`}
        </button>
      ) : (
        first.total > first.size && <p className="tj-empty">已显示全部 {works.length} 篇</p>
      )}
    </>
  );
}
