import type { EntryTimeline as Timeline, TimelineEvent } from "@tongjian/contracts/content";
import { TIMELINE_PREVIEW_COUNT } from "@tongjian/domain/relation-groups";
import { useCallback, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useWholeList } from "../../shell/use-whole-list.ts";
import { ShowAllButton } from "./show-all-button.tsx";
import "./entry-timeline.css";

/** One dated moment: its time, its title (a link when it names an entry) and what happened. */
function TimelineItem({ item }: { item: TimelineEvent }) {
  return (
    <li className="tj-timeline__item">
      <time className="tj-timeline__time">{item.timeDesc}</time>
      <div className="tj-timeline__body">
        {item.itemId ? (
          <AppLink to={`/detail/${item.itemId}`} className="tj-timeline__title">
            {item.title}
          </AppLink>
        ) : (
          <span className="tj-timeline__title">{item.title}</span>
        )}
        {item.desc && <p>{item.desc}</p>}
      </div>
    </li>
  );
}

/**
 * Dated moments of an entry, oldest first; the first few unless the page opened expanded. An
 * entry page ships only those and the count (`total`); 查看全部 then fetches the rest once.
 */
export function EntryTimeline({
  list,
  expanded,
  total = list.length,
  entryId,
}: {
  list: TimelineEvent[];
  expanded: boolean;
  /** How many moments there are, when `list` holds only the first ones (then `entryId` too). */
  total?: number;
  entryId?: string;
}) {
  const { api } = usePlatform();
  const [open, setOpen] = useState(expanded);
  const load = useCallback(
    async () => (await api.get<Timeline>(`/api/item/timeline/cn/${entryId}`)).list,
    [api, entryId],
  );
  const { whole, state, request } = useWholeList(load);
  if (total === 0) return <p className="tj-empty">暂无时间线</p>;
  const items = whole ?? list;
  const shown = open ? items : items.slice(0, TIMELINE_PREVIEW_COUNT);
  const showAll = () => {
    if (items.length >= total || !entryId) setOpen(true);
    else void request().then((all) => all && setOpen(true));
  };
  return (
    <>
      <ol className="tj-timeline">
        {shown.map((item) => (
          <TimelineItem key={`${item.year}|${item.title}|${item.itemId}`} item={item} />
        ))}
      </ol>
      {!open && total > shown.length && (
        <ShowAllButton total={total} state={state} onClick={showAll} />
      )}
    </>
  );
}
