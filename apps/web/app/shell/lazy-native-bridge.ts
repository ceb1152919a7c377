import type { AppEnv } from "@tongjian/domain/app-env";
import type { NativeBridge } from "./native-bridge.ts";

/**
 * The native bridge as the shell hands it out: the protocol's code (native-bridge.ts) is loaded
 * by the first call, so pages outside the app (nearly all first loads) never download it. Calls
 * are made from the page and the app only ever answers them, so nothing is missed before then.
 */
export function lazyNativeBridge(
  env: Pick<AppEnv, "isNativeApp" | "isIosApp" | "isAndroidApp">,
): NativeBridge {
  let bridge: Promise<NativeBridge> | undefined;
  return {
    available: env.isNativeApp,
    call(method, params) {
      bridge ??= import("./native-bridge.ts").then((m) => m.createNativeBridge(env));
      return bridge.then((b) => b.call(method, params));
    },
  };
}
