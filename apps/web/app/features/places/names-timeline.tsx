import type { PlaceHolder, PlaceNamePeriod } from "@tongjian/contracts/places";
import { AppLink } from "../../shell/app-link.tsx";

/** A place's names, oldest first, down a vertical line: the years on the left, the name on the right. */
export function NamesTimeline({ names }: { names: readonly PlaceNamePeriod[] }) {
  if (names.length === 0) return <p className="tj-empty">本站还没有整理这处地点的历代名称。</p>;
  return (
    <ol className="tj-names" aria-label="历代名称">
      {names.map((n) => (
        <li className="tj-names__item" key={`${n.name}|${n.from}|${n.to}|${n.note}`}>
          <span className="tj-names__years">{n.timeDesc || "年代不详"}</span>
          <span className="tj-names__dot" aria-hidden="true" />
          <span className="tj-names__body">
            <span className="tj-names__name">{n.name}</span>
            {n.note && <span className="tj-names__note">{n.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The regimes that held the place, from the time map's territories; a note while there are none. */
export function PlaceHolders({ holders }: { holders: readonly PlaceHolder[] | null }) {
  if (holders === null)
    return (
      <p className="tj-places__note">
        各政权疆域正在整理，整理完成后这里会按年代列出管辖此地的政权。
      </p>
    );
  if (holders.length === 0)
    return <p className="tj-places__note">本站收录的政权疆域都不包括这里。</p>;
  return (
    <ol className="tj-holders">
      {holders.map((h) => (
        <li key={`${h.regimeId}-${h.from}`} className="tj-holders__item">
          <AppLink to={`/detail/${h.regimeId}`} className="tj-holders__name">
            {h.name}
          </AppLink>
          <span className="tj-holders__years">
            {h.timeDesc}
            {h.approx && "（疆域为近似）"}
          </span>
        </li>
      ))}
    </ol>
  );
}
