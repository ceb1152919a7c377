import type { NativeBridge } from "../../shell/native-bridge.ts";

/**
 * The page-side steps of the channels: WeChat's JSAPI (`WeixinJSBridge`, spec §4) and the app's
 * pay message. Each resolves with the channel's answer as given; pay-flow.ts reads it.
 */
interface WeixinJSBridgeApi {
  invoke(method: string, params: Record<string, string>, cb: (res: unknown) => void): void;
}

/** WeChat's page bridge (weixin-js-sdk's typings declare it as `any`). */
function weixinJSBridge(): WeixinJSBridgeApi | undefined {
  return (window as unknown as { WeixinJSBridge?: WeixinJSBridgeApi }).WeixinJSBridge;
}

const READY_TIMEOUT_MS = 8000;

/** `WeixinJSBridge.invoke("getBrandWCPayRequest", params, cb)`, once the bridge is ready. */
export function invokeBrandWCPay(params: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const invoke = () => {
      const bridge = weixinJSBridge();
      if (!bridge) {
        reject(new Error("请在微信中打开后支付"));
        return;
      }
      bridge.invoke("getBrandWCPayRequest", params, resolve);
    };
    if (weixinJSBridge()) {
      invoke();
      return;
    }
    const timer = window.setTimeout(() => {
      document.removeEventListener("WeixinJSBridgeReady", onReady);
      reject(new Error("微信支付未就绪，请重试"));
    }, READY_TIMEOUT_MS);
    function onReady() {
      window.clearTimeout(timer);
      invoke();
    }
    document.addEventListener("WeixinJSBridgeReady", onReady, { once: true });
  });
}

/**
 * The app's WeChat APP pay (docs/native-bridge.md "Pay"): the page sends the parameters the
 * server signed, as they are, under `channel: "wechat"`; the app answers WeChat's `PayResp`
 * (`{ errCode, errStr }`). The shell's typed bridge does not list this message on this branch,
 * so it is called through this one small wrapper.
 */
export function invokeAppPay(bridge: NativeBridge, params: Record<string, string>) {
  if (!bridge.available) return Promise.reject(new Error("请升级 App 后再支付"));
  const call = bridge.call as unknown as (
    method: string,
    params: { channel: "wechat"; params: Record<string, string> },
  ) => Promise<unknown>;
  return call.call(bridge, "pay", { channel: "wechat", params });
}
