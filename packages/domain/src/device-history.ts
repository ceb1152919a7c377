/**
 * Reading history on the device (issue 16): what a reader without an account read, kept in the
 * browser's storage, shown on /my, and handed to the account when they sign in. Readers who are
 * signed in have theirs on the server instead; pages add to this list only for anonymous
 * readers, whose pages come from the shared page cache and write nothing on the server.
 */
export const DEVICE_HISTORY_KEY = "tj:reading-history";
/** The device keeps the most recent reads only; the oldest drop off. */
export const DEVICE_HISTORY_MAX = 100;
const TITLE_MAX = 100;

export type ReadKind = "entry" | "article";

export interface DeviceRead {
  kind: ReadKind;
  id: string;
  title: string;
  /** When it was last read (ms since 1970). */
  at: number;
  /** How many times it was read on this device. */
  n: number;
}

/** One read as the history merge call takes it. */
export interface DeviceReadUpload {
  type: ReadKind;
  id: string;
  readAt: string;
  count: number;
}

function isDeviceRead(value: unknown): value is DeviceRead {
  const r = value as DeviceRead;
  return (
    typeof r === "object" &&
    r !== null &&
    (r.kind === "entry" || r.kind === "article") &&
    /^[0-9a-f]{24}$/.test(r.id) &&
    typeof r.title === "string" &&
    Number.isFinite(r.at) &&
    Number.isInteger(r.n) &&
    r.n > 0
  );
}

/** The stored list; anything unreadable (an older format, a hand-edited value) is left out. */
export function parseDeviceHistory(raw: string | null): DeviceRead[] {
  try {
    const list: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(list) ? list.filter(isDeviceRead).slice(0, DEVICE_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

/** The list after reading an item: it moves to the top, counted once more. */
export function addDeviceRead(
  list: readonly DeviceRead[],
  read: { kind: ReadKind; id: string; title: string },
  now: number,
): DeviceRead[] {
  const before = list.find((r) => r.kind === read.kind && r.id === read.id);
  const next: DeviceRead = {
    kind: read.kind,
    id: read.id,
    title: read.title.slice(0, TITLE_MAX),
    at: now,
    n: (before?.n ?? 0) + 1,
  };
  return [next, ...list.filter((r) => r !== before)].slice(0, DEVICE_HISTORY_MAX);
}

/** Most read first (the more recent of a tie first): the device's side of /my/top. */
export function deviceTop(list: readonly DeviceRead[], kind?: ReadKind): DeviceRead[] {
  return list.filter((r) => !kind || r.kind === kind).sort((a, b) => b.n - a.n || b.at - a.at);
}

/** What the merge call sends for the list. */
export function deviceUploads(list: readonly DeviceRead[]): DeviceReadUpload[] {
  return list.map((r) => ({
    type: r.kind,
    id: r.id,
    readAt: new Date(r.at).toISOString(),
    count: r.n,
  }));
}
