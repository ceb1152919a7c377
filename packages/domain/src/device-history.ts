/**
 * Reading history on the device (issue 16): what a reader without an account read, kept in the
 * browser's storage, shown on /my, and handed to the account when they sign in. Readers who are
 * signed in have theirs on the server instead; pages add to this list only for anonymous
 * readers, whose pages come from the shared page cache and write nothing on the server.
 *
 * This module is what every entry and article page loads (recording a read), so it stays
 * small; reading the list back, checked record by record, is device-history-list.ts.
 */
export const DEVICE_HISTORY_KEY = "tj:reading-history";
/** The device keeps the most recent reads only; the oldest drop off. */
export const DEVICE_HISTORY_MAX = 100;

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

/**
 * The list to store after reading an item: it moves to the top, counted once more. `stored` is
 * what the storage held (anything unreadable starts a new list); the records themselves are
 * checked when the list is read back (device-history-list.ts), not on every page.
 */
export function addDeviceRead(
  stored: string | null,
  read: { kind: ReadKind; id: string; title: string },
  now: number,
): DeviceRead[] {
  let list: (DeviceRead | null)[] = [];
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    // Not a list: replaced.
  }
  const before = list.find((r) => r?.kind === read.kind && r.id === read.id);
  return [
    { ...read, at: now, n: ((before?.n ?? 0) | 0) + 1 },
    ...(list.filter((r) => r && r !== before) as DeviceRead[]),
  ].slice(0, DEVICE_HISTORY_MAX);
}
