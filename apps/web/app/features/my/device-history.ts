import type { DeviceRead } from "@tongjian/domain/device-history";
import { parseDeviceHistory } from "@tongjian/domain/device-history-list";
import { useEffect } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { forgetDeviceHistory, storedDeviceHistory } from "./use-device-history.ts";

// The device's reading history read back on my pages (use-device-history.ts writes it), and
// handed to the account once the reader is signed in. Storage can be blocked (private mode,
// some webviews): then there is nothing to show or hand over.

export function readDeviceHistory(): DeviceRead[] {
  return parseDeviceHistory(storedDeviceHistory());
}

export const clearDeviceHistory = forgetDeviceHistory;

/** Whether the device holds reads not yet handed to an account (cheap: no parsing). */
export function hasDeviceHistory(): boolean {
  return Boolean(storedDeviceHistory());
}

/**
 * On my pages, for a signed-in reader (by any way in: the forms, WeChat, the app): reads this
 * device kept from before join the account's history, and `onMerged` shows them. /login does
 * the same as it signs a reader in (merge-device-history.ts).
 */
export function useDeviceHistoryMerge(signedIn: boolean, onMerged: () => void) {
  const { api } = usePlatform();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page and reader
  useEffect(() => {
    if (!signedIn || !hasDeviceHistory()) return;
    import("./merge-device-history.ts")
      .then((m) => m.mergeDeviceHistory(api))
      .then((merged) => merged > 0 && onMerged())
      .catch((error: unknown) => console.warn("本机阅读记录同步失败，下次打开页面时重试", error));
  }, [signedIn, api]);
}
