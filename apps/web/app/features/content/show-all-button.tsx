import { MoreButton } from "../../shell/more-button.tsx";
import type { MoreState } from "../../shell/use-more-pages.ts";

/**
 * 查看全部（N） under a collapsed list; gone once the list is open. Where the rest of the list is
 * fetched first, `state` shows it as 加载更多 does: busy while it loads, a retry after a failure.
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
  return <MoreButton state={state} onClick={onClick} label={`${label}（${total}）`} />;
}
