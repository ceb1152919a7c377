import type { DeviceReceipt } from "@tongjian/contracts/ladder";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { usePlatform } from "../../shell/platform.tsx";
import { clearDeviceLadder, mergeRequest, readDeviceLadder } from "./device-ladder.ts";

/** The device's receipts, read after the page is on screen (the server has no device). */
export function useDeviceReceipts(signedIn: boolean): [DeviceReceipt[], () => void] {
  const [receipts, setReceipts] = useState<DeviceReceipt[]>([]);
  const reload = () => setReceipts(readDeviceLadder());
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per sign-in state
  useEffect(() => {
    if (!signedIn) reload();
  }, [signedIn]);
  return [receipts, reload];
}

/**
 * Once a reader is signed in, the practice their device kept while signed out goes to the
 * account (POST /api/ladder/y/merge); the device's copy is then cleared and the page reloads
 * its data. A failed call leaves the device's copy for the next page.
 */
export function useMergeDeviceLadder(signedIn: boolean) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sign-in state
  useEffect(() => {
    if (!signedIn) return;
    const body = mergeRequest(readDeviceLadder());
    if (!body) return;
    api
      .post("/api/ladder/y/merge", body)
      .then(() => {
        clearDeviceLadder();
        void revalidator.revalidate();
      })
      .catch(() => {});
  }, [signedIn]);
}
