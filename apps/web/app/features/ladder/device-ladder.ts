import type { DeviceReceipt, LevelCard, LevelProgress } from "@tongjian/contracts/ladder";
import {
  type LevelRecord,
  levelPointsOf,
  mergeRecord,
  percentOf,
  starsOf,
  unlockedLevels,
} from "@tongjian/domain/ladder";

/**
 * A visitor's ladder practice, kept on the device (localStorage) as the receipts the server
 * signed when it marked each practice; handed to the account once they sign in
 * (POST /api/ladder/y/merge), which accepts each receipt once.
 */

export const DEVICE_LADDER_KEY = "tj:ladder";
/** Receipts kept at most (the merge call takes 100). */
export const DEVICE_RECEIPTS_MAX = 60;

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): KeyValue | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isReceipt(v: unknown): v is DeviceReceipt {
  const r = v as DeviceReceipt;
  return (
    !!r &&
    typeof r.levelKey === "string" &&
    Number.isInteger(r.correct) &&
    Number.isInteger(r.total) &&
    r.total > 0 &&
    r.correct >= 0 &&
    r.correct <= r.total &&
    typeof r.at === "string" &&
    Array.isArray(r.wrong) &&
    r.wrong.every((w) => typeof w === "string") &&
    typeof r.sig === "string"
  );
}

/** The receipts the device keeps; anything unreadable is dropped rather than trusted. */
export function parseDeviceLadder(text: string | null): DeviceReceipt[] {
  if (!text) return [];
  try {
    const raw = JSON.parse(text) as { receipts?: unknown };
    return Array.isArray(raw.receipts) ? raw.receipts.filter(isReceipt) : [];
  } catch {
    return [];
  }
}

export function readDeviceLadder(store: KeyValue | null = storage()): DeviceReceipt[] {
  try {
    return parseDeviceLadder(store?.getItem(DEVICE_LADDER_KEY) ?? null);
  } catch {
    return [];
  }
}

export function addDeviceReceipt(receipt: DeviceReceipt, store: KeyValue | null = storage()) {
  const receipts = [...readDeviceLadder(store), receipt].slice(-DEVICE_RECEIPTS_MAX);
  try {
    store?.setItem(DEVICE_LADDER_KEY, JSON.stringify({ receipts }));
  } catch {
    // Storage full or blocked: the result still shows on the page.
  }
}

export function clearDeviceLadder(store: KeyValue | null = storage()) {
  try {
    store?.removeItem(DEVICE_LADDER_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Each level's record from the device's receipts: the best practice, attempts counted. */
export function deviceRecords(receipts: readonly DeviceReceipt[]): Record<string, LevelRecord> {
  const out: Record<string, LevelRecord> = {};
  for (const r of receipts) out[r.levelKey] = mergeRecord(out[r.levelKey] ?? null, r);
  return out;
}

export function progressOfRecord(r: LevelRecord): LevelProgress {
  return {
    bestCorrect: r.bestCorrect,
    bestTotal: r.bestTotal,
    percent: percentOf(r.bestCorrect, r.bestTotal),
    stars: starsOf(r.bestCorrect, r.bestTotal),
    passed: r.passed,
    attempts: r.attempts,
    points: levelPointsOf(r.bestCorrect, r.passed),
    at: r.at,
  };
}

/** A visitor's ladder: the server's levels with the device's progress and unlocks laid over. */
export function withDeviceProgress(
  levels: readonly LevelCard[],
  records: Record<string, LevelRecord>,
): LevelCard[] {
  const open = unlockedLevels(levels, (key) => records[key]?.passed === true);
  return levels.map((l, i) => {
    const r = records[l.key];
    return { ...l, unlocked: open[i] ?? l.unlocked, progress: r ? progressOfRecord(r) : null };
  });
}

/** The body of the merge call, or null when the device keeps nothing. */
export function mergeRequest(receipts: readonly DeviceReceipt[]) {
  return receipts.length ? { receipts: receipts.slice(-100) } : null;
}
