import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCommerce, readCommerce } from "./commerce-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";

const CONTENT = join(import.meta.dirname, "../../../content");

describe("the store's catalogue", () => {
  it("loads the shipped products, one of each kind at least, with ids", () => {
    const issues: KeyedFileIssue[] = [];
    const commerce = loadCommerce(CONTENT, issues);
    expect(issues).toEqual([]);
    const kinds = new Set(commerce.products.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(["card", "course", "goods", "vip"]);
    expect(commerce.products.every((p) => /^[0-9a-f]{24}$/.test(p.id))).toBe(true);
  });

  it("names the record and field of a bad price, a duplicate and a key of the wrong kind", () => {
    const issues: KeyedFileIssue[] = [];
    readCommerce(
      `products:
  - { key: vip.month, kind: vip, title: 月卡会员, subtitle: 一个月, listPriceFen: 19.9, months: 1 }
`,
      issues,
    );
    expect(issues[0]).toMatchObject({ record: "vip.month", field: "listPriceFen" });

    const more: KeyedFileIssue[] = [];
    readCommerce(
      `products:
  - { key: vip.month, kind: vip, title: 月卡会员, subtitle: 一个月, listPriceFen: 1990, months: 1 }
  - { key: vip.month, kind: vip, title: 月卡会员, subtitle: 一个月, listPriceFen: 1990, months: 1 }
  - { key: card.three, kind: goods, title: 三张卡片, subtitle: 一套三张, listPriceFen: 300, stock: 3 }
`,
      more,
    );
    expect(more.map((i) => `${i.record}:${i.field}`).sort()).toEqual([
      "card.three:key",
      "vip.month:key",
    ]);
  });
});
