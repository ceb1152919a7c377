import { formatRelativeTime } from "@tongjian/domain/relative-time";
import type { ReactNode } from "react";
import { AppLink } from "../../shell/app-link.tsx";

/** An entry or article in my lists (likes, history, the reading ranking). */
export interface MyListItem {
  id: string;
  type: "entry" | "article";
  title: string;
  /** The entry's kind or the article's section; the device's list has none. */
  label?: string;
  summary?: string;
}

export const itemHref = (item: Pick<MyListItem, "id" | "type">) =>
  item.type === "article" ? `/ah/article/${item.id}` : `/detail/${item.id}`;

/** "3天前" from a time, against the time the page's data was made (same text on both sides). */
export function ago(iso: string | number, now: number): string {
  return formatRelativeTime(iso, now);
}

/**
 * Items as a list of links. `meta` writes the line under each (when it was read or liked, how
 * often); `rank` numbers them (the reading ranking).
 */
export function MyItemList<T extends MyListItem>({
  items,
  meta,
  rank = false,
  testId,
}: {
  items: readonly T[];
  meta: (item: T) => ReactNode;
  rank?: boolean;
  testId?: string;
}) {
  const List = rank ? "ol" : "ul";
  return (
    <List className={`tj-my-items${rank ? " tj-my-items--ranked" : ""}`} data-testid={testId}>
      {items.map((item, i) => (
        <li key={`${item.type}:${item.id}`} className="tj-my-items__item">
          <AppLink to={itemHref(item)} prefetch className="tj-my-items__link">
            {rank && (
              <span className="tj-my-items__rank" aria-hidden="true">
                {i + 1}
              </span>
            )}
            <span className="tj-my-items__text">
              <span className="tj-my-items__head">
                <span className="tj-my-items__label">
                  {item.label ?? (item.type === "article" ? "文章" : "词条")}
                </span>
                <strong className="tj-my-items__title">{item.title}</strong>
              </span>
              {item.summary && <span className="tj-my-items__summary">{item.summary}</span>}
              <small className="tj-my-items__meta">{meta(item)}</small>
            </span>
          </AppLink>
        </li>
      ))}
    </List>
  );
}
