import type { OrderView, PayView } from "@tongjian/contracts/commerce";
import type { OrderState } from "@tongjian/domain/commerce";
import { describe, expect, it, vi } from "vitest";
import {
  afterBridge,
  afterServer,
  appPayOutcome,
  canAutoRenew,
  jsapiOutcome,
  type PayDeps,
  type PayStep,
  payMethodsFor,
  runPayment,
} from "./pay-flow.ts";

const NUM = "TJ20261127180000AB12CD34";

function order(state: OrderState): OrderView {
  return {
    orderNum: NUM,
    state,
    stateLabel: state,
    product: { key: "vip.year", title: "通鉴会员·年卡", kind: "vip" },
    quantity: 1,
    listFen: 19800,
    discountFen: 0,
    couponFen: 1000,
    couponTitle: "满减券",
    payFen: 18800,
    refundedFen: 0,
    method: "wechat-jsapi",
    autoRenew: false,
    createdAt: "2026-11-27T10:00:00.000Z",
    expiresAt: "2026-11-27T10:15:00.000Z",
    paidAt: null,
    fulfilledAt: null,
    granted: null,
    address: null,
    returnPath: null,
    events: [],
  };
}

const JSAPI: PayView = {
  orderNum: NUM,
  prepare: {
    kind: "jsapi",
    params: {
      appId: "wx1",
      timeStamp: "1",
      nonceStr: "n",
      package: "prepay_id=1",
      signType: "RSA",
      paySign: "s",
    },
  },
};

function deps(over: Partial<PayDeps> & { states?: OrderState[] } = {}) {
  const states = [...(over.states ?? ["fulfilled"])];
  const next = () => order(states.length > 1 ? (states.shift() as OrderState) : states[0]!);
  const steps: PayStep[] = [];
  const d: PayDeps = {
    pay: vi.fn(async () => JSAPI),
    confirm: vi.fn(async () => next()),
    detail: vi.fn(async () => next()),
    invokeJsapi: vi.fn(async () => ({ err_msg: "get_brand_wcpay_request:ok" })),
    invokeApp: vi.fn(async () => ({ errCode: 0 })),
    redirect: vi.fn(),
    sleep: vi.fn(async () => {}),
    onStep: (s) => steps.push(s),
    ...over,
  };
  return { d, steps };
}

describe("the page's pay step", () => {
  it("reads only get_brand_wcpay_request:ok as paid on the page", () => {
    expect(jsapiOutcome({ err_msg: "get_brand_wcpay_request:ok" })).toBe("ok");
    expect(jsapiOutcome({ err_msg: "get_brand_wcpay_request:cancel" })).toBe("cancel");
    expect(jsapiOutcome({ err_msg: "get_brand_wcpay_request:fail" })).toBe("fail");
    expect(jsapiOutcome({ err_msg: "get_brand_wcpay_request:OK" })).toBe("fail");
    expect(jsapiOutcome(undefined)).toBe("fail");
    expect(jsapiOutcome("get_brand_wcpay_request:ok")).toBe("fail");
  });

  it("reads the app's PayResp: 0 paid on the page, -2 cancelled, anything else failed", () => {
    expect(appPayOutcome({ errCode: 0 })).toBe("ok");
    expect(appPayOutcome({ errCode: -2 })).toBe("cancel");
    expect(appPayOutcome({ errCode: -1, errStr: "签名错误" })).toBe("fail");
    expect(appPayOutcome({ errCode: "0" })).toBe("fail");
    expect(appPayOutcome(null)).toBe("fail");
  });

  it("goes ok → confirm, cancel → keep the place, fail → retry", () => {
    expect(afterBridge(NUM, "ok")).toEqual({ kind: "confirming", attempt: 1 });
    expect(afterBridge(NUM, "cancel")).toEqual({ kind: "kept", orderNum: NUM });
    expect(afterBridge(NUM, "fail")).toMatchObject({ kind: "failed", orderNum: NUM });
  });

  it("calls the order paid only on the server's word", () => {
    expect(afterServer(order("fulfilled"), 1, 3).kind).toBe("done");
    expect(afterServer(order("paid"), 1, 3).kind).toBe("done");
    expect(afterServer(order("paying"), 1, 3)).toEqual({ kind: "confirming", attempt: 2 });
    expect(afterServer(order("created"), 2, 3)).toEqual({ kind: "confirming", attempt: 3 });
    expect(afterServer(order("paying"), 3, 3).kind).toBe("pending");
    expect(afterServer(order("closed"), 1, 3).kind).toBe("closed");
  });

  it("offers the methods of the reader's environment, and renewal only where it signs", () => {
    expect(payMethodsFor({ isWeixin: true, isNativeApp: false })).toEqual(["wechat-jsapi"]);
    expect(payMethodsFor({ isWeixin: false, isNativeApp: true })).toEqual(["wechat-app"]);
    expect(payMethodsFor({ isWeixin: false, isNativeApp: false })).toEqual([
      "wechat-h5",
      "alipay-wap",
    ]);
    const month = { kind: "vip", autoRenewPriceFen: 1900 };
    expect(canAutoRenew(month, "wechat-jsapi")).toBe(true);
    expect(canAutoRenew(month, "alipay-wap")).toBe(false);
    expect(canAutoRenew(month, "wechat-h5")).toBe(false);
    expect(canAutoRenew({ kind: "vip", autoRenewPriceFen: null }, "wechat-jsapi")).toBe(false);
  });
});

describe("runPayment", () => {
  it("in WeChat: invokes the bridge with the server's config, then confirms", async () => {
    const { d } = deps();
    const step = await runPayment(d, NUM, "wechat-jsapi");
    expect(d.pay).toHaveBeenCalledWith(NUM, "wechat-jsapi");
    expect(d.invokeJsapi).toHaveBeenCalledWith((JSAPI.prepare as { params: unknown }).params);
    expect(d.confirm).toHaveBeenCalledWith(NUM);
    expect(step.kind).toBe("done");
  });

  it("polls while the server still says 支付中, then gives up to a pending state", async () => {
    const { d, steps } = deps({ states: ["paying", "paying", "fulfilled"] });
    expect((await runPayment(d, NUM, "wechat-jsapi")).kind).toBe("done");
    expect(d.detail).toHaveBeenCalledTimes(2);
    expect(steps.map((s) => s.kind === "confirming" && s.attempt)).toEqual([1, 2, 3]);

    const slow = deps({ states: ["paying"] });
    const step = await runPayment(slow.d, NUM, "wechat-jsapi");
    expect(step.kind).toBe("pending");
    expect(slow.d.detail).toHaveBeenCalledTimes(5);
  });

  it("keeps the place on a cancel and never confirms", async () => {
    const { d } = deps({
      invokeJsapi: vi.fn(async () => ({ err_msg: "get_brand_wcpay_request:cancel" })),
    });
    expect(await runPayment(d, NUM, "wechat-jsapi")).toEqual({ kind: "kept", orderNum: NUM });
    expect(d.confirm).not.toHaveBeenCalled();
  });

  it("fails with a retry on a failed bridge or a refused pay call", async () => {
    const failed = deps({
      invokeJsapi: vi.fn(async () => ({ err_msg: "get_brand_wcpay_request:fail" })),
    });
    expect((await runPayment(failed.d, NUM, "wechat-jsapi")).kind).toBe("failed");
    expect(failed.d.confirm).not.toHaveBeenCalled();

    const refused = deps({
      pay: vi.fn(async () => {
        throw new Error("订单已关闭");
      }),
    });
    expect(await runPayment(refused.d, NUM, "wechat-jsapi")).toEqual({
      kind: "failed",
      orderNum: NUM,
      message: "订单已关闭",
    });
  });

  it("redirects for H5 and Alipay, and pays through the app's bridge in the app", async () => {
    const url = "https://openapi.alipay.com/gateway.do?x=1";
    const redirect = deps({
      pay: vi.fn(async () => ({ orderNum: NUM, prepare: { kind: "redirect", url } }) as PayView),
    });
    expect(await runPayment(redirect.d, NUM, "alipay-wap")).toEqual({ kind: "redirected", url });
    expect(redirect.d.redirect).toHaveBeenCalledWith(url);
    expect(redirect.d.confirm).not.toHaveBeenCalled();

    const app = deps({
      pay: vi.fn(
        async () =>
          ({ orderNum: NUM, prepare: { kind: "app", params: { prepayId: "p" } } }) as PayView,
      ),
      invokeApp: vi.fn(async () => ({ errCode: -2 })),
    });
    expect((await runPayment(app.d, NUM, "wechat-app")).kind).toBe("kept");
    expect(app.d.invokeApp).toHaveBeenCalledWith({ prepayId: "p" });
  });
});
