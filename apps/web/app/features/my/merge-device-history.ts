import { deviceUploads } from "@tongjian/domain/device-history-list";
import type { BrowserApi } from "../../shell/browser-api.ts";
import { clearDeviceHistory, hasDeviceHistory, readDeviceHistory } from "./device-history.ts";

/**
 * Hands the device's reading history to the account the reader just signed in to, then forgets
 * it on the device (issue 16). Loaded after the page, on the pages of signed-in readers only; a
 * failed call keeps the list for the next page.
 */
export async function mergeDeviceHistory(api: BrowserApi): Promise<number> {
  if (!hasDeviceHistory()) return 0;
  const reads = readDeviceHistory();
  if (reads.length === 0) {
    clearDeviceHistory();
    return 0;
  }
  const { merged } = await api.post<{ merged: number }>("/api/m/social/v1/y/my/history/merge", {
    items: deviceUploads(reads),
  });
  clearDeviceHistory();
  return merged;
}
