import { deviceUploads } from "@tongjian/domain/device-history";
import type { BrowserApi } from "../../shell/browser-api.ts";
import { clearDeviceHistory, readDeviceHistory } from "./device-history.ts";

/**
 * Hands the device's reading history to the account the reader just signed in to, then forgets
 * it on the device (issue 16). Loaded only when there is something to hand over. A failed call
 * keeps the list for the next page.
 */
export async function mergeDeviceHistory(api: BrowserApi): Promise<number> {
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
