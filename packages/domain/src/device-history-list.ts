import type { DeviceRead, ReadKind } from "./device-history.ts";

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

/**
 * The device's history as stored (domain/device-history.ts), read back for /my and the merge:
 * anything unreadable (an older format, a hand-edited value) is left out.
 */
export function parseDeviceHistory(raw: string | null): DeviceRead[] {
  try {
    const list: unknown = JSON.parse(raw ?? "[]");
    // The pages that write it keep it to DEVICE_HISTORY_MAX (device-history.ts).
    return Array.isArray(list) ? list.filter(isDeviceRead) : [];
  } catch {
    return [];
  }
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
