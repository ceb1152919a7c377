import type { TimelineEvent } from "@tongjian/contracts/content";
import { TIMELINE_PREVIEW_COUNT } from "@tongjian/domain/relation-groups";
import { useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
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

/** Dated moments of an entry, oldest first; the first few unless the page opened expanded. */
export function EntryTimeline({ list, expanded }: { list: TimelineEvent[]; expanded: boolean }) {
  const [open, setOpen] = useState(expanded);
  if (list.length === 0) return <p className="tj-empty">暂无时间线</p>;
  const shown = open ? list : list.slice(0, TIMELINE_PREVIEW_COUNT);
  return (
    <>
      <ol className="tj-timeline">
        {shown.map((item) => (
          <TimelineItem key={`${item.year}|${item.title}|${item.itemId}`} item={item} />
        ))}
      </ol>
      {!open && list.length > shown.length && (
        <ShowAllButton total={list.length} onClick={() => setOpen(true)} />
      )}
    </>
  );
}
