import { sourceLine } from "@tongjian/domain/entry-sources";

import "./entry-sources.css";

/** The 资料来源 line at the end of an entry page; nothing when the entry cites no source. */
export function EntrySources({ sources }: { sources: readonly string[] }) {
  const line = sourceLine(sources);
  return line ? <p className="tj-entry__sources">{line}</p> : null;
}
