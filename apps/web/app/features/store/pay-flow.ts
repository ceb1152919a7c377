import type { OrderView, PayView } from "@tongjian/contracts/commerce";
import type { AppEnv } from "@tongjian/domain/app-env";
import type { OrderState } from "@tongjian/domain/commerce";

/**
 * The payment flow of the store's pages (spec §4, decision 0037), as pure rules and one runner
 * whose effects are passed in, so that tests drive every branch:
 *
 * - inside WeChat: JSAPI. The page asks the server for the signed config, invokes
 *   `getBrandWCPayRequest`, and only `get_brand_wcpay_request:ok` goes on, to a server confirm;
 *   a cancel keeps the reader's place (继续支付), a failure offers a retry;
 * - in a mobile browser: WeChat H5 pay or Alipay, both a redirect to the channel's page;
 * - in our app: WeChat's app pay through the native bridge.
 *
 * An order is paid only when the server says so; while it still says 支付中 the page asks again
 * a few times with a progress indicator.
 */
export type PayMethod = "wechat-jsapi" | "wechat-h5" | "wechat-app" | "alipay-wap";

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  "wechat-jsapi": "微信支付",
  "wechat-h5": "微信支付",
  "wechat-app": "微信支付",
  "alipay-wap": "支付宝",
};

/** Methods whose channel can sign a renewal contract (WeChat's 委托代扣 in WeChat and the app). */
export const AUTO_RENEW_METHODS: readonly PayMethod[] = ["wechat-jsapi", "wechat-app"];

/** The methods a reader can choose here, the first preselected. */
export function payMethodsFor(env: Pick<AppEnv, "isWeixin" | "isNativeApp">): PayMethod[] {
  if (env.isWeixin) return ["wechat-jsapi"];
  if (env.isNativeApp) return ["wechat-app"];
  return ["wechat-h5", "alipay-wap"];
}

/** Whether a renewal can be offered for this product with this method. */
export function canAutoRenew(
  product: { kind: string; autoRenewPriceFen: number | null },
  method: PayMethod,
): boolean {
  return (
    product.kind === "vip" &&
    product.autoRenewPriceFen !== null &&
    AUTO_RENEW_METHODS.includes(method)
  );
}

/** What the channel's page-side step answered. */
export type BridgeOutcome = "ok" | "cancel" | "fail";

/**
 * WeixinJSBridge's answer (`{ err_msg }`): only `get_brand_wcpay_request:ok` is ok; `:cancel`
 * is the reader closing the sheet; anything else (`:fail`, a missing answer) is a failure.
 */
export function jsapiOutcome(res: unknown): BridgeOutcome {
  const msg =
    typeof res === "object" && res !== null
      ? String((res as { err_msg?: unknown }).err_msg ?? "")
      : "";
  if (msg === "get_brand_wcpay_request:ok") return "ok";
  if (msg === "get_brand_wcpay_request:cancel") return "cancel";
  return "fail";
}

/**
 * The app's pay answer (docs/native-bridge.md "Pay"): WeChat's `PayResp` values, `errCode` 0 the
 * payer paid, -2 cancelled, -1 (or anything else) failed.
 */
export function appPayOutcome(res: unknown): BridgeOutcome {
  const code =
    typeof res === "object" && res !== null ? (res as { errCode?: unknown }).errCode : undefined;
  if (code === 0) return "ok";
  if (code === -2) return "cancel";
  return "fail";
}

const DONE_STATES: readonly OrderState[] = ["paid", "fulfilled"];

/** Where the page is after a step. */
export type PayStep =
  | { kind: "confirming"; attempt: number }
  | { kind: "done"; order: OrderView }
  /** The reader closed the pay sheet: the order waits; 继续支付 or change the method. */
  | { kind: "kept"; orderNum: string }
  /** The channel or the network failed: say why, offer a retry. */
  | { kind: "failed"; orderNum: string; message: string }
  /** The server still has no word from the channel after the last ask: 查询结果 later. */
  | { kind: "pending"; order: OrderView }
  /** The order closed (too late) or was refunded: no paying it now. */
  | { kind: "closed"; order: OrderView }
  /** The page goes to the channel's page. */
  | { kind: "redirected"; url: string };

/** The step after the page-side pay step answered. */
export function afterBridge(orderNum: string, outcome: BridgeOutcome): PayStep {
  if (outcome === "ok") return { kind: "confirming", attempt: 1 };
  if (outcome === "cancel") return { kind: "kept", orderNum };
  return { kind: "failed", orderNum, message: "支付未成功，请重试或换一种支付方式" };
}

/** The step after the server answered a confirm or a detail (attempt counts from 1). */
export function afterServer(order: OrderView, attempt: number, maxAttempts: number): PayStep {
  if (DONE_STATES.includes(order.state)) return { kind: "done", order };
  if (order.state === "closed" || order.state === "refunding" || order.state === "refunded")
    return { kind: "closed", order };
  if (attempt < maxAttempts) return { kind: "confirming", attempt: attempt + 1 };
  return { kind: "pending", order };
}

export interface PayDeps {
  pay(orderNum: string, method: PayMethod): Promise<PayView>;
  confirm(orderNum: string): Promise<OrderView>;
  detail(orderNum: string): Promise<OrderView>;
  invokeJsapi(params: Extract<PayView["prepare"], { kind: "jsapi" }>["params"]): Promise<unknown>;
  invokeApp(params: Record<string, string>): Promise<unknown>;
  redirect(url: string): void;
  sleep(ms: number): Promise<void>;
  /** Each step as it happens, for the progress indicator. */
  onStep?(step: PayStep): void;
}

export const CONFIRM_ATTEMPTS = 6;
export const CONFIRM_INTERVAL_MS = 1500;

/** Asks the server whether the order is paid: a confirm, then details while it says 支付中. */
export async function confirmOrder(
  deps: Pick<PayDeps, "confirm" | "detail" | "sleep" | "onStep">,
  orderNum: string,
  maxAttempts = CONFIRM_ATTEMPTS,
): Promise<PayStep> {
  let attempt = 1;
  deps.onStep?.({ kind: "confirming", attempt });
  let order = await deps.confirm(orderNum);
  for (;;) {
    const step = afterServer(order, attempt, maxAttempts);
    if (step.kind !== "confirming") return step;
    attempt = step.attempt;
    deps.onStep?.(step);
    await deps.sleep(CONFIRM_INTERVAL_MS);
    order = await deps.detail(orderNum);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "网络不稳定，请重试";
}

/** One attempt to pay an order with a method, to its last step. Never throws. */
export async function runPayment(
  deps: PayDeps,
  orderNum: string,
  method: PayMethod,
): Promise<PayStep> {
  try {
    const view = await deps.pay(orderNum, method);
    const prepare = view.prepare;
    if (prepare.kind === "redirect") {
      deps.redirect(prepare.url);
      return { kind: "redirected", url: prepare.url };
    }
    const answer =
      prepare.kind === "jsapi"
        ? jsapiOutcome(await deps.invokeJsapi(prepare.params))
        : appPayOutcome(await deps.invokeApp(prepare.params));
    const step = afterBridge(orderNum, answer);
    if (step.kind !== "confirming") return step;
    return await confirmOrder(deps, orderNum);
  } catch (error) {
    return { kind: "failed", orderNum, message: messageOf(error) };
  }
}
