/**
 * The time map's drawing: the base map's outlines come drawn from the server (scaled onto this
 * canvas by one matrix) and d3-geo projects the regimes' extents once, into Path2D shapes in a
 * fixed "world" space of CSS pixels; a pan or a pinch only changes the
 * canvas transform, so moving the map re-projects nothing. A new year projects only the extents
 * it has not seen (one per regime period) and draws on the next frame. This module and d3-geo
 * come in by `import()` from the map pages alone.
 */
import type {
  TimeMapCapital,
  TimeMapEvent,
  TimeMapOutlinesData,
  TimeMapPerson,
  TimeMapRegime,
} from "@tongjian/contracts/time-map";
import { projectionAffine, timeMapProjection } from "@tongjian/domain/time-map-projection";
import { type GeoProjection, geoPath } from "d3-geo";
import { clampView, type MapView, panBy, zoomAt } from "./map-view-math.ts";

export type MapPick =
  | { type: "event"; id: string }
  | { type: "world"; id: string }
  | { type: "person"; id: string }
  | { type: "capital"; id: string }
  | { type: "regime"; id: string }
  | { type: "none" };

export interface MapLayers {
  year: number;
  regimes: TimeMapRegime[];
  events: TimeMapEvent[];
  capitals: TimeMapCapital[];
  people: TimeMapPerson[] | null;
  world: TimeMapEvent[] | null;
  /** A place to mark and name (the deep link's `place`). */
  place: { lng: number; lat: number; name: string } | null;
  /** A regime or an event drawn stronger (the link's subject). */
  focusId: string | null;
}

export interface TimeMapCanvas {
  setBase(outlines: TimeMapOutlinesData): void;
  setLayers(layers: MapLayers): void;
  /** Brings a point to the centre, at least at `zoom` (animated unless motion is reduced). */
  centreOn(lng: number, lat: number, zoom?: number): void;
  /** Fits the view to points (lng, lat), e.g. the world events beside China. */
  fitPoints(points: [number, number][]): void;
  zoomBy(factor: number): void;
  reset(): void;
  resize(): void;
  /** Re-reads the theme's colours (a theme switch) and redraws. */
  repaint(): void;
  dispose(): void;
  /** Where a point is drawn, in CSS pixels of the canvas (tests and the benchmark use it). */
  screenOf(lng: number, lat: number): [number, number] | null;
  /** The year last drawn on the canvas (null before the first). */
  drawnYear(): number | null;
}

interface Palette {
  sea: string;
  land: string;
  province: string;
  country: string;
  ink: string;
  halo: string;
  event: string;
  world: string;
  person: string;
  capital: string;
  onMarker: string;
  focus: string;
  dark: boolean;
}

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 16;
/** A tap lands on a marker this close to it (CSS px): half a 44 px target. */
const HIT_RADIUS = 22;
/** A pointer that moved less than this between down and up is a tap, not a drag. */
const TAP_SLOP = 8;
const WORLD_LNG_MIN = -30;
/** Offsets (CSS px) tried in turn for a regime's name whose spot is taken. */
const LABEL_NUDGES: [number, number][] = [
  [0, 0],
  [0, -20],
  [0, 20],
  [-28, 0],
  [28, 0],
  [0, -40],
  [0, 40],
];

function paletteOf(el: HTMLElement): Palette {
  const style = getComputedStyle(el);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    sea: read("--tj-timemap-sea", "#dfe7ea"),
    land: read("--tj-timemap-land", "#faf7f2"),
    province: read("--tj-timemap-province", "rgba(31,26,23,0.18)"),
    country: read("--tj-timemap-country", "rgba(31,26,23,0.45)"),
    ink: read("--tj-timemap-ink", "#1f1a17"),
    halo: read("--tj-timemap-halo", "#faf7f2"),
    event: read("--tj-timemap-event", "#8c2f1e"),
    world: read("--tj-timemap-world", "#35507e"),
    person: read("--tj-timemap-person", "#8c3b26"),
    capital: read("--tj-timemap-capital", "#1f1a17"),
    onMarker: read("--tj-timemap-on-marker", "#fff"),
    focus: read("--tj-timemap-focus", "#8c2f1e"),
    dark: read("--tj-timemap-dark", "0") === "1",
  };
}

/** `#rrggbb` with an alpha, for the regimes' fills. */
function withAlpha(hex: string, alpha: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return hex;
  const n = Number.parseInt(m[1], 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

interface Marker {
  x: number;
  y: number;
  pick: MapPick;
  /** Lower comes first when two are as near (events before people). */
  rank: number;
}

interface Shape {
  path: Path2D;
  /** Projected bounds in world space: [x0, y0, x1, y1]. */
  bounds: [number, number, number, number];
  area: number;
}

/** The same things to draw (the page may hand the same year over twice). */
function sameLayers(a: MapLayers, b: MapLayers): boolean {
  return (
    a.year === b.year &&
    a.regimes === b.regimes &&
    a.events === b.events &&
    a.capitals === b.capitals &&
    a.people === b.people &&
    a.world === b.world &&
    a.place === b.place &&
    a.focusId === b.focusId
  );
}

export function createTimeMapCanvas(
  canvas: HTMLCanvasElement,
  handlers: { onPick: (pick: MapPick) => void },
  options: { reducedMotion: boolean },
): TimeMapCanvas {
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas 2d unavailable");
  let palette = paletteOf(canvas);
  let cssWidth = Math.max(1, canvas.clientWidth);
  let cssHeight = Math.max(1, canvas.clientHeight);
  let dpr = Math.min(3, window.devicePixelRatio || 1);

  // World space: China and its neighbours fitted to the first size of the canvas.
  const projection: GeoProjection = timeMapProjection(cssWidth, cssHeight);
  const homeView: MapView = { k: 1, x: 0, y: 0 };
  let view: MapView = { ...homeView };

  const shapeOf = (geometry: GeoJSON.GeometryObject | GeoJSON.Feature): Shape => {
    const path = new Path2D();
    const gp = geoPath(projection, path as unknown as CanvasRenderingContext2D);
    gp(geometry as GeoJSON.Feature);
    const b = geoPath(projection).bounds(geometry as GeoJSON.Feature);
    return {
      path,
      bounds: [b[0][0], b[0][1], b[1][0], b[1][1]],
      area: (b[1][0] - b[0][0]) * (b[1][1] - b[0][1]),
    };
  };

  let base: { land: Path2D; provinces: Path2D; countries: Path2D } | null = null;
  const regimeShapes = new Map<string, Shape>();
  let layers: MapLayers | null = null;
  let markers: Marker[] = [];
  let drawn: number | null = null;
  let frame = 0;
  let animation = 0;
  /** The base map drawn for the current view (see drawBase), and what it was drawn for. */
  const baseLayer = document.createElement("canvas");
  let baseKey = "";
  /** The base map with the regimes over it, and what it was drawn for. */
  const regimeLayer = document.createElement("canvas");
  let regimeLayerKey = "";
  /** Bumped when the base map's shapes or the colours change. */
  let baseStage = 0;
  let paletteStamp = 0;
  const regimeKey = (r: TimeMapRegime) => `${r.id}|${r.period.from}|${r.period.to}`;

  const world = (lng: number, lat: number): [number, number] | null => {
    const p = projection([lng, lat]);
    return p && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? [p[0], p[1]] : null;
  };
  const toScreen = (p: [number, number]): [number, number] => [
    p[0] * view.k + view.x,
    p[1] * view.k + view.y,
  ];

  function sizeCanvas() {
    cssWidth = Math.max(1, canvas.clientWidth);
    cssHeight = Math.max(1, canvas.clientHeight);
    dpr = Math.min(3, window.devicePixelRatio || 1);
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
  }

  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  }

  function drawBase(p: Palette) {
    if (baseLayer.width !== canvas.width || baseLayer.height !== canvas.height) {
      baseLayer.width = canvas.width;
      baseLayer.height = canvas.height;
    }
    const b = baseLayer.getContext("2d");
    if (!b) return;
    const k = view.k;
    b.setTransform(dpr, 0, 0, dpr, 0, 0);
    b.fillStyle = p.sea;
    b.fillRect(0, 0, cssWidth, cssHeight);
    if (!base) return;
    b.setTransform(dpr * k, 0, 0, dpr * k, dpr * view.x, dpr * view.y);
    b.lineJoin = "round";
    b.fillStyle = p.land;
    b.fill(base.land);
    b.strokeStyle = p.province;
    b.lineWidth = 0.7 / k;
    b.stroke(base.land);
    b.lineWidth = 0.6 / k;
    b.stroke(base.provinces);
    b.strokeStyle = p.country;
    b.lineWidth = 0.9 / k;
    b.stroke(base.countries);
  }

  function drawRegimes(p: Palette, regimes: TimeMapRegime[]) {
    if (regimeLayer.width !== canvas.width || regimeLayer.height !== canvas.height) {
      regimeLayer.width = canvas.width;
      regimeLayer.height = canvas.height;
    }
    const g = regimeLayer.getContext("2d");
    if (!g) return;
    const k = view.k;
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.drawImage(baseLayer, 0, 0);
    // Everything in world space under one transform.
    g.setTransform(dpr * k, 0, 0, dpr * k, dpr * view.x, dpr * view.y);
    g.lineJoin = "round";
    const fillAlpha = p.dark ? 0.5 : 0.42;
    for (const r of regimes) {
      const shape = regimeShapes.get(regimeKey(r));
      if (!shape) continue;
      g.fillStyle = withAlpha(r.color, fillAlpha);
      g.fill(shape.path, "evenodd");
    }
    for (const r of regimes) {
      const shape = regimeShapes.get(regimeKey(r));
      if (!shape) continue;
      const focused = layers?.focusId === r.id;
      g.strokeStyle = focused ? p.focus : r.color;
      g.lineWidth = (focused ? 3 : 1.4) / k;
      g.stroke(shape.path);
    }
  }

  function draw() {
    if (!ctx) return;
    const started = performance.now();
    const p = palette;
    markers = [];
    const k = view.k;
    // The base map (sea, land, coasts, provinces, borders) as a picture kept for this view and
    // these lines: a new year draws only the regimes over it.
    const key = `${view.k}|${view.x}|${view.y}|${canvas.width}|${canvas.height}|${baseStage}|${paletteStamp}`;
    if (key !== baseKey) {
      baseKey = key;
      drawBase(p);
    }
    // The regimes over it, also kept as a picture: the years of one period draw the same
    // extents, so a step within it draws only the markers and names.
    const regimes = layers?.regimes ?? [];
    const regimesKey = `${key}|${layers?.focusId ?? ""}|${regimes
      .map((r) => (regimeShapes.has(regimeKey(r)) ? `${regimeKey(r)}|${r.color}` : ""))
      .join(",")}`;
    if (regimesKey !== regimeLayerKey) {
      regimeLayerKey = regimesKey;
      drawRegimes(p, regimes);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(regimeLayer, 0, 0);

    // Screen space: labels and markers keep their size at any zoom.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    const taken: [number, number, number, number][] = [];
    const free = (box: [number, number, number, number]) => {
      for (const t of taken)
        if (box[0] < t[2] && box[2] > t[0] && box[1] < t[3] && box[3] > t[1]) return false;
      taken.push(box);
      return true;
    };
    const font = getComputedStyle(canvas).fontFamily || "sans-serif";
    const label = (text: string, x: number, y: number, size: number, weight = 400) => {
      ctx.font = `${weight} ${size}px ${font}`;
      const w = ctx.measureText(text).width;
      const box: [number, number, number, number] = [
        x - w / 2 - 2,
        y - size / 2 - 2,
        x + w / 2 + 2,
        y + size / 2 + 2,
      ];
      if (box[2] < 0 || box[0] > cssWidth || box[3] < 0 || box[1] > cssHeight) return false;
      if (!free(box)) return false;
      ctx.lineWidth = 3;
      ctx.strokeStyle = p.halo;
      ctx.strokeText(text, x, y);
      ctx.fillStyle = p.ink;
      ctx.fillText(text, x, y);
      return true;
    };

    // The place of the link, first so its name is never hidden.
    const place = layers?.place;
    if (place) {
      const w = world(place.lng, place.lat);
      if (w) {
        const [x, y] = toScreen(w);
        ctx.beginPath();
        ctx.arc(x, y, 11, 0, Math.PI * 2);
        ctx.lineWidth = 3;
        ctx.strokeStyle = p.focus;
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(x, y, 4, 0, Math.PI * 2);
        ctx.fillStyle = p.focus;
        ctx.fill();
        label(place.name, x, y - 22, 15, 700);
      }
    }

    // Markers before the regimes' names, so a name gives way to a marker's room.
    for (const c of layers?.capitals ?? []) {
      const w = world(c.lng, c.lat);
      if (!w) continue;
      const [x, y] = toScreen(w);
      if (x < -10 || y < -10 || x > cssWidth + 10 || y > cssHeight + 10) continue;
      ctx.fillStyle = p.capital;
      ctx.fillRect(x - 4, y - 4, 8, 8);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = p.onMarker;
      ctx.strokeRect(x - 4, y - 4, 8, 8);
      markers.push({ x, y, pick: { type: "capital", id: c.id }, rank: 2 });
      taken.push([x - 5, y - 5, x + 5, y + 5]);
    }
    const events = layers?.events ?? [];
    for (const ev of events) {
      const w = world(ev.lng, ev.lat);
      if (!w) continue;
      const [x, y] = toScreen(w);
      if (x < -20 || y < -20 || x > cssWidth + 20 || y > cssHeight + 20) continue;
      const focused = layers?.focusId === ev.id;
      const current = ev.year <= (layers?.year ?? 0) && (ev.end ?? ev.year) >= (layers?.year ?? 0);
      const r = focused ? 9 : current ? 7 : 5.5;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = current || focused ? p.event : withAlpha(toHex(p.event), 0.6);
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = p.onMarker;
      ctx.stroke();
      markers.push({ x, y, pick: { type: "event", id: ev.id }, rank: 0 });
      taken.push([x - r, y - r, x + r, y + r]);
    }
    for (const ev of layers?.world ?? []) {
      if (ev.lng < WORLD_LNG_MIN) continue;
      const w = world(ev.lng, ev.lat);
      if (!w) continue;
      const [x, y] = toScreen(w);
      if (x < -20 || y < -20 || x > cssWidth + 20 || y > cssHeight + 20) continue;
      ctx.beginPath();
      ctx.moveTo(x, y - 8);
      ctx.lineTo(x + 8, y);
      ctx.lineTo(x, y + 8);
      ctx.lineTo(x - 8, y);
      ctx.closePath();
      ctx.fillStyle = p.world;
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = p.onMarker;
      ctx.stroke();
      markers.push({ x, y, pick: { type: "world", id: ev.id }, rank: 0 });
      taken.push([x - 8, y - 8, x + 8, y + 8]);
      label(ev.name, x, y + 17, 12);
    }
    const people = layers?.people ?? [];
    for (const person of people) {
      if (!person.place) continue;
      const w = world(person.place.lng, person.place.lat);
      if (!w) continue;
      const [x, y] = toScreen(w);
      if (x < -10 || y < -10 || x > cssWidth + 10 || y > cssHeight + 10) continue;
      ctx.beginPath();
      ctx.arc(x, y, 4, 0, Math.PI * 2);
      ctx.fillStyle = p.person;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = p.onMarker;
      ctx.stroke();
      markers.push({ x, y, pick: { type: "person", id: person.id }, rank: 1 });
    }

    // Regime names, the largest first; one that would cover another is left out.
    const named = regimes
      .map((r) => ({ r, shape: regimeShapes.get(regimeKey(r)) }))
      .filter((n): n is { r: TimeMapRegime; shape: Shape } => n.shape !== undefined)
      .sort((a, b) => b.shape.area - a.shape.area);
    for (const { r, shape } of named) {
      const w = world(r.label[0], r.label[1]);
      if (!w) continue;
      const [x, y] = toScreen(w);
      const side = Math.sqrt(shape.area) * k;
      if (side < 18) continue;
      const size = Math.round(Math.min(20, Math.max(12, side / 9)));
      // Where a marker sits on the name's spot, a spot a little off it, inside the extent.
      const weight = r.id === layers?.focusId ? 800 : 700;
      for (const [dx, dy] of LABEL_NUDGES) {
        if (side < Math.abs(dx) * 3 || side < Math.abs(dy) * 3) continue;
        if (label(r.name, x + dx, y + dy, size, weight)) break;
      }
    }
    // Capital names and people's names when there is room.
    for (const c of layers?.capitals ?? []) {
      const w = world(c.lng, c.lat);
      if (!w) continue;
      const [x, y] = toScreen(w);
      label(c.name, x, y + 16, 11);
    }
    if (k >= 2) {
      for (const person of people.slice(0, 60)) {
        if (!person.place) continue;
        const w = world(person.place.lng, person.place.lat);
        if (!w) continue;
        const [x, y] = toScreen(w);
        label(person.name, x, y - 11, 11);
      }
    }
    drawn = layers?.year ?? null;
    if (drawn !== null) canvas.dataset.year = String(drawn);
    // The benchmark reads these (bench/time-map.ts).
    performance.measure("timemap:draw", { start: started });
  }

  function toHex(color: string): string {
    return /^#[0-9a-f]{6}$/i.test(color) ? color : "#8c2f1e";
  }

  function setView(next: MapView, animate = false) {
    const target = clampView(next, MIN_ZOOM, MAX_ZOOM, cssWidth, cssHeight);
    cancelAnimationFrame(animation);
    if (!animate || options.reducedMotion) {
      view = target;
      schedule();
      return;
    }
    const from = { ...view };
    const started = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - started) / 320);
      const e = 1 - (1 - t) ** 3;
      view = {
        k: from.k + (target.k - from.k) * e,
        x: from.x + (target.x - from.x) * e,
        y: from.y + (target.y - from.y) * e,
      };
      draw();
      if (t < 1) animation = requestAnimationFrame(step);
    };
    animation = requestAnimationFrame(step);
  }

  // --- Gestures: one finger pans, two pinch, the wheel zooms, a double tap zooms in.
  const pointers = new Map<number, { x: number; y: number }>();
  let downAt: { x: number; y: number; t: number } | null = null;
  let moved = false;
  let lastTap = 0;
  let pinch: { d: number; cx: number; cy: number } | null = null;

  const local = (e: PointerEvent | WheelEvent) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const pinchOf = () => {
    const [a, b] = [...pointers.values()];
    if (!a || !b) return null;
    return {
      d: Math.hypot(a.x - b.x, a.y - b.y),
      cx: (a.x + b.x) / 2,
      cy: (a.y + b.y) / 2,
    };
  };

  const onDown = (e: PointerEvent) => {
    canvas.setPointerCapture?.(e.pointerId);
    const p = local(e);
    pointers.set(e.pointerId, p);
    cancelAnimationFrame(animation);
    if (pointers.size === 1) {
      downAt = { ...p, t: performance.now() };
      moved = false;
    } else {
      moved = true;
      pinch = pinchOf();
    }
  };
  const onMove = (e: PointerEvent) => {
    const before = pointers.get(e.pointerId);
    if (!before) return;
    const p = local(e);
    pointers.set(e.pointerId, p);
    if (pointers.size >= 2) {
      const now = pinchOf();
      if (pinch && now && pinch.d > 0) {
        let next = zoomAt(view, now.d / pinch.d, pinch.cx, pinch.cy);
        next = panBy(next, now.cx - pinch.cx, now.cy - pinch.cy);
        view = clampView(next, MIN_ZOOM, MAX_ZOOM, cssWidth, cssHeight);
        schedule();
      }
      pinch = now;
      return;
    }
    if (downAt && Math.hypot(p.x - downAt.x, p.y - downAt.y) > TAP_SLOP) moved = true;
    if (moved) {
      view = clampView(
        panBy(view, p.x - before.x, p.y - before.y),
        MIN_ZOOM,
        MAX_ZOOM,
        cssWidth,
        cssHeight,
      );
      schedule();
    }
  };
  const onUp = (e: PointerEvent) => {
    const had = pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!had || pointers.size > 0) return;
    const p = local(e);
    if (!moved && e.type === "pointerup") {
      const now = performance.now();
      if (now - lastTap < 300) {
        lastTap = 0;
        setView(zoomAt(view, 2, p.x, p.y), true);
        return;
      }
      lastTap = now;
      handlers.onPick(pickAt(p.x, p.y));
    }
    downAt = null;
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    view = clampView(
      zoomAt(view, Math.exp(-e.deltaY * 0.002), p.x, p.y),
      MIN_ZOOM,
      MAX_ZOOM,
      cssWidth,
      cssHeight,
    );
    schedule();
  };

  function pickAt(x: number, y: number): MapPick {
    let best: Marker | null = null;
    let bestD = HIT_RADIUS;
    for (const m of markers) {
      const d = Math.hypot(m.x - x, m.y - y) + m.rank * 2;
      if (d < bestD) {
        best = m;
        bestD = d;
      }
    }
    if (best) return best.pick;
    if (!ctx) return { type: "none" };
    // A regime under the finger: the last drawn (smallest on top) wins.
    ctx.setTransform(dpr * view.k, 0, 0, dpr * view.k, dpr * view.x, dpr * view.y);
    const regimes = layers?.regimes ?? [];
    const hits = regimes
      .map((r) => ({ r, shape: regimeShapes.get(regimeKey(r)) }))
      .filter(
        (h): h is { r: TimeMapRegime; shape: Shape } =>
          h.shape !== undefined && ctx.isPointInPath(h.shape.path, x * dpr, y * dpr, "evenodd"),
      )
      .sort((a, b) => a.shape.area - b.shape.area);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const hit = hits[0];
    return hit ? { type: "regime", id: hit.r.id } : { type: "none" };
  }

  canvas.addEventListener("pointerdown", onDown);
  canvas.addEventListener("pointermove", onMove);
  canvas.addEventListener("pointerup", onUp);
  canvas.addEventListener("pointercancel", onUp);
  canvas.addEventListener("wheel", onWheel, { passive: false });

  sizeCanvas();
  schedule();

  return {
    setBase(outlines) {
      // The server drew the outlines in its own box; one scale and shift bring them here.
      const from = timeMapProjection(outlines.width, outlines.height, 0);
      const m = projectionAffine(from, projection);
      const matrix = new DOMMatrix([m.scale, 0, 0, m.scale, m.x, m.y]);
      const pathOf = (d: string) => {
        const path = new Path2D();
        path.addPath(new Path2D(d), matrix);
        return path;
      };
      base = {
        land: pathOf(outlines.land),
        provinces: pathOf(outlines.provinces),
        countries: pathOf(outlines.countries),
      };
      baseStage += 1;
      schedule();
    },
    setLayers(next) {
      if (layers && sameLayers(layers, next)) return;
      const started = performance.now();
      for (const r of next.regimes) {
        const key = regimeKey(r);
        if (!regimeShapes.has(key)) regimeShapes.set(key, shapeOf(r.geometry));
      }
      performance.measure("timemap:project", { start: started });
      layers = next;
      // Drawn now, not on the next frame: the year shows in the very next paint.
      cancelAnimationFrame(frame);
      frame = 0;
      draw();
    },
    centreOn(lng, lat, zoom = 3) {
      const w = world(lng, lat);
      if (!w) return;
      const k = Math.max(view.k, zoom);
      setView({ k, x: cssWidth / 2 - w[0] * k, y: cssHeight / 2 - w[1] * k }, true);
    },
    fitPoints(points) {
      const ws = points.map(([lng, lat]) => world(lng, lat)).filter((w) => w !== null);
      if (ws.length === 0) return;
      // Keep China in the picture too.
      const all = [...ws, world(73, 18), world(135, 53.5)].filter(
        (w): w is [number, number] => w !== null,
      );
      const xs = all.map((w) => w[0]);
      const ys = all.map((w) => w[1]);
      const x0 = Math.min(...xs);
      const x1 = Math.max(...xs);
      const y0 = Math.min(...ys);
      const y1 = Math.max(...ys);
      // Room for a marker's name either side.
      const padX = 56;
      const padY = 28;
      const k = Math.min(
        (cssWidth - 2 * padX) / Math.max(1, x1 - x0),
        (cssHeight - 2 * padY) / Math.max(1, y1 - y0),
      );
      setView(
        {
          k,
          x: cssWidth / 2 - ((x0 + x1) / 2) * k,
          y: cssHeight / 2 - ((y0 + y1) / 2) * k,
        },
        true,
      );
    },
    zoomBy(factor) {
      setView(zoomAt(view, factor, cssWidth / 2, cssHeight / 2), true);
    },
    reset() {
      setView({ ...homeView }, true);
    },
    resize() {
      const oldW = cssWidth;
      const oldH = cssHeight;
      sizeCanvas();
      view = { ...view, x: view.x + (cssWidth - oldW) / 2, y: view.y + (cssHeight - oldH) / 2 };
      schedule();
    },
    repaint() {
      palette = paletteOf(canvas);
      paletteStamp += 1;
      schedule();
    },
    dispose() {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(animation);
      canvas.removeEventListener("pointerdown", onDown);
      canvas.removeEventListener("pointermove", onMove);
      canvas.removeEventListener("pointerup", onUp);
      canvas.removeEventListener("pointercancel", onUp);
      canvas.removeEventListener("wheel", onWheel);
    },
    screenOf(lng, lat) {
      const w = world(lng, lat);
      return w ? toScreen(w) : null;
    },
    drawnYear: () => drawn,
  };
}
