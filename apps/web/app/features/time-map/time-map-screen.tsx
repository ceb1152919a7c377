import type {
  TimeMapEvent,
  TimeMapPerson,
  TimeMapRegime,
  TimeMapYearData,
  TimeMapYearsData,
} from "@tongjian/contracts/time-map";
import { formatYear } from "@tongjian/domain/year-format";
import {
  type FormEvent,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { AppLink } from "../../shell/app-link.tsx";
import type { MapLayers, MapPick, TimeMapCanvas } from "./map-canvas.client.ts";
import { fetchPeople, fetchWorld, fetchYear, hasYear } from "./time-map-api.ts";
import { type CentreRequest, TimeMapCanvasView } from "./time-map-canvas.tsx";
import {
  parseTypedYear,
  playYears,
  sliderToYear,
  stepYear,
  yearToSlider,
} from "./time-map-model.ts";
import { type SheetContent, TimeMapSheet } from "./time-map-sheet.tsx";
import { useYearInAddress } from "./year-address.ts";
import "./time-map.css";

/** A regime as the lists show it: everything but its outline. */
export type TimeMapRegimeSummary = Omit<TimeMapRegime, "geometry">;

/** A year as the page's first HTML carries it: the map's outlines come later, by the API. */
export type TimeMapYearSummary = Omit<TimeMapYearData, "regimes"> & {
  regimes: TimeMapRegimeSummary[];
};

export interface TimeMapPlace {
  id: string;
  name: string;
  modern: string | null;
  lng: number;
  lat: number;
}

export interface TimeMapScreenData {
  initial: TimeMapYearSummary;
  years: TimeMapYearsData;
  place: TimeMapPlace | null;
  /** Said above the map: a clamped year, a year or place the link named that is not known. */
  notice: string | null;
  /** What a /map/detail link names (a regime, an event …), drawn stronger. */
  focus: { id: string; kind: string; name: string; lng?: number; lat?: number } | null;
}

/** Between two years of the range player, once the first is drawn. */
const PLAY_STEP_MS = 160;
/** How many people the list under the map names (the map shows all the answer's). */
const PEOPLE_LISTED = 40;

/** Runs `work` in a task after the next frame has been painted. */
function afterPaint(work: () => void) {
  requestAnimationFrame(() => window.setTimeout(work, 0));
}

/** The years asked for ahead around a year that is drawn, nearest first. */
const NEAR_YEARS = [1, -1, 2, -2];

/** Loading is said only when a year takes longer than this (a quick one would flash). */
const LOADING_SHOWN_AFTER_MS = 250;

/** The events of Chinese regimes (the world's have their own switch), one array per answer. */
const chinaEventsOf = (() => {
  const made = new WeakMap<TimeMapYearData, TimeMapEvent[]>();
  return (d: TimeMapYearData) => {
    let list = made.get(d);
    if (!list) {
      list = d.events.filter((e) => e.regimeId !== null);
      made.set(d, list);
    }
    return list;
  };
})();

function stripGeometry(d: TimeMapYearData): TimeMapYearSummary {
  return { ...d, regimes: d.regimes.map(({ geometry: _g, ...r }) => r) };
}

/**
 * 时空地图: the regimes of a year drawn on the map with their names, the events of that year and
 * the years near it, capitals, and on demand the people alive then and the world's events of the
 * period. The year moves by the slider, a step, a notable year, a typed year or the range player;
 * every year's outlines come from the API and are drawn as soon as they arrive.
 */
export function TimeMapScreen({ title, data }: { title: string; data: TimeMapScreenData }) {
  const range = data.initial.range;
  const notable = data.years.years;
  const [year, setYearState] = useState(data.initial.year);
  /** The year whose answer the map and the lists show. */
  const [shown, setShown] = useState<TimeMapYearSummary>(data.initial);
  const [full, setFull] = useState<TimeMapYearData | null>(null);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const [notice, setNotice] = useState<string | null>(data.notice);
  const [peopleOn, setPeopleOn] = useState(false);
  const [people, setPeople] = useState<{ year: number; total: number; list: TimeMapPerson[] }>();
  const [peopleState, setPeopleState] = useState<"idle" | "loading" | "error">("idle");
  const [worldOn, setWorldOn] = useState(false);
  const [world, setWorld] = useState<{ year: number; list: TimeMapEvent[] }>();
  const [worldState, setWorldState] = useState<"idle" | "loading" | "error">("idle");
  const [worldFit, setWorldFit] = useState<[number, number][] | null>(null);
  const [sheet, setSheet] = useState<SheetContent | null>(null);
  const [playing, setPlaying] = useState(false);
  const [rangeOpen, setRangeOpen] = useState(false);
  const [from, setFrom] = useState(formatYear(-221));
  const [to, setTo] = useState(formatYear(1949));
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const ids = { slider: useId(), typed: useId(), from: useId(), to: useId(), regimes: useId() };

  // --- The year: the latest asked for is fetched once the one before has come.
  const wanted = useRef(data.initial.year);
  const writeYear = useYearInAddress();
  const busy = useRef(false);
  const [attempt, setAttempt] = useState(0);
  /** The drawn map, to draw a year as soon as it comes, before the lists re-render. */
  const mapApi = useRef<TimeMapCanvas | null>(null);
  /** What the map draws beside the year (toggles, the link's place and subject), kept current. */
  const extras = useRef<Omit<MapLayers, "year" | "regimes" | "events" | "capitals">>({
    people: null,
    world: null,
    place: null,
    focusId: null,
  });
  const pump = useCallback(() => {
    if (busy.current) return;
    const y = wanted.current;
    busy.current = true;
    const asked = performance.now();
    // A year already here is drawn at once (its answer settles long before the timer); another
    // says it is loading only if it is slow.
    const slow = window.setTimeout(() => setStatus("loading"), LOADING_SHOWN_AFTER_MS);
    fetchYear(y)
      .then((d) => {
        performance.measure("timemap:fetch", { start: asked });
        mapApi.current?.setLayers({
          year: d.year,
          regimes: d.regimes,
          events: chinaEventsOf(d),
          capitals: d.capitals,
          ...extras.current,
        });
        writeYear(d.year);
        const settled = wanted.current === y || wanted.current === d.year;
        if (d.clamped) {
          setNotice(d.clamped.message);
          wanted.current = d.year;
          setYearState(d.year);
        }
        // The lists follow the map once the new year is on screen, without holding up the
        // frame that shows it or the next input.
        afterPaint(() => {
          startTransition(() => {
            setFull(d);
            setShown(stripGeometry(d));
            if (settled) setStatus("idle");
          });
          // The years near are asked for while the reader looks, after the frame that shows
          // the lists too: not in the input's own task, nor before the frame its key's release
          // waits for (a request costs the main thread a few milliseconds). Two either side,
          // so the next step's year was asked for a step earlier and never waits on the network.
          afterPaint(() => {
            for (const by of NEAR_YEARS) {
              const near = stepYear(d.year, by, d.range);
              if (!hasYear(near)) fetchYear(near).catch(() => undefined);
            }
          });
        });
      })
      .catch((error: unknown) => {
        console.error("time map year", error);
        if (wanted.current === y) setStatus("error");
      })
      .finally(() => {
        window.clearTimeout(slow);
        busy.current = false;
        if (wanted.current !== y) pump();
      });
  }, [writeYear]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) asks again
  useEffect(() => {
    wanted.current = year;
    pump();
  }, [year, attempt, pump]);

  const setYear = useCallback(
    (next: number, options: { keepNotice?: boolean } = {}) => {
      const y = Math.min(range.max, Math.max(range.min, next === 0 ? 1 : next));
      if (!options.keepNotice) setNotice(null);
      // A year not here yet is asked for in the input's own task, so the request travels while
      // React renders the change (the effect that draws it would start it only after). While an
      // answer is on its way the latest year waits for it, as the pump does.
      if (!busy.current && !hasYear(y)) fetchYear(y).catch(() => undefined);
      setYearState(y);
    },
    [range.max, range.min],
  );

  // --- People alive that year, on demand.
  const [peopleAttempt, setPeopleAttempt] = useState(0);
  const retryPeople = useCallback(() => setPeopleAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (peopleAttempt) asks again
  useEffect(() => {
    if (!peopleOn) return;
    let alive = true;
    setPeopleState("loading");
    fetchPeople(shown.year)
      .then((d) => {
        if (!alive) return;
        setPeople({ year: d.year, total: d.total, list: d.people });
        setPeopleState("idle");
      })
      .catch(() => alive && setPeopleState("error"));
    return () => {
      alive = false;
    };
  }, [peopleOn, shown.year, peopleAttempt]);

  // --- The world's events of the period, on demand.
  const worldFitted = useRef(false);
  const [worldAttempt, setWorldAttempt] = useState(0);
  const retryWorld = useCallback(() => setWorldAttempt((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (worldAttempt) asks again
  useEffect(() => {
    if (!worldOn) {
      worldFitted.current = false;
      return;
    }
    let alive = true;
    setWorldState("loading");
    fetchWorld(shown.year)
      .then((list) => {
        if (!alive) return;
        setWorld({ year: shown.year, list });
        setWorldState("idle");
        if (!worldFitted.current && list.length > 0) {
          worldFitted.current = true;
          setWorldFit(list.map((e) => [e.lng, e.lat]));
        }
      })
      .catch(() => alive && setWorldState("error"));
    return () => {
      alive = false;
    };
  }, [worldOn, shown.year, worldAttempt]);

  // --- The range player: each year waits for the one before to be drawn.
  const sequence = useRef<number[]>([]);
  const position = useRef(0);
  useEffect(() => {
    if (!playing) return;
    const seq = sequence.current;
    const at = position.current;
    if (shown.year !== seq[at] || status === "loading") return;
    if (at >= seq.length - 1) {
      setPlaying(false);
      return;
    }
    // The next few years are asked for ahead, so the steps do not wait on the network.
    for (const y of seq.slice(at + 1, at + 4)) fetchYear(y).catch(() => undefined);
    const timer = window.setTimeout(() => {
      position.current = at + 1;
      setYear(seq[at + 1] as number);
    }, PLAY_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, shown.year, status, setYear]);

  const play = () => {
    if (playing) {
      setPlaying(false);
      return;
    }
    const a = parseTypedYear(from);
    const b = parseTypedYear(to);
    if (a === null || b === null) {
      setRangeError("请填写起止年份，如 前221 与 1949");
      return;
    }
    const clamp = (y: number) => Math.min(range.max, Math.max(range.min, y));
    if (clamp(a) === clamp(b)) {
      setRangeError("起止年份相同，请换一个年份");
      return;
    }
    setRangeError(null);
    sequence.current = playYears(
      clamp(a),
      clamp(b),
      notable.map((n) => n.year),
    );
    position.current = 0;
    setYear(sequence.current[0] as number);
    setPlaying(true);
  };

  const jump = (e: FormEvent) => {
    e.preventDefault();
    const y = parseTypedYear(typed);
    if (y === null) {
      setTypedError("请输入年份，如 1127、前221");
      return;
    }
    setTypedError(null);
    setPlaying(false);
    // A year outside the map's years is asked for as it is: the answer clamps it and says so.
    wanted.current = y;
    setNotice(null);
    setYearState(y);
  };

  const pickNotable = useCallback(
    (y: number) => {
      setPlaying(false);
      setYear(y);
    },
    [setYear],
  );

  // The notable year at or before the year is brought into the row's view (the row scrolls,
  // not the page).
  const chipsRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // After the frame: reading the row's layout in the input's own task would hold it up.
    const id = requestAnimationFrame(() => {
      const row = chipsRef.current;
      let at = 0;
      notable.forEach((n, i) => {
        if (n.year <= year) at = i;
      });
      const chip = row?.querySelectorAll<HTMLElement>("button")[at];
      if (!row || !chip) return;
      const left = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
      row.scrollTo({ left: Math.max(0, left), behavior: "auto" });
    });
    return () => cancelAnimationFrame(id);
  }, [year, notable]);

  // --- What the map draws.
  const marked = useMemo(
    () => (data.place ? { lng: data.place.lng, lat: data.place.lat, name: data.place.name } : null),
    [data.place],
  );
  const peopleDrawn = peopleOn && people ? people.list : null;
  const worldDrawn = worldOn && world ? world.list : null;
  extras.current = {
    people: peopleDrawn,
    world: worldDrawn,
    place: marked,
    focusId: data.focus?.id ?? null,
  };
  const layers: MapLayers | null = useMemo(
    () =>
      full && {
        year: full.year,
        regimes: full.regimes,
        events: chinaEventsOf(full),
        capitals: full.capitals,
        people: peopleDrawn,
        world: worldDrawn,
        place: marked,
        focusId: data.focus?.id ?? null,
      },
    [full, peopleDrawn, worldDrawn, marked, data.focus],
  );

  const centre: CentreRequest | null = useMemo(() => {
    if (data.place) return { lng: data.place.lng, lat: data.place.lat, zoom: 1.5, key: "place" };
    const f = data.focus;
    if (f && f.lng !== undefined && f.lat !== undefined)
      return { lng: f.lng, lat: f.lat, zoom: 1.5, key: "focus" };
    return null;
  }, [data.place, data.focus]);

  const regimeById = useMemo(
    () => new Map(shown.regimes.map((r) => [r.id, r] as const)),
    [shown.regimes],
  );
  const chinaEvents = useMemo(
    () => shown.events.filter((e) => e.regimeId !== null),
    [shown.events],
  );

  const openEvent = useCallback(
    (ev: TimeMapEvent, world = false) =>
      setSheet({
        kind: world ? "world" : "event",
        id: ev.id,
        title: ev.name,
        meta: [ev.timeDesc, ev.place.name].filter(Boolean).join(" · "),
        body: ev.summary,
      }),
    [],
  );

  const onPick = useCallback(
    (p: MapPick) => {
      if (p.type === "none") return;
      if (p.type === "event" || p.type === "world") {
        const list = p.type === "world" ? (world?.list ?? []) : (full?.events ?? []);
        const ev = list.find((e) => e.id === p.id);
        if (ev) openEvent(ev, p.type === "world");
        return;
      }
      if (p.type === "person") {
        const person = people?.list.find((x) => x.id === p.id);
        if (person)
          setSheet({
            kind: "person",
            id: person.id,
            title: person.name,
            meta: [person.timeDesc, person.place ? `籍贯 ${person.place.name}` : ""]
              .filter(Boolean)
              .join(" · "),
            body: `${formatYear(shown.year)}时约${yearToSlider(shown.year) - yearToSlider(person.birth)}岁。`,
          });
        return;
      }
      if (p.type === "capital") {
        const c = full?.capitals.find((x) => x.id === p.id);
        if (c)
          setSheet({
            kind: "capital",
            id: c.id,
            title: c.name,
            meta: `${regimeById.get(c.regimeId)?.name ?? ""}都城`,
            body: "",
          });
        return;
      }
      const r = regimeById.get(p.id);
      if (r)
        setSheet({
          kind: "regime",
          id: r.id,
          title: r.name,
          meta: [r.timeDesc, r.parent ? `属${r.parent.name}` : ""].filter(Boolean).join(" · "),
          body: r.note,
        });
    },
    [full, world, people, regimeById, openEvent, shown.year],
  );

  const yearLabel = formatYear(year);
  const shownLabel = formatYear(shown.year);
  const mapLabel = `${shownLabel}的地图：${
    shown.regimes.length > 0 ? shown.regimes.map((r) => r.name).join("、") : "没有政权疆域"
  }${data.place ? `；标出${data.place.name}` : ""}`;

  // The lists change with the year's answer, not with every move of the slider: kept as they
  // are while the year moves, so a step re-renders only the controls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt from the answers they show
  const lists = useMemo(
    () => (
      <>
        <section className="tj-timemap__section" aria-labelledby={ids.regimes}>
          <h2 id={ids.regimes} className="tj-timemap__h2">
            {shownLabel}的政权（{shown.regimes.length}）
          </h2>
          {shown.regimes.length === 0 ? (
            <p className="tj-empty">这一年没有可画出的政权疆域。</p>
          ) : (
            <ul className="tj-timemap__regimes" data-testid="timemap-regimes">
              {shown.regimes.map((r) => (
                <li key={r.id} data-id={r.id}>
                  <span
                    className="tj-timemap__swatch"
                    style={{ background: r.color }}
                    aria-hidden="true"
                  />
                  <AppLink to={`/detail/${r.id}`} className="tj-timemap__regime-name">
                    {r.name}
                  </AppLink>
                  <span className="tj-timemap__regime-meta">
                    {r.parent ? `${r.parent.name} · ` : ""}
                    {r.timeDesc}
                    {r.approx ? " · 疆域为近似" : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="tj-timemap__hint">
            疆域按今省级政区与邻国拼合，仅为示意；点地图上的政权、事件或都城可看简介。
          </p>
        </section>

        <section className="tj-timemap__section" aria-label="前后事件">
          <h2 className="tj-timemap__h2">
            {shownLabel}前后的事件（{shown.span > 0 ? `前后${shown.span}年` : "当年"}）
          </h2>
          {chinaEvents.length === 0 ? (
            <p className="tj-empty">这几年没有记下的事件。</p>
          ) : (
            <ul className="tj-timemap__events" data-testid="timemap-events">
              {chinaEvents.map((ev) => (
                <li key={ev.id}>
                  <button type="button" onClick={() => openEvent(ev)} data-id={ev.id}>
                    <span className="tj-timemap__event-year">{formatYear(ev.year)}</span>
                    <span>{ev.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        {peopleOn && (
          <section className="tj-timemap__section" aria-label="在世人物">
            <h2 className="tj-timemap__h2">
              {shownLabel}在世的人物{people ? `（${people.total}）` : ""}
            </h2>
            {peopleState === "loading" && !people && <p role="status">正在载入人物…</p>}
            {peopleState === "error" && (
              <p role="alert">
                人物没有加载出来，
                <button type="button" className="tj-button tj-button--ghost" onClick={retryPeople}>
                  重试
                </button>
              </p>
            )}
            {people && people.list.length === 0 && (
              <p className="tj-empty">这一年没有记下在世的人物。</p>
            )}
            {people && people.list.length > 0 && (
              <ul className="tj-timemap__people" data-testid="timemap-people">
                {people.list.slice(0, PEOPLE_LISTED).map((p) => (
                  <li key={p.id}>
                    <AppLink to={`/detail/${p.id}`}>{p.name}</AppLink>
                    <span className="tj-timemap__regime-meta">{p.timeDesc}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {worldOn && (
          <section className="tj-timemap__section" aria-label="同期世界大事">
            <h2 className="tj-timemap__h2">同期世界大事</h2>
            {worldState === "loading" && !world && <p role="status">正在载入世界大事…</p>}
            {worldState === "error" && (
              <p role="alert">
                世界大事没有加载出来，
                <button type="button" className="tj-button tj-button--ghost" onClick={retryWorld}>
                  重试
                </button>
              </p>
            )}
            {world && world.list.length === 0 && (
              <p className="tj-empty">{formatYear(world.year)}前后没有记下的世界大事。</p>
            )}
            {world && world.list.length > 0 && (
              <ul className="tj-timemap__events" data-testid="timemap-world">
                {world.list.map((ev) => (
                  <li key={ev.id}>
                    <button type="button" onClick={() => openEvent(ev, true)} data-id={ev.id}>
                      <span className="tj-timemap__event-year">{formatYear(ev.year)}</span>
                      <span>{ev.name}</span>
                      <span className="tj-timemap__regime-meta">{ev.place.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </>
    ),
    [shown, chinaEvents, people, peopleOn, peopleState, world, worldOn, worldState, openEvent],
  );

  return (
    <main className="tj-timemap" data-year={shown.year} aria-busy={status === "loading"}>
      <TimeMapCanvasView
        api={mapApi}
        layers={layers}
        label={mapLabel}
        onPick={onPick}
        centre={centre}
        fit={worldOn ? worldFit : null}
      />
      <section className="tj-timemap__panel" aria-label="年份">
        <div className="tj-timemap__head">
          <h1 className="tj-timemap__title">{title}</h1>
          <p className="tj-timemap__year" data-testid="timemap-year">
            {yearLabel}
          </p>
        </div>
        {notice && (
          <p className="tj-timemap__notice" role="status" data-testid="timemap-notice">
            {notice}
          </p>
        )}
        {status === "loading" && year !== shown.year && (
          <p className="tj-timemap__loading" role="status">
            正在载入{yearLabel}…
          </p>
        )}
        {status === "error" && (
          <div className="tj-timemap__error" role="alert">
            <span>{yearLabel}的地图数据没有加载出来。</span>
            <button
              type="button"
              className="tj-button tj-button--ghost"
              onClick={() => setAttempt((n) => n + 1)}
            >
              重试
            </button>
          </div>
        )}
        <div className="tj-timemap__slider-row">
          <button
            type="button"
            className="tj-timemap__step"
            aria-label="上一年"
            disabled={year <= range.min}
            onClick={() => {
              setPlaying(false);
              setYear(stepYear(year, -1, range));
            }}
          >
            ‹
          </button>
          <label htmlFor={ids.slider} className="tj-visually-hidden">
            年份
          </label>
          <input
            id={ids.slider}
            className="tj-timemap__slider"
            type="range"
            min={yearToSlider(range.min)}
            max={yearToSlider(range.max)}
            step={1}
            value={yearToSlider(year)}
            aria-valuetext={yearLabel}
            data-testid="timemap-slider"
            onChange={(e) => {
              setPlaying(false);
              setYear(sliderToYear(Number(e.currentTarget.value)));
            }}
          />
          <button
            type="button"
            className="tj-timemap__step"
            aria-label="下一年"
            disabled={year >= range.max}
            onClick={() => {
              setPlaying(false);
              setYear(stepYear(year, 1, range));
            }}
          >
            ›
          </button>
        </div>
        <div className="tj-timemap__ends" aria-hidden="true">
          <span>{formatYear(range.min)}</span>
          <span>{formatYear(range.max)}</span>
        </div>
        <nav className="tj-timemap__years" aria-label="重要年份" ref={chipsRef}>
          <ul>
            {notable.map((n) => (
              <YearChip
                key={n.year}
                year={n.year}
                label={n.label}
                title={n.title}
                pressed={n.year === year}
                onPick={pickNotable}
              />
            ))}
          </ul>
        </nav>
        <form className="tj-timemap__jump" onSubmit={jump}>
          <label htmlFor={ids.typed}>跳到年份</label>
          <input
            id={ids.typed}
            inputMode="text"
            placeholder="如 1127、前221"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            aria-invalid={typedError !== null}
          />
          <button type="submit" className="tj-button">
            跳转
          </button>
          {typedError && (
            <p className="tj-timemap__field-error" role="alert">
              {typedError}
            </p>
          )}
        </form>
        <div className="tj-timemap__toggles">
          <button
            type="button"
            className="tj-timemap__toggle"
            aria-pressed={peopleOn}
            onClick={() => setPeopleOn((on) => !on)}
          >
            那年在世的人物
          </button>
          <button
            type="button"
            className="tj-timemap__toggle"
            aria-pressed={worldOn}
            onClick={() => setWorldOn((on) => !on)}
          >
            同期世界大事
          </button>
          <button
            type="button"
            className="tj-timemap__toggle"
            aria-expanded={rangeOpen}
            onClick={() => setRangeOpen((o) => !o)}
          >
            年代播放
          </button>
        </div>
        {rangeOpen && (
          <div className="tj-timemap__range">
            <label htmlFor={ids.from}>从</label>
            <input id={ids.from} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <label htmlFor={ids.to}>至</label>
            <input id={ids.to} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <button type="button" className="tj-button" onClick={play} aria-pressed={playing}>
              {playing ? "暂停" : "播放"}
            </button>
            {rangeError && (
              <p className="tj-timemap__field-error" role="alert">
                {rangeError}
              </p>
            )}
          </div>
        )}
      </section>

      {lists}

      <TimeMapSheet content={sheet} onClose={() => setSheet(null)} />
    </main>
  );
}

/**
 * One notable year of the row. A step of the slider changes the pressed state of two chips at
 * most, so only those two render again (the row has about a hundred).
 */
const YearChip = memo(function YearChip({
  year,
  label,
  title,
  pressed,
  onPick,
}: {
  year: number;
  label: string;
  title: string;
  pressed: boolean;
  onPick: (year: number) => void;
}) {
  return (
    <li>
      <button type="button" aria-pressed={pressed} onClick={() => onPick(year)}>
        <span className="tj-timemap__chip-year">{label}</span>
        <span className="tj-timemap__chip-title">{title}</span>
      </button>
    </li>
  );
});
