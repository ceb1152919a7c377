import { describe, expect, it, vi } from "vitest";
import { orderNotice, showOrderNotice } from "./app-notice.ts";

const paid = {
  orderNum: "TJ20261127120000ABCDEFGH",
  state: "fulfilled" as const,
  payFen: 19800,
  product: { key: "vip.year", title: "年度会员", kind: "vip" as const },
};

describe("the app's order notice", () => {
  it("asks the app to notify once the order is done, naming it by the order", async () => {
    const call = vi.fn(async () => undefined);
    expect(await showOrderNotice({ isNativeApp: true }, { call }, paid)).toBe(true);
    expect(call).toHaveBeenCalledWith("notify", {
      id: `order:${paid.orderNum}`,
      title: "会员开通成功",
      body: expect.stringContaining("年度会员"),
      url: `/order/${paid.orderNum}`,
    });
  });

  it("stays quiet outside the app and for orders not done", async () => {
    const call = vi.fn(async () => undefined);
    expect(await showOrderNotice({ isNativeApp: false }, { call }, paid)).toBe(false);
    expect(
      await showOrderNotice({ isNativeApp: true }, { call }, { ...paid, state: "paying" }),
    ).toBe(false);
    expect(call).not.toHaveBeenCalled();
    expect(orderNotice({ ...paid, state: "closed" })).toBeNull();
  });

  it("a refusal from the app changes nothing", async () => {
    const call = vi.fn(async () => {
      throw new Error("refused");
    });
    expect(await showOrderNotice({ isNativeApp: true }, { call }, paid)).toBe(true);
  });
});
