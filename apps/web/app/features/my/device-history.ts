import {
  addDeviceRead,
  DEVICE_HISTORY_KEY,
  type DeviceRead,
  parseDeviceHistory,
  type ReadKind,
} from "@tongjian/domain/device-history";

// The browser's side of the device's reading history (domain/device-history.ts). Storage can be
// blocked (private mode, some webviews): then nothing is kept, and nothing breaks.

export function readDeviceHistory(): DeviceRead[] {
  try {
    return parseDeviceHistory(window.localStorage.getItem(DEVICE_HISTORY_KEY));
  } catch {
    return [];
  }
}

/** An anonymous reader opened an entry or an article. */
export function recordDeviceRead(read: { kind: ReadKind; id: string; title: string }) {
  try {
    const next = addDeviceRead(readDeviceHistory(), read, Date.now());
    window.localStorage.setItem(DEVICE_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the read is not kept on this device.
  }
}

export function clearDeviceHistory() {
  try {
    window.localStorage.removeItem(DEVICE_HISTORY_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether the device holds reads not yet handed to an account (cheap: no parsing). */
export function hasDeviceHistory(): boolean {
  try {
    return Boolean(window.localStorage.getItem(DEVICE_HISTORY_KEY));
  } catch {
    return false;
  }
}
