import { chinaDay } from "@tongjian/domain/china-time";
import { describe, expect, it } from "vitest";
import {
  BillFormatError,
  fenToYuan,
  parseAlipayBill,
  parseChinaTime,
  splitCsvLine,
  toChinaTime,
  yuanToFen,
  yuanToFenOrNull,
} from "./alipay-format.ts";

describe("fen ↔ yuan", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [7, "0.07"],
    [10, "0.10"],
    [99, "0.99"],
    [100, "1.00"],
    [1990, "19.90"],
    [123456789, "1234567.89"],
    [10_000_000_000, "100000000.00"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
  ])("%i fen is %s yuan", (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it("reads yuan with one or no decimals, padded, and negative", () => {
    expect(yuanToFen("19.9")).toBe(1990);
    expect(yuanToFen("20")).toBe(2000);
    expect(yuanToFen(" 12.30\t")).toBe(1230);
    expect(yuanToFen("-0.50")).toBe(-50);
    expect(yuanToFen("-0.00")).toBe(0);
    // Where floating point goes wrong: 0.07 * 100 = 7.000000000000001, 1.1 * 100 = 110.00000000000001.
    expect(yuanToFen("0.07")).toBe(7);
    expect(yuanToFen("1.10")).toBe(110);
    expect(yuanToFen("4.35")).toBe(435);
    expect(yuanToFen("1.15")).toBe(115);
  });

  it("round-trips every amount up to 100 yuan exactly", () => {
    for (let fen = 0; fen <= 10_000; fen++) {
      const yuan = fenToYuan(fen);
      expect(yuan).toMatch(/^\d+\.\d{2}$/);
      if (yuanToFen(yuan) !== fen) throw new Error(`${fen} → ${yuan} → ${yuanToFen(yuan)}`);
    }
  });

  it("refuses an amount past the safe integers", () => {
    expect(() => yuanToFen("90071992547409.92")).toThrow(/过大/);
  });

  it.each(["", "1.005", "1e3", "0x10", "1,00", "１.00", "1. 0", ".5", "abc", "NaN", "--1"])(
    "refuses %j",
    (text) => {
      expect(() => yuanToFen(text)).toThrow(RangeError);
      expect(yuanToFenOrNull(text)).toBeNull();
    },
  );

  it.each([-1, 0.5, 19.9, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    "refuses %d fen",
    (fen) => {
      expect(() => fenToYuan(fen)).toThrow(RangeError);
    },
  );
});

describe("China time", () => {
  it("writes and reads Alipay's times (GMT+8, no zone)", () => {
    const at = new Date("2026-11-27T16:30:05Z");
    expect(toChinaTime(at)).toBe("2026-11-28 00:30:05");
    expect(chinaDay(at)).toBe("2026-11-28");
    expect(parseChinaTime("2026-11-28 00:30:05")?.toISOString()).toBe("2026-11-27T16:30:05.000Z");
    expect(parseChinaTime("2026-11-28 00:30")?.toISOString()).toBe("2026-11-27T16:30:00.000Z");
  });

  it.each(["", "2026-02-30 10:00:00", "2026-11-28", "28/11/2026 00:00:00", "2026-11-28 24:00:00"])(
    "refuses %j",
    (text) => {
      expect(parseChinaTime(text)).toBeNull();
    },
  );
});

describe("the day's bill", () => {
  const bill = [
    "#支付宝业务明细查询",
    "#账号：[20887210436700010156]",
    "#-----------------------------------------业务明细列表----------------------------------------",
    "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,订单金额（元）,商家实收（元）,退款批次号/请求号,备注",
    "2026112722001000000000000001\t,TJ1\t,交易\t,年度会员\t,2026-11-27 09:59:00\t,2026-11-27 10:00:00\t,199.00\t,199.00\t,\t,\t",
    '2026112722001000000000000002,TJ2,交易,"会员, 含""加赠""",2026-11-27 11:00:00,2026-11-27 11:00:30,0.07,0.07,,',
    "2026112722001000000000000001,TJ1,退款,年度会员,2026-11-27 09:59:00,2026-11-27 23:59:59,-50.00,-50.00,TJ1R1,退一部分",
    "2026112722001000000000000003,TJ3,其他,调账,2026-11-27 12:00:00,2026-11-27 12:00:00,1.00,1.00,,",
    "#-----------------------------------------业务明细列表结束------------------------------------",
    "#交易合计：2笔",
    "",
  ].join("\r\n");

  it("reads payments and refunds, skipping notes and other kinds", () => {
    expect(parseAlipayBill(bill)).toEqual([
      {
        orderNum: "TJ1",
        channelTradeNo: "2026112722001000000000000001",
        kind: "payment",
        amountFen: 19900,
        at: "2026-11-27T02:00:00.000Z",
      },
      {
        orderNum: "TJ2",
        channelTradeNo: "2026112722001000000000000002",
        kind: "payment",
        amountFen: 7,
        at: "2026-11-27T03:00:30.000Z",
      },
      {
        orderNum: "TJ1",
        channelTradeNo: "2026112722001000000000000001",
        kind: "refund",
        amountFen: 5000,
        at: "2026-11-27T15:59:59.000Z",
      },
    ]);
  });

  it("splits quoted cells", () => {
    expect(splitCsvLine('a\t, "b, c" ,"d""e",')).toEqual(["a", "b, c", 'd"e', ""]);
  });

  it("refuses a bill it cannot read rather than dropping a line", () => {
    expect(() => parseAlipayBill("#nothing\n")).toThrow(BillFormatError);
    expect(() => parseAlipayBill("商户订单号,业务类型\nTJ1,交易")).toThrow(/支付宝交易号/);
    expect(() => parseAlipayBill(bill.replace("0.07,0.07", "0.07元,0.07"))).toThrow(/金额/);
    expect(() => parseAlipayBill(bill.replace("2026-11-27 11:00:30", "昨天"))).toThrow(/完成时间/);
  });

  it("reads a bill with no entries as empty", () => {
    expect(parseAlipayBill(bill.split("\r\n").slice(0, 4).join("\n"))).toEqual([]);
  });
});
