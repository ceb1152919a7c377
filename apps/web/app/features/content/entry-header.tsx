import type { EntryDetail } from "@tongjian/contracts/content";
import type { ReactNode } from "react";
import { KIND_NAMES, TEXT_KINDS } from "./entry-kinds.ts";

/** What entry pages render: the detail without its raw record data. */
export type EntryView = Omit<EntryDetail, "facts">;

import "./entry-header.css";

/**
 * Name, kind, image, time and other names of an entry; the caller adds what fits its page.
 * `time: false` leaves the time out where the page gives it another way (a poem's byline).
 */
export function EntryHeader({
  entry,
  time = true,
  children,
}: {
  entry: EntryView;
  time?: boolean;
  children?: ReactNode;
}) {
  const withImage = !TEXT_KINDS.has(entry.kind);
  return (
    <header className={withImage ? "tj-entryhead" : "tj-entryhead tj-entryhead--text"}>
      {withImage && (
        <img
          className="tj-entryhead__image"
          src={entry.imageUrl}
          alt={`${entry.name}示意图`}
          width={96}
          height={96}
          decoding="async"
        />
      )}
      <div className="tj-entryhead__text">
        <p className="tj-entryhead__kind">{KIND_NAMES[entry.kind] ?? "词条"}</p>
        <h1 className="tj-entryhead__name">{entry.name}</h1>
        {time && entry.timeDesc && <p className="tj-entry__time">{entry.timeDesc}</p>}
        {entry.aliases.length > 0 && (
          <p className="tj-entry__aliases">又称：{entry.aliases.join("、")}</p>
        )}
        {children}
      </div>
    </header>
  );
}
