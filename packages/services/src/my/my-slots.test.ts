import { ANONYMOUS } from "@tongjian/domain/viewer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadMySlots, MY_SLOT_SOURCES } from "./my-slots.ts";

afterEach(() => vi.restoreAllMocks());

describe("the slots of /my", () => {
  it("list orders and study progress, not filled by any feature yet", async () => {
    const slots = await loadMySlots(ANONYMOUS);
    expect(slots.map((s) => [s.key, s.title, s.ready, s.items])).toEqual([
      ["orders", "我的订单", false, []],
      ["study", "学习进度", false, []],
    ]);
    for (const s of slots) expect(s.emptyText.length).toBeGreaterThan(10);
  });

  it("show what a feature loads, and an empty section when its feature fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [orders, study] = MY_SLOT_SOURCES;
    const slots = await loadMySlots(ANONYMOUS, [
      {
        ...(orders as (typeof MY_SLOT_SOURCES)[number]),
        load: async () => [{ title: "年度会员", href: "/order/1", meta: "已支付" }],
      },
      {
        ...(study as (typeof MY_SLOT_SOURCES)[number]),
        load: () => Promise.reject(new Error("down")),
      },
    ]);
    expect(slots.map((s) => [s.key, s.ready, s.items.length])).toEqual([
      ["orders", true, 1],
      ["study", true, 0],
    ]);
    expect(warn).toHaveBeenCalledWith("我的页面「学习进度」加载失败", expect.any(Error));
  });
});
