/**
 * Typed client for the native app's bridge (spec §7 "Native bridge messages"). The wire
 * protocol is documented for the app teams in docs/native-bridge.md:
 *
 * - The page sends `{ id, method, params }`:
 *   iOS (WKWebView): `window.webkit.messageHandlers.tongjian.postMessage(message)`;
 *   Android: `window.TongjianBridge.postMessage(JSON.stringify(message))`.
 * - The app answers calls that return something with
 *   `window.__tongjianBridgeReply(id, { ok: true, data })` or `{ ok: false, error }`.
 *
 * The app's light or dark theme is no message: it comes in the user agent and through
 * `window.__tongjianSetTheme`, which the head script defines (theme-script.ts, the "Theme"
 * section of docs/native-bridge.md), so that it applies before this module ever loads.
 */
import type { AppEnv } from "@tongjian/domain/app-env";

export const BRIDGE_HANDLER = "tongjian";
export const BRIDGE_REPLY = "__tongjianBridgeReply";
export const BRIDGE_TIMEOUT_MS = 10_000;
/** Spec §9: the native image capture limit. */
export const NATIVE_IMAGE_PICK_MAX = 1;

export interface NativeUserInfo {
  username: string;
  avatar: string;
  userId: string;
  phone: string;
  /** Bearer token for API calls (spec §3). */
  bearer: string;
}

export interface NativeDeviceInfo {
  userID: string;
  deviceID: string;
  networkEnv: string;
}

export interface SharePayload {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
  auditInfo?: string;
}

export interface ProxyRequest {
  url: string;
  type: "GET" | "POST";
  parameters: Record<string, unknown>;
}

export interface MusicItem {
  name: string;
  musicUrl: string;
  duration: number;
  author: string;
  songName: string;
}

/** Every message of spec §7, with what it sends and what it answers. */
export interface BridgeMethods {
  imagePreview: { params: { urls: string[]; index: number }; result: void };
  beginMusic: { params: { list: MusicItem[]; position: number }; result: void };
  networkProxy: {
    params: ProxyRequest;
    result: { code: number; message?: string; data?: unknown } | null;
  };
  getUserInfo: { params: Record<string, never>; result: NativeUserInfo | null };
  getDeviceInfo: { params: Record<string, never>; result: NativeDeviceInfo };
  login: { params: Record<string, never>; result: void };
  shareData: { params: SharePayload; result: void };
  setTitle: { params: { title: string }; result: void };
  toast: { params: { text: string }; result: void };
  openScheme: { params: { url: string }; result: void };
  jumpToGame: { params: { gameId: string; path?: string }; result: void };
  openAppStore: { params: Record<string, never>; result: void };
  communityDetail: { params: { id: string }; result: void };
  communitySend: { params: { circleId?: string }; result: void };
  ttsStart: { params: { text: string; id?: string }; result: void };
  ttsStop: { params: Record<string, never>; result: void };
  getStatusBarHeight: { params: Record<string, never>; result: number };
  /** Answers JSON text with a size field (spec §7). */
  getFont: { params: Record<string, never>; result: string };
  close: { params: Record<string, never>; result: void };
  openMiniProgram: { params: { userName: string; path?: string }; result: void };
  pickLocalImage: { params: { max: typeof NATIVE_IMAGE_PICK_MAX }; result: string[] };
  /**
   * The reader's reminders, whole (each change sends them all; app-reminders.ts): the app
   * schedules a local notification at `time` (China time, HH:MM) on each of `weekdays`
   * (1 Monday … 7 Sunday) for every enabled study reminder, opening `url`; and one at `at` for
   * each of `once` (the live sessions the reader signed up for), opening its own `url`. The ones
   * no longer listed are cancelled. An app that does not know `once` ignores it.
   */
  setReminder: {
    params: {
      reminders: { id: string; time: string; weekdays: number[]; enabled: boolean }[];
      url: string;
      once?: { id: string; at: string; title: string; body: string; url: string }[];
    };
    result: void;
  };
  /**
   * Shows a local notification now (the store's 订单通知 inside the app): `title` and `body`,
   * opening `url` when tapped; `id` names it, so the app shows one notice per id.
   */
  notify: { params: { id: string; title: string; body: string; url: string }; result: void };
}

export type BridgeMethod = keyof BridgeMethods;

/** Methods the app answers; the rest are fire-and-forget. */
const ANSWERED: ReadonlySet<BridgeMethod> = new Set([
  "networkProxy",
  "getUserInfo",
  "getDeviceInfo",
  "getStatusBarHeight",
  "getFont",
  "pickLocalImage",
]);

interface BridgeWindow {
  webkit?: {
    messageHandlers?: Record<string, { postMessage(message: unknown): void } | undefined>;
  };
  TongjianBridge?: { postMessage(message: string): void };
  [BRIDGE_REPLY]?: (id: string, reply: { ok: boolean; data?: unknown; error?: string }) => void;
}

export class NativeBridgeError extends Error {
  override name = "NativeBridgeError";
}

export interface NativeBridge {
  available: boolean;
  call<M extends BridgeMethod>(
    method: M,
    params: BridgeMethods[M]["params"],
  ): Promise<BridgeMethods[M]["result"]>;
}

export function createNativeBridge(
  env: Pick<AppEnv, "isNativeApp" | "isIosApp" | "isAndroidApp">,
  win: BridgeWindow = globalThis as unknown as BridgeWindow,
  timeoutMs = BRIDGE_TIMEOUT_MS,
): NativeBridge {
  const pending = new Map<
    string,
    {
      resolve: (v: unknown) => void;
      reject: (e: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  let counter = 0;

  const post = (message: { id: string; method: string; params: unknown }) => {
    if (env.isIosApp) {
      const handler = win.webkit?.messageHandlers?.[BRIDGE_HANDLER];
      if (!handler) throw new NativeBridgeError("App 未提供桥接接口");
      handler.postMessage(message);
    } else if (env.isAndroidApp) {
      if (!win.TongjianBridge) throw new NativeBridgeError("App 未提供桥接接口");
      win.TongjianBridge.postMessage(JSON.stringify(message));
    } else {
      throw new NativeBridgeError("请在通鉴App内使用此功能");
    }
  };

  if (env.isNativeApp) {
    win[BRIDGE_REPLY] = (id, reply) => {
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      clearTimeout(call.timer);
      if (reply?.ok) call.resolve(reply.data);
      else call.reject(new NativeBridgeError(reply?.error || "App 处理失败"));
    };
  }

  return {
    available: env.isNativeApp,
    call(method, params) {
      const id = `b${Date.now().toString(36)}${(counter++).toString(36)}`;
      if (!ANSWERED.has(method)) {
        return new Promise((resolve, reject) => {
          try {
            post({ id, method, params });
            resolve(undefined as never);
          } catch (error) {
            reject(error);
          }
        });
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new NativeBridgeError(`App 未响应（${method}）`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        try {
          post({ id, method, params });
        } catch (error) {
          clearTimeout(timer);
          pending.delete(id);
          reject(error);
        }
      });
    },
  };
}
