import type { MoreState } from "../../shell/use-more-pages.ts";

/**
 * 查看全部 under a collapsed list; gone once the list is open. Where the rest of the list is
 * fetched first, `state` shows it: busy while it loads, a retry after it failed.
 */
export function ShowAllButton({
  total,
  onClick,
  label = "查看全部",
  state = "idle",
}: {
  total: number;
  onClick: () => void;
  label?: string;
  state?: MoreState;
}) {
  return (
    <button
      type="button"
      className="tj-more"
      onClick={onClick}
      disabled={state === "loading"}
      aria-busy={state === "loading"}
    >
      {state === "loading"
        ? "加载中…"
        : state === "error"
          ? "加载失败，点击重试"
          : `${label}（${total}）`}
    </button>
  );
}
