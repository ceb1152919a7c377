import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { usePlatform } from "../../shell/platform.tsx";
import { clearDevice, mergeRequest, readDevice } from "./device-reading.ts";

/**
 * Once a reader is signed in, the places and bookmarks their device kept while signed out go to
 * the account (POST /api/book/y/merge); the device's copy is then cleared and the page reloads
 * its data. A failed call leaves the device's copy for the next page.
 */
export function useMergeDeviceReading(signedIn: boolean) {
  const { api } = usePlatform();
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sign-in state
  useEffect(() => {
    if (!signedIn) return;
    const body = mergeRequest(readDevice());
    if (!body) return;
    api
      .post("/api/book/y/merge", body)
      .then(() => {
        clearDevice();
        void revalidator.revalidate();
      })
      .catch(() => {});
  }, [signedIn]);
}
