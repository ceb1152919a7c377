import type { WorksPage } from "@tongjian/contracts/content";
import { useCallback } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useMorePages } from "../../shell/use-more-pages.ts";
import "./entry-works.css";

/** An author's works, the first page from the server, then 加载更多 page by page. */
export function EntryWorks({ entryId, first }: { entryId: string; first: WorksPage }) {
  const { api } = usePlatform();
  const loadPage = useCallback(
    (page: number) => api.get<WorksPage>(`/api/item/works/cn/${entryId}/${page}/${first.size}`),
    [api, entryId, first.size],
  );
  const works = useMorePages(first, loadPage);

  return (
    <>
      <ul className="tj-works">
        {works.list.map((w) => (
          <li key={w.id}>
            <AppLink to={`/detail/${w.id}`}>
              <strong>{w.name}</strong>
              <span className="tj-works__line">{w.firstLine}</span>
              {w.collection && <small>{w.collection}</small>}
            </AppLink>
          </li>
        ))}
      </ul>
      {works.hasMore ? (
        <MoreButton
          state={works.state}
          onClick={works.loadMore}
          label={`加载更多（${works.list.length}/${first.total}）`}
        />
      ) : (
        first.total > first.size && <p className="tj-empty">已显示全部 {works.list.length} 篇</p>
      )}
    </>
  );
}
