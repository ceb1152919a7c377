import { addDeviceRead, DEVICE_HISTORY_KEY, type ReadKind } from "@tongjian/domain/device-history";
import { useEffect } from "react";

/**
 * An entry or article page keeps the read on the device when the reader is anonymous (issue 16):
 * their pages come from the shared page cache, which writes nothing per reader. A signed-in
 * reader's read is recorded on the server by the loader that counts the view. `signedIn` comes
 * from the page's own loader (not the root's, which is not loaded again after a sign-in in
 * WeChat or the app without a reload), so a read is never kept in both places. Every entry and
 * article page loads this, so it does no more than that; the device's list is read back and
 * handed to the account by my pages (device-history.ts).
 */
export function useDeviceRead(
  signedIn: boolean,
  read: { kind: ReadKind; id: string | null; title: string },
) {
  const { kind, id, title } = read;
  useEffect(() => {
    if (signedIn || !id) return;
    try {
      localStorage.setItem(
        DEVICE_HISTORY_KEY,
        JSON.stringify(
          addDeviceRead(localStorage.getItem(DEVICE_HISTORY_KEY), { kind, id, title }, Date.now()),
        ),
      );
    } catch {
      // Storage blocked or full: the read is not kept on this device.
    }
  }, [signedIn, kind, id, title]);
}

/** What the device holds, as stored (my pages read it back through device-history.ts). */
export function storedDeviceHistory(): string | null {
  try {
    return localStorage.getItem(DEVICE_HISTORY_KEY);
  } catch {
    return null;
  }
}

export function forgetDeviceHistory() {
  try {
    localStorage.removeItem(DEVICE_HISTORY_KEY);
  } catch {
    // Nothing was kept.
  }
}
