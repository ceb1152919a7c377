import type { MoreState } from "./use-more-pages.ts";

/** 加载更多 under a list: busy while a page loads, a retry after one failed. */
export function MoreButton({
  state,
  onClick,
  label = "加载更多",
}: {
  state: MoreState;
  onClick: () => void;
  /** What the idle button says, e.g. with a count: 加载更多（20/57）. */
  label?: string;
}) {
  return (
    <button
      type="button"
      className="tj-more"
      onClick={onClick}
      disabled={state === "loading"}
      aria-busy={state === "loading"}
    >
      {state === "loading" ? "加载中…" : state === "error" ? "加载失败，点击重试" : label}
    </button>
  );
}
