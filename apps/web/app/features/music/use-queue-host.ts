import { useMemo } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import type { QueueHost } from "./music-queue.ts";

/** What the queue needs from the page's platform: the app bridge and the API. */
export function useQueueHost(): QueueHost {
  const { env, bridge, api } = usePlatform();
  return useMemo(
    () => ({ isNativeApp: env.isNativeApp, bridge, api }),
    [env.isNativeApp, bridge, api],
  );
}
