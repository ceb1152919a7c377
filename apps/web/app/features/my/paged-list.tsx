import { type ReactNode, useCallback } from "react";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { type ListPage, useMorePages } from "../../shell/use-more-pages.ts";

/**
 * A list of my pages shown a page at a time: the first page from the loader, the next ones
 * from the API call `path` (which takes `page` and `size`) on 加载更多. Give it a `key` per list:
 * switching tabs starts a new list.
 */
export function PagedList<T extends { id: string }>({
  first,
  path,
  empty,
  render,
}: {
  first: ListPage<T> & { size: number; total: number };
  path: string;
  empty: ReactNode;
  render: (list: T[]) => ReactNode;
}) {
  const { api } = usePlatform();
  const loadPage = useCallback(
    (page: number) =>
      api.get<ListPage<T>>(
        `${path}${path.includes("?") ? "&" : "?"}page=${page}&size=${first.size}`,
      ),
    [api, path, first.size],
  );
  const { list, hasMore, state, loadMore } = useMorePages(first, loadPage);
  if (list.length === 0) return <p className="tj-my-empty">{empty}</p>;
  return (
    <>
      {render(list)}
      {hasMore && (
        <MoreButton
          state={state}
          onClick={loadMore}
          label={`加载更多（${list.length}/${first.total}）`}
        />
      )}
    </>
  );
}
