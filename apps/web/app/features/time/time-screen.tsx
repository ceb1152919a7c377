import type { TimeBar, TimeKind } from "@tongjian/contracts/graph-time";
import {
  axisToYear,
  DEFAULT_PX_PER_YEAR,
  parseYearInput,
  yearToAxis,
} from "@tongjian/domain/time-columns";
import { formatYear } from "@tongjian/domain/year-format";
import { type FormEvent, useId, useMemo, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { findBars, focusAnswer, yearAnswer } from "./time-answers.ts";
import { type ChartFocus, TimeChart } from "./time-chart.tsx";
import type { Orientation } from "./time-layout.ts";
import { FocusList, YearList } from "./time-lists.tsx";
import "./time-screen.css";

export interface TimeScreenData {
  from: number;
  to: number;
  eras: TimeBar[];
  bars: TimeBar[];
  lanes: Record<TimeKind, number>;
  peopleTotal: number;
  peopleShown: number;
}

/** Years worth a tap: the unifications, the great turns, and 1127. */
const QUICK_YEARS = [-221, 220, 618, 960, 1127, 1279, 1368, 1644, 1912];

/** Keeps `?year=` and `?focus=` in the address, so the view can be shared or reloaded. */
function writeQuery(path: string, year: number | null, focus: string | null) {
  if (typeof window === "undefined") return;
  const params = new URLSearchParams();
  if (year !== null) params.set("year", String(year));
  if (focus) params.set("focus", focus);
  const search = params.toString();
  // React Router keeps its own entry key in history.state: it is carried over untouched.
  window.history.replaceState(window.history.state, "", search ? `${path}?${search}` : path);
}

/**
 * /timeColumn and /timebar: the same bars, down the screen or across it. The year field, the
 * slider and the quick years put a cursor on a year and list what stood then; the person field
 * picks someone whose life is then shaded across the columns, with their contemporaries listed.
 */
export function TimeScreen({
  orientation,
  path,
  title,
  data,
  initialYear,
  initialFocus,
}: {
  orientation: Orientation;
  path: string;
  title: string;
  data: TimeScreenData;
  initialYear: number | null;
  initialFocus: string | null;
}) {
  const ids = useId();
  const [year, setYear] = useState<number | null>(initialYear);
  const [focusId, setFocusId] = useState<string | null>(initialFocus);
  const [jump, setJump] = useState<{ year: number; n: number } | null>(() => {
    const first = initialYear ?? data.bars.find((b) => b.id === initialFocus)?.start ?? data.from;
    return { year: first, n: 0 };
  });
  const [yearText, setYearText] = useState(initialYear === null ? "" : formatYear(initialYear));
  const [yearError, setYearError] = useState<string | null>(null);
  const [query, setQuery] = useState("");

  const everything = useMemo(() => [...data.eras, ...data.bars], [data]);
  const focusBar = focusId ? (everything.find((b) => b.id === focusId) ?? null) : null;
  const focus = useMemo(
    () => (focusBar ? focusAnswer(data.bars, focusBar) : null),
    [data.bars, focusBar],
  );
  // The lit columns are every contemporary, not only those listed.
  const chartFocus = useMemo<ChartFocus | null>(
    () =>
      focusBar && {
        id: focusBar.id,
        start: focusBar.start,
        end: focusBar.end,
        with: new Set(
          data.bars
            .filter(
              (b) => b.kind === "person" && b.start <= focusBar.end && b.end >= focusBar.start,
            )
            .map((b) => b.id),
        ),
      },
    [focusBar, data.bars],
  );
  const answer = useMemo(
    () => (year === null ? null : yearAnswer(data.eras, data.bars, year)),
    [data.eras, data.bars, year],
  );
  const found = useMemo(() => findBars(everything, query), [everything, query]);

  const goToYear = (next: number, scroll = true) => {
    setYear(next);
    setYearText(formatYear(next));
    setYearError(null);
    if (scroll) setJump((j) => ({ year: next, n: (j?.n ?? 0) + 1 }));
    writeQuery(path, next, focusId);
  };
  const onYearSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseYearInput(yearText);
    if (parsed === null) {
      setYearError("请输入前3000年到2100年之间的年份，如 1127、前221");
      return;
    }
    goToYear(parsed);
  };
  const pick = (bar: TimeBar) => {
    setFocusId(bar.id);
    setQuery("");
    setJump((j) => ({ year: bar.start, n: (j?.n ?? 0) + 1, barId: bar.id }));
    writeQuery(path, year, bar.id);
  };
  const clearFocus = () => {
    setFocusId(null);
    writeQuery(path, year, null);
  };

  const sliderMin = yearToAxis(data.from);
  const sliderMax = yearToAxis(data.to);
  const other =
    orientation === "vertical"
      ? { to: "/timebar", label: "横向时间轴" }
      : { to: "/timeColumn", label: "竖向时间柱" };
  const shareQuery = new URLSearchParams();
  if (year !== null) shareQuery.set("year", String(year));
  if (focusId) shareQuery.set("focus", focusId);

  return (
    <main className={`tj-time tj-time--${orientation}`}>
      <header className="tj-time__head">
        <AppLink className="tj-time__home" to="/" aria-label="返回首页">
          通鉴
        </AppLink>
        <h1 className="tj-time__title">{title}</h1>
        <AppLink
          className="tj-time__switch"
          to={`${other.to}${shareQuery.size ? `?${shareQuery}` : ""}`}
        >
          {other.label}
        </AppLink>
      </header>
      <form className="tj-time__year" onSubmit={onYearSubmit} noValidate>
        <label htmlFor={`${ids}-year`}>跳到年份</label>
        <input
          id={`${ids}-year`}
          name="year"
          inputMode="text"
          autoComplete="off"
          placeholder="如 1127 或 前221"
          value={yearText}
          onChange={(e) => setYearText(e.target.value)}
          aria-invalid={yearError !== null}
          aria-describedby={yearError ? `${ids}-year-error` : undefined}
        />
        <button type="submit" className="tj-button">
          跳转
        </button>
        {yearError && (
          <p className="tj-time__error" id={`${ids}-year-error`} role="alert">
            {yearError}
          </p>
        )}
      </form>
      <div className="tj-time__pick">
        <label htmlFor={`${ids}-who`}>选人物（或政权、事件）</label>
        <input
          id={`${ids}-who`}
          type="search"
          autoComplete="off"
          placeholder="如 苏轼"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-controls={query.trim() !== "" ? `${ids}-who-list` : undefined}
        />
        {query.trim() !== "" && (
          <ul className="tj-time__found" id={`${ids}-who-list`} aria-label="找到的条目">
            {found.length === 0 && <li className="tj-time__none">时间轴上没有叫“{query}”的条目</li>}
            {found.map((bar) => (
              <li key={bar.id}>
                <button type="button" className="tj-time__found-item" onClick={() => pick(bar)}>
                  <span>{bar.name}</span>
                  <span className="tj-time__found-time">{bar.timeDesc}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <TimeChart
        orientation={orientation}
        from={data.from}
        to={data.to}
        eras={data.eras}
        bars={data.bars}
        lanes={data.lanes}
        initialPxPerYear={DEFAULT_PX_PER_YEAR}
        year={year}
        focus={chartFocus}
        jump={jump}
        onPickYear={(y) => goToYear(y, false)}
      />
      <div className="tj-time__slider">
        <label htmlFor={`${ids}-slider`} className="tj-visually-hidden">
          拖动选择年份
        </label>
        <input
          id={`${ids}-slider`}
          type="range"
          min={sliderMin}
          max={sliderMax}
          step={1}
          value={yearToAxis(year ?? jump?.year ?? data.from)}
          aria-valuetext={year === null ? "未选年份" : formatYear(year)}
          onChange={(e) => goToYear(axisToYear(Number(e.target.value)))}
        />
      </div>
      <ul className="tj-time__quick" aria-label="常用年份">
        {QUICK_YEARS.filter((y) => y >= data.from && y <= data.to).map((y) => (
          <li key={y}>
            <button
              type="button"
              className="tj-time__quick-year"
              aria-pressed={year === y}
              onClick={() => goToYear(y)}
            >
              {formatYear(y)}
            </button>
          </li>
        ))}
      </ul>

      <p className="tj-time__lead">
        {data.lanes.regime} 列政权、{data.peopleShown} 位人物
        {data.peopleTotal > data.peopleShown ? `（共 ${data.peopleTotal} 位，画出最知名的）` : ""}
        。点年份标尺或输入年份看那一年，选一个人物看他的同时代人；点任一条目打开词条。
      </p>

      {focus && <FocusList answer={focus} onClear={clearFocus} />}
      {answer ? (
        <YearList answer={answer} />
      ) : (
        <p className="tj-empty">选一个年份，这里列出那一年在位的政权和在世的人物。</p>
      )}
      <p className="tj-time__share">
        <AppLink to={`/timebar/share${shareQuery.size ? `?${shareQuery}` : ""}`}>
          分享这一刻的时间轴
        </AppLink>
      </p>
    </main>
  );
}
