import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCommerce } from "./commerce-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";
import { loadPromotions, readPromotions } from "./promotions-content.ts";

const CONTENT = join(import.meta.dirname, "../../../content");

describe("the store's sample promotions", () => {
  it("loads the shipped coupons, discounts of both sales and the draw, against the catalogue", () => {
    const issues: KeyedFileIssue[] = [];
    const commerce = loadCommerce(CONTENT, issues);
    const promotions = loadPromotions(CONTENT, commerce, issues);
    expect(issues).toEqual([]);
    expect(promotions.coupons.length).toBeGreaterThanOrEqual(2);
    expect(new Set(promotions.discounts.map((d) => d.theme))).toEqual(new Set([1, 2]));
    expect(promotions.draws.map((d) => d.key)).toContain("drawsale");
  });

  it("names an unknown product, a missing amount, a backwards window and a prize's unknown coupon", () => {
    const issues: KeyedFileIssue[] = [];
    const commerce = loadCommerce(CONTENT, []);
    readPromotions(
      `coupons:
  - { key: a, title: 测试券, kind: amount, amountFen: 100, products: [vip.nope], startsAt: "2026-01-01T00:00:00+08:00", endsAt: "2027-01-01T00:00:00+08:00" }
  - { key: b, title: 测试券, kind: amount, startsAt: "2026-01-01T00:00:00+08:00", endsAt: "2027-01-01T00:00:00+08:00" }
discounts:
  - { key: c, title: 测试折扣, productKey: vip.year, priceFen: 100, startsAt: "2027-01-01T00:00:00+08:00", endsAt: "2026-01-01T00:00:00+08:00" }
draws:
  - key: d
    title: 测试抽奖
    dailyLimit: 1
    startsAt: "2026-01-01T00:00:00+08:00"
    endsAt: "2027-01-01T00:00:00+08:00"
    prizes: [{ key: p, title: 奖品一, weight: 1, coupon: nope }]
`,
      commerce,
      issues,
    );
    expect(issues.map((i) => i.record).sort()).toEqual(["b"]);
    const second: KeyedFileIssue[] = [];
    readPromotions(
      `coupons:
  - { key: a, title: 测试券, kind: amount, amountFen: 100, products: [vip.nope], startsAt: "2026-01-01T00:00:00+08:00", endsAt: "2027-01-01T00:00:00+08:00" }
discounts:
  - { key: c, title: 测试折扣, productKey: vip.year, priceFen: 100, startsAt: "2027-01-01T00:00:00+08:00", endsAt: "2026-01-01T00:00:00+08:00" }
draws:
  - key: d
    title: 测试抽奖
    dailyLimit: 1
    startsAt: "2026-01-01T00:00:00+08:00"
    endsAt: "2027-01-01T00:00:00+08:00"
    prizes: [{ key: p, title: 奖品一, weight: 1, coupon: nope }]
`,
      commerce,
      second,
    );
    expect(second.map((i) => `${i.record}:${i.field}`).sort()).toEqual([
      "a:products",
      "c:endsAt",
      "d:prizes",
    ]);
  });
});
