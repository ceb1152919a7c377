import type { TimeBar, TimeKind } from "@tongjian/contracts/graph-time";
import { tickLabel, tickStep, yearTicks, yearToAxis } from "@tongjian/domain/time-columns";
import "./time-share-figure.css";

const WIDTH = 520;
const RULER = 32;
const ERA_ROW = 28;
const ROW: Record<TimeKind, number> = { regime: 32, event: 26, person: 26 };
const GAP = 10;
/** A name is written inside its bar when the bar is this much wider than the name. */
const CHAR_PX = 15;

/**
 * The shared view (/timebar/share) as one picture drawn on the server: the years around the
 * chosen one across, the regimes and the people of that time as bars, the year as a red line.
 * A static image (no script, no links): the lists beneath it carry the links.
 */
export function TimeShareFigure({
  from,
  to,
  year,
  eras,
  bars,
  lanes,
  focusId,
  label,
}: {
  from: number;
  to: number;
  year: number | null;
  eras: readonly TimeBar[];
  bars: readonly TimeBar[];
  lanes: Record<TimeKind, number>;
  focusId: string | null;
  label: string;
}) {
  const axisFrom = yearToAxis(from);
  const scale = WIDTH / (yearToAxis(to) + 1 - axisFrom);
  const x = (y: number) => (yearToAxis(y) - axisFrom) * scale;
  const clampX = (v: number) => Math.min(WIDTH, Math.max(0, v));
  const top = { regime: 0, event: 0, person: 0 };
  let at = RULER + ERA_ROW + GAP;
  for (const kind of ["regime", "event", "person"] as const) {
    top[kind] = at;
    if (lanes[kind] > 0) at += lanes[kind] * ROW[kind] + GAP;
  }
  const height = at;
  const step = tickStep(scale, 80);
  const box = (b: TimeBar) => {
    const left = clampX(x(b.start));
    const right = clampX(x(b.end) + scale);
    return { left, width: Math.max(2, right - left) };
  };
  const name = (b: TimeBar, left: number, width: number, y: number, h: number) =>
    width > b.name.length * CHAR_PX + 8 ? (
      <text x={left + 4} y={y + h / 2 + 5} className="tj-ts__name">
        {b.name}
      </text>
    ) : null;

  return (
    <svg
      className="tj-ts"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={label}
      data-testid="share-figure"
    >
      <rect className="tj-ts__bg" x={0} y={0} width={WIDTH} height={height} />
      {yearTicks(from, to, step).map((t) => (
        <g key={t}>
          <line className="tj-ts__grid" x1={x(t)} x2={x(t)} y1={RULER - 6} y2={height} />
          <text className="tj-ts__tick" x={x(t) + 3} y={18}>
            {tickLabel(t)}
          </text>
        </g>
      ))}
      {eras.map((e) => {
        const { left, width } = box(e);
        return (
          <g key={e.id}>
            <rect
              className="tj-ts__era"
              x={left}
              y={RULER}
              width={width}
              height={ERA_ROW - 2}
              rx={3}
            />
            {name(e, left, width, RULER, ERA_ROW - 2)}
          </g>
        );
      })}
      {bars.map((b) => {
        const { left, width } = box(b);
        const y = top[b.kind] + b.lane * ROW[b.kind];
        const h = ROW[b.kind] - 3;
        const focus = b.id === focusId ? " is-focus" : "";
        const now = year !== null && b.start <= year && year <= b.end ? " is-now" : "";
        return (
          <g key={b.id}>
            <rect
              className={`tj-ts__bar tj-ts__bar--${b.kind}${focus}${now}`}
              x={left}
              y={y}
              width={width}
              height={h}
              rx={3}
            />
            {name(b, left, width, y, h)}
          </g>
        );
      })}
      {year !== null && (
        <g>
          <line
            className="tj-ts__cursor"
            x1={x(year) + scale / 2}
            x2={x(year) + scale / 2}
            y1={RULER - 4}
            y2={height}
          />
          <text className="tj-ts__cursor-label" x={x(year) + scale / 2 + 4} y={RULER - 8}>
            {tickLabel(year)}
          </text>
        </g>
      )}
    </svg>
  );
}
