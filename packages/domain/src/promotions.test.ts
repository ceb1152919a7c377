import { describe, expect, it } from "vitest";
import {
  type CouponRule,
  CROCKFORD_ALPHABET,
  checkStoreCode,
  couponCoversProduct,
  couponOffFen,
  couponRefusal,
  describeCoupon,
  formatStoreCode,
  normalizeStoreCode,
  oddsPercent,
  priceOrder,
  prizeForRoll,
  STORE_CODE_LENGTH,
  storeCodeFromIndexes,
} from "./promotions.ts";

const amount = (amountFen: number, minSpendFen = 0, products: string[] = []): CouponRule => ({
  kind: "amount",
  amountFen,
  percentOff: null,
  capFen: null,
  minSpendFen,
  products,
});
const percent = (percentOff: number, capFen: number | null, minSpendFen = 0): CouponRule => ({
  kind: "percent",
  amountFen: null,
  percentOff,
  capFen,
  minSpendFen,
  products: [],
});

describe("coupon and price math", () => {
  it("takes a fixed amount, or a percentage floored to the fen and capped", () => {
    expect(couponOffFen(amount(2000), 19800)).toBe(2000);
    expect(couponOffFen(amount(2000), 1500)).toBe(1500);
    expect(couponOffFen(percent(15, null), 19900)).toBe(2985);
    expect(couponOffFen(percent(15, 1000), 19900)).toBe(1000);
    expect(couponOffFen(percent(33, null), 1001)).toBe(330);
  });

  it("applies the running discount first, then the coupon on what is left", () => {
    expect(
      priceOrder({
        listPriceFen: 19800,
        quantity: 1,
        discountPriceFen: 14800,
        coupon: amount(2000),
      }),
    ).toEqual({ listFen: 19800, discountFen: 5000, couponFen: 2000, payFen: 12800 });
    expect(
      priceOrder({
        listPriceFen: 1000,
        quantity: 3,
        discountPriceFen: 800,
        coupon: percent(50, 500),
      }),
    ).toEqual({ listFen: 3000, discountFen: 600, couponFen: 500, payFen: 1900 });
    // A discount above the list price changes nothing.
    expect(
      priceOrder({ listPriceFen: 1000, quantity: 1, discountPriceFen: 1200, coupon: null }).payFen,
    ).toBe(1000);
  });

  it("never charges less than 1 fen for a paid order", () => {
    expect(
      priceOrder({ listPriceFen: 500, quantity: 1, discountPriceFen: null, coupon: amount(1000) }),
    ).toEqual({ listFen: 500, discountFen: 0, couponFen: 499, payFen: 1 });
    expect(
      priceOrder({
        listPriceFen: 500,
        quantity: 1,
        discountPriceFen: null,
        coupon: percent(99, null),
      }).payFen,
    ).toBe(5);
  });

  it("says in Chinese why a coupon does not apply", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const open = {
      state: "available" as const,
      startsAt: "2026-11-01T00:00:00Z",
      expiresAt: "2026-12-01T00:00:00Z",
    };
    expect(couponRefusal(amount(500, 10000), open, "vip.year", 9999, now)).toBe(
      "未满 ¥100.00 可用",
    );
    expect(couponRefusal(amount(500, 10000), open, "vip.year", 10000, now)).toBeNull();
    expect(couponRefusal(amount(500, 0, ["kind:course"]), open, "vip.year", 19800, now)).toBe(
      "不适用于该商品",
    );
    expect(
      couponRefusal(
        amount(500),
        { ...open, expiresAt: "2026-11-27T09:00:00Z" },
        "vip.year",
        100,
        now,
      ),
    ).toBe("已过期");
    expect(couponRefusal(amount(500), { ...open, state: "locked" }, "vip.year", 100, now)).toBe(
      "已被一笔待支付的订单占用",
    );
    expect(couponRefusal(amount(500), { ...open, state: "used" }, "vip.year", 100, now)).toBe(
      "已使用",
    );
  });

  it("matches products by key or by kind", () => {
    expect(couponCoversProduct({ products: [] }, "goods.poster")).toBe(true);
    expect(couponCoversProduct({ products: ["vip.year"] }, "vip.year")).toBe(true);
    expect(couponCoversProduct({ products: ["vip.year"] }, "vip.month")).toBe(false);
    expect(couponCoversProduct({ products: ["kind:vip"] }, "vip.month")).toBe(true);
  });

  it("describes a coupon", () => {
    expect(describeCoupon(amount(2000, 10000))).toBe("满 ¥100.00 减 ¥20.00");
    expect(describeCoupon(amount(500))).toBe("无门槛减 ¥5.00");
    expect(describeCoupon(percent(15, 3000))).toBe("8.5 折（最多减 ¥30.00）");
  });
});

describe("exchange codes", () => {
  const indexes = Array.from({ length: 19 }, (_, i) => (i * 7 + 3) % 32);
  const code = storeCodeFromIndexes(indexes);

  it("makes 20 characters of Crockford base32 that pass their own check", () => {
    expect(code).toHaveLength(STORE_CODE_LENGTH);
    expect([...code].every((c) => CROCKFORD_ALPHABET.includes(c))).toBe(true);
    expect(checkStoreCode(code)).toEqual({ ok: true, code });
    expect(formatStoreCode(code)).toMatch(/^([0-9A-Z]{4}-){4}[0-9A-Z]{4}$/);
    expect(checkStoreCode(formatStoreCode(code).toLowerCase())).toEqual({ ok: true, code });
  });

  it("catches every single wrong character and every swap of two neighbours", () => {
    for (let i = 0; i < code.length; i++) {
      for (const c of CROCKFORD_ALPHABET) {
        if (c === code[i]) continue;
        const typo = code.slice(0, i) + c + code.slice(i + 1);
        expect(checkStoreCode(typo).ok, typo).toBe(false);
      }
    }
    let swaps = 0;
    let caught = 0;
    for (let i = 0; i + 1 < code.length; i++) {
      if (code[i] === code[i + 1]) continue;
      swaps++;
      const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
      if (!checkStoreCode(swapped).ok) caught++;
    }
    // Luhn mod N misses only the swap of the two characters whose values sum to N−1 … (rare).
    expect(caught).toBeGreaterThanOrEqual(swaps - 1);
  });

  it("reads O as 0 and I, L as 1, and refuses the wrong length with the format", () => {
    expect(normalizeStoreCode("ol-il o")).toBe("0111" + "0");
    expect(checkStoreCode("ABCD-EFGH")).toEqual({
      ok: false,
      message: "兑换码应为 20 位字母或数字，如 ABCD-EFGH-JKMN-PQRS-TVWX",
    });
    expect(checkStoreCode("  ")).toEqual({ ok: false, message: "请输入兑换码" });
    const wrong = code.slice(0, -1) + (code.endsWith("0") ? "1" : "0");
    expect(checkStoreCode(wrong)).toEqual({
      ok: false,
      message: "兑换码有误，请逐位核对后重新输入",
    });
  });
});

describe("draws", () => {
  const prizes = [
    { key: "a", weight: 1 },
    { key: "b", weight: 3 },
    { key: "c", weight: 4 },
  ];
  it("maps each roll to the prize whose weight covers it", () => {
    expect([0, 1, 3, 4, 7].map((r) => prizeForRoll(prizes, r).key)).toEqual([
      "a",
      "b",
      "b",
      "c",
      "c",
    ]);
    expect(() => prizeForRoll(prizes, 8)).toThrow(RangeError);
  });
  it("states the odds as a percentage", () => {
    expect(oddsPercent(1, 8)).toBe("12.5%");
    expect(oddsPercent(4, 8)).toBe("50%");
    expect(oddsPercent(1, 300)).toBe("0.33%");
  });
});
