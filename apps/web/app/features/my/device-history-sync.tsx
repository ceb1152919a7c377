import { useEffect } from "react";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { usePlatform } from "../../shell/platform.tsx";
import { hasDeviceHistory } from "./device-history.ts";

/**
 * Mounted once by the root: when a signed-in reader's device still holds reads from before they
 * signed in (by any way in: the forms, WeChat, the app), they join the account's history, and
 * a page of my pages that is open shows them.
 */
export function DeviceHistorySync() {
  const root = useRouteLoaderData("root") as { signedIn?: { kind: string } } | undefined;
  const signedIn = root?.signedIn !== undefined && root.signedIn.kind !== "anonymous";
  const { api } = usePlatform();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const onMyPage = pathname === "/my" || pathname.startsWith("/my/");

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sign-in, not per page
  useEffect(() => {
    if (!signedIn || !hasDeviceHistory()) return;
    import("./merge-device-history.ts")
      .then((m) => m.mergeDeviceHistory(api))
      .then((merged) => {
        if (merged > 0 && onMyPage) void revalidator.revalidate();
      })
      .catch((error: unknown) => console.warn("本机阅读记录同步失败，下次打开页面时重试", error));
  }, [signedIn, api]);
  return null;
}
