/**
 * Where a reader who is not signed in is in each book, and their bookmarks: kept on the device
 * (localStorage), handed to the server once they sign in (POST /api/book/y/merge).
 */

export const DEVICE_READING_KEY = "tj:reading";

export interface DevicePlace {
  position: number;
  offset: number;
  updatedAt: string;
}

export interface DeviceBookmark {
  id: string;
  position: number;
  offset: number;
  excerpt: string;
  createdAt: string;
}

export interface DeviceReading {
  places: Record<string, DevicePlace>;
  bookmarks: Record<string, DeviceBookmark[]>;
}

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const empty = (): DeviceReading => ({ places: {}, bookmarks: {} });

function isPlace(v: unknown): v is DevicePlace {
  const p = v as DevicePlace;
  return (
    !!p &&
    Number.isInteger(p.position) &&
    p.position >= 1 &&
    typeof p.offset === "number" &&
    p.offset >= 0 &&
    p.offset <= 1 &&
    typeof p.updatedAt === "string"
  );
}

function isBookmark(v: unknown): v is DeviceBookmark {
  const b = v as DeviceBookmark;
  return (
    isPlace({ ...b, updatedAt: b?.createdAt }) &&
    typeof b.id === "string" &&
    typeof b.excerpt === "string"
  );
}

/** What the device keeps; anything unreadable is dropped rather than trusted. */
export function parseDeviceReading(text: string | null): DeviceReading {
  if (!text) return empty();
  try {
    const raw = JSON.parse(text) as Partial<DeviceReading>;
    const out = empty();
    for (const [book, place] of Object.entries(raw.places ?? {}))
      if (isPlace(place)) out.places[book] = place;
    for (const [book, marks] of Object.entries(raw.bookmarks ?? {}))
      if (Array.isArray(marks)) {
        const valid = marks.filter(isBookmark);
        if (valid.length) out.bookmarks[book] = valid;
      }
    return out;
  } catch {
    return empty();
  }
}

export function storage(): KeyValue | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDevice(store: KeyValue | null = storage()): DeviceReading {
  try {
    return parseDeviceReading(store?.getItem(DEVICE_READING_KEY) ?? null);
  } catch {
    return empty();
  }
}

export function writeDevice(value: DeviceReading, store: KeyValue | null) {
  try {
    store?.setItem(DEVICE_READING_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the place is kept while the page is open.
  }
}

export function savePlace(
  book: string,
  place: { position: number; offset: number },
  now = new Date(),
  store: KeyValue | null = storage(),
) {
  const value = readDevice(store);
  value.places[book] = { ...place, updatedAt: now.toISOString() };
  writeDevice(value, store);
}

/** The body of the merge call, or null when the device keeps nothing. */
export function mergeRequest(value: DeviceReading) {
  const progress = Object.entries(value.places).map(([book, p]) => ({ book, ...p }));
  const bookmarks = Object.entries(value.bookmarks).flatMap(([book, marks]) =>
    marks.map(({ position, offset, excerpt }) => ({ book, position, offset, excerpt })),
  );
  return progress.length || bookmarks.length ? { progress, bookmarks } : null;
}

export function clearDevice(store: KeyValue | null = storage()) {
  try {
    store?.removeItem(DEVICE_READING_KEY);
  } catch {
    // Nothing to clear.
  }
}
