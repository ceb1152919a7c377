import type { TimeBar, TimeKind } from "@tongjian/contracts/graph-time";
import {
  axisToYear,
  clampZoom,
  MAX_PX_PER_YEAR,
  MIN_PX_PER_YEAR,
  tickLabel,
  tickStep,
  yearTicks,
  yearToAxis,
} from "@tongjian/domain/time-columns";
import {
  type CSSProperties,
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { AppLink } from "../../shell/app-link.tsx";
import {
  axisAtOffset,
  type BarBox,
  barBox,
  ERA_BAND,
  LANE,
  layout,
  type Orientation,
  offsetOfAxis,
  PAD,
  RULER,
  visibleBars,
  yearOffset,
} from "./time-layout.ts";
import "./time-chart.css";

/** How far beyond the visible part bars are already put in the page, in px. */
const OVERSCAN = 300;
/** The drawn window moves in steps of this many px. */
const CHUNK = 300;
/** The window drawn before the browser has measured the viewport (the server's render). */
const FIRST_WINDOW = { along: 900, across: 420 };
const ZOOM_STEP = 1.6;
const KIND_WORD: Record<TimeKind, string> = { regime: "政权", event: "事件", person: "人物" };

export interface ChartFocus {
  id: string;
  start: number;
  end: number;
  /** People whose lives overlap it. */
  with: ReadonlySet<string>;
}

export interface TimeChartProps {
  orientation: Orientation;
  from: number;
  to: number;
  eras: readonly TimeBar[];
  bars: readonly TimeBar[];
  lanes: Record<TimeKind, number>;
  initialPxPerYear: number;
  year: number | null;
  focus: ChartFocus | null;
  /** Scroll the picture to this year (and this bar's column) whenever `jump.n` changes. */
  jump: { year: number; n: number; barId?: string | undefined } | null;
  /** A tap on the ruler puts the cursor on that year. */
  onPickYear: (year: number) => void;
}

/**
 * A bar's box in years, scaled by the canvas's `--ppy` (px per year): a zoom changes one
 * custom property, and no bar has to be drawn again by React for it.
 */
function scaledStyle(
  o: Orientation,
  axisFrom: number,
  bar: Pick<TimeBar, "start" | "end">,
  cross: number,
  breadth: number,
): CSSProperties {
  const from = yearToAxis(bar.start) - axisFrom;
  const years = yearToAxis(bar.end) - yearToAxis(bar.start) + 1;
  const at = `calc(${PAD}px + ${from} * var(--ppy))`;
  const length = `max(2px, calc(${years} * var(--ppy)))`;
  return o === "vertical"
    ? { top: at, height: length, left: cross, width: breadth }
    : { left: at, width: length, top: cross, height: breadth };
}

function boxStyle(o: Orientation, b: BarBox): CSSProperties {
  return o === "vertical"
    ? { top: b.at, height: b.length, left: b.cross, width: b.breadth }
    : { left: b.at, width: b.length, top: b.cross, height: b.breadth };
}

function prefersReducedMotion() {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * One bar, drawn again only when its own look or the zoom changes (not on every scroll step
 * that brings others into the window).
 */
const Bar = memo(function Bar({
  bar,
  axisFrom,
  cross,
  o,
  className,
}: {
  bar: TimeBar;
  axisFrom: number;
  cross: number;
  o: Orientation;
  className: string;
}) {
  return (
    <AppLink
      to={`/detail/${bar.id}`}
      tabIndex={-1}
      className={className}
      style={scaledStyle(o, axisFrom, bar, cross, LANE[bar.kind] - 2)}
      title={`${bar.name}（${KIND_WORD[bar.kind]}，${bar.timeDesc}）`}
      data-id={bar.id}
    >
      <span>{bar.name}</span>
    </AppLink>
  );
});

/**
 * Regimes, events and lives as bars over the years, in columns. Only what is near the visible
 * part is in the page; it scrolls both ways, zooms with two fingers, ctrl + wheel, the + and −
 * keys and the buttons. The picture is hidden from screen readers: the lists beside it say the
 * same (time-lists.tsx), and every bar is a link there too.
 */
export function TimeChart(props: TimeChartProps) {
  const { orientation: o, eras, bars, lanes } = props;
  const vertical = o === "vertical";
  const viewport = useRef<HTMLDivElement>(null);
  const [px, setPx] = useState(props.initialPxPerYear);
  const l = useMemo(
    () => layout({ from: props.from, to: props.to, pxPerYear: px, lanes }),
    [props.from, props.to, px, lanes],
  );
  const [view, setView] = useState({
    alongFrom: 0,
    alongTo: FIRST_WINDOW.along,
    acrossFrom: 0,
    acrossTo: FIRST_WINDOW.across,
  });
  /** Where to keep an axis year after a zoom: its offset inside the viewport. */
  const anchor = useRef<{ axis: number; inView: number } | null>(null);
  const layoutRef = useRef(l);
  layoutRef.current = l;

  // The window snaps to blocks of CHUNK px: a scroll that stays inside them changes nothing,
  // so most frames of a scroll cost React no work at all.
  const measure = () => {
    const el = viewport.current;
    if (!el) return;
    const along = vertical ? el.scrollTop : el.scrollLeft;
    const across = vertical ? el.scrollLeft : el.scrollTop;
    const alongSize = vertical ? el.clientHeight : el.clientWidth;
    const acrossSize = vertical ? el.clientWidth : el.clientHeight;
    const down = (v: number) => Math.floor(v / CHUNK) * CHUNK;
    const up = (v: number) => Math.ceil(v / CHUNK) * CHUNK;
    const next = {
      alongFrom: down(along - OVERSCAN),
      alongTo: up(along + alongSize + OVERSCAN),
      acrossFrom: down(across - OVERSCAN),
      acrossTo: up(across + acrossSize + OVERSCAN),
    };
    setView((v) =>
      v.alongFrom === next.alongFrom &&
      v.alongTo === next.alongTo &&
      v.acrossFrom === next.acrossFrom &&
      v.acrossTo === next.acrossTo
        ? v
        : next,
    );
  };

  const scrollAlong = (offset: number) => {
    const el = viewport.current;
    if (!el) return;
    const to = Math.max(0, offset);
    el.scrollTo(vertical ? { top: to } : { left: to });
  };

  // After a zoom, the year that was under the fingers (or the middle) stays where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the zoom changed the layout
  useLayoutEffect(() => {
    const a = anchor.current;
    anchor.current = null;
    if (a) scrollAlong(offsetOfAxis(l, a.axis) - a.inView);
    measure();
  }, [l]);

  const zoomBy = (factor: number, inView?: number) => {
    const el = viewport.current;
    if (!el) return;
    const size = vertical ? el.clientHeight : el.clientWidth;
    const at = inView ?? size / 2;
    const scrolled = vertical ? el.scrollTop : el.scrollLeft;
    const current = layoutRef.current;
    const next = clampZoom(current.pxPerYear * factor);
    if (next === current.pxPerYear) return;
    anchor.current = { axis: axisAtOffset(current, scrolled + at), inView: at };
    setPx(next);
  };
  const zoomRef = useRef(zoomBy);
  zoomRef.current = zoomBy;

  // Jumps: to the year asked for, a third of the way into the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a jump is asked for by its counter
  useEffect(() => {
    const jump = props.jump;
    const el = viewport.current;
    if (!jump || !el) return;
    const size = vertical ? el.clientHeight : el.clientWidth;
    const smooth = jump.n > 0 && !prefersReducedMotion();
    const along = Math.max(0, yearOffset(layoutRef.current, jump.year) - size / 3);
    // A chosen bar's column is brought to the middle across, past the ruler.
    const bar = jump.barId ? bars.find((b) => b.id === jump.barId) : undefined;
    const acrossSize = vertical ? el.clientWidth : el.clientHeight;
    const across = bar
      ? Math.max(0, barBox(layoutRef.current, bar).cross - (acrossSize + RULER) / 2)
      : vertical
        ? el.scrollLeft
        : el.scrollTop;
    el.scrollTo({
      top: vertical ? along : across,
      left: vertical ? across : along,
      behavior: smooth ? "smooth" : "auto",
    });
  }, [props.jump?.n]);

  // Scroll, resize, pinch and ctrl + wheel, on the element itself: touchmove must be able to
  // stop the page from zooming, which a passive React listener cannot.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listeners read the latest state by refs
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    let pinch: { dist: number; mid: number; applied: number } | null = null;
    const spread = (t: TouchList) => {
      const a = t[0] as Touch;
      const b = t[1] as Touch;
      return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    };
    const midpoint = (t: TouchList) => {
      const a = t[0] as Touch;
      const b = t[1] as Touch;
      const box = el.getBoundingClientRect();
      return vertical
        ? (a.clientY + b.clientY) / 2 - box.top
        : (a.clientX + b.clientX) / 2 - box.left;
    };
    const onTouchStart = (e: TouchEvent) => {
      if (e.touches.length === 2)
        pinch = { dist: spread(e.touches), mid: midpoint(e.touches), applied: 1 };
    };
    const onTouchMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      const scale = spread(e.touches) / pinch.dist;
      // Applied in steps of 4 % so that a slow pinch does not re-draw on every pixel.
      if (Math.abs(scale / pinch.applied - 1) < 0.04) return;
      zoomRef.current(scale / pinch.applied, pinch.mid);
      pinch.applied = scale;
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) pinch = null;
    };
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const box = el.getBoundingClientRect();
      zoomRef.current(
        Math.exp(-e.deltaY / 200),
        vertical ? e.clientY - box.top : e.clientX - box.left,
      );
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("touchstart", onTouchStart, { passive: true });
    el.addEventListener("touchmove", onTouchMove, { passive: false });
    el.addEventListener("touchend", onTouchEnd, { passive: true });
    el.addEventListener("wheel", onWheel, { passive: false });
    const resize = typeof ResizeObserver === "function" ? new ResizeObserver(onScroll) : null;
    resize?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("touchstart", onTouchStart);
      el.removeEventListener("touchmove", onTouchMove);
      el.removeEventListener("touchend", onTouchEnd);
      el.removeEventListener("wheel", onWheel);
      resize?.disconnect();
    };
  }, []);

  const shown = useMemo(() => visibleBars(l, bars, view), [l, bars, view]);
  const ticks = useMemo(() => {
    const step = tickStep(l.pxPerYear);
    const first = axisToYear(axisAtOffset(l, Math.max(0, view.alongFrom)));
    const last = axisToYear(axisAtOffset(l, view.alongTo));
    return yearTicks(Math.max(first, props.from), Math.min(last, props.to), step);
  }, [l, view.alongFrom, view.alongTo, props.from, props.to]);

  const focus = props.focus;
  const classOf = (bar: TimeBar) => {
    let c = `tj-tc-bar tj-tc-bar--${bar.kind}`;
    if (focus) {
      if (bar.id === focus.id) c += " is-focus";
      else if (bar.kind === "person") c += focus.with.has(bar.id) ? " is-with" : " is-dim";
    }
    if (props.year !== null && bar.start <= props.year && props.year <= bar.end) c += " is-now";
    return c;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "+" || e.key === "=") zoomBy(ZOOM_STEP);
    else if (e.key === "-" || e.key === "_") zoomBy(1 / ZOOM_STEP);
    else return;
    e.preventDefault();
  };

  const onRulerClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const el = viewport.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    const offset = vertical
      ? e.clientY - box.top + el.scrollTop
      : e.clientX - box.left + el.scrollLeft;
    props.onPickYear(axisToYear(axisAtOffset(l, offset)));
  };

  const size = (
    vertical
      ? { height: l.along, width: l.across, "--ppy": `${l.pxPerYear}px` }
      : { width: l.along, height: l.across, "--ppy": `${l.pxPerYear}px` }
  ) as CSSProperties;
  const label = vertical
    ? "时间柱图：自上而下为年代，各列为政权、事件与人物。可上下左右滑动，双指缩放。"
    : "时间轴图：自左向右为年代，各行为政权、事件与人物。可上下左右滑动，双指缩放。";

  return (
    <div className={`tj-tc tj-tc--${o}`}>
      <div
        ref={viewport}
        className="tj-tc__viewport"
        role="region"
        aria-label={`${label}同样的内容见下方文字列表。`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll and zoom it
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="time-viewport"
        data-px-per-year={px}
      >
        <div className="tj-tc__canvas" style={size} aria-hidden="true">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the year field above does the same by keyboard */}
          <div
            className="tj-tc__ruler"
            style={vertical ? { height: l.along, width: RULER } : { width: l.along, height: RULER }}
            onClick={onRulerClick}
          >
            {ticks.map((year) => (
              <span
                key={year}
                className="tj-tc__tick"
                style={vertical ? { top: yearOffset(l, year) } : { left: yearOffset(l, year) }}
              >
                {tickLabel(year)}
              </span>
            ))}
          </div>
          {eras.map((era) => (
            <AppLink
              key={era.id}
              to={`/detail/${era.id}`}
              tabIndex={-1}
              className="tj-tc-era"
              style={scaledStyle(o, l.axisFrom, era, RULER, ERA_BAND - 2)}
              data-id={era.id}
            >
              <span>{era.name}</span>
            </AppLink>
          ))}
          {focus && (
            <div
              className="tj-tc__band"
              style={boxStyle(o, {
                at: yearOffset(l, focus.start),
                length: yearOffset(l, focus.end) + l.pxPerYear - yearOffset(l, focus.start),
                cross: RULER,
                breadth: l.across - RULER,
              })}
            />
          )}
          {shown.map((bar) => (
            <Bar
              key={bar.id}
              bar={bar}
              axisFrom={l.axisFrom}
              cross={l.groupStart[bar.kind] + bar.lane * LANE[bar.kind]}
              o={o}
              className={classOf(bar)}
            />
          ))}
          {props.year !== null && (
            <div
              className="tj-tc__cursor"
              data-testid="time-cursor"
              style={
                vertical
                  ? { top: yearOffset(l, props.year) + l.pxPerYear / 2, width: l.across }
                  : { left: yearOffset(l, props.year) + l.pxPerYear / 2, height: l.across }
              }
            >
              <span className="tj-tc__cursor-label">{tickLabel(props.year)}</span>
            </div>
          )}
        </div>
      </div>
      <div className="tj-tc__zoom">
        <button
          type="button"
          className="tj-tc__zoom-button"
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={px >= MAX_PX_PER_YEAR}
          aria-label="放大（看得更细）"
        >
          ＋
        </button>
        <button
          type="button"
          className="tj-tc__zoom-button"
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={px <= MIN_PX_PER_YEAR}
          aria-label="缩小（看得更全）"
        >
          －
        </button>
      </div>
    </div>
  );
}
