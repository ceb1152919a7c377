import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { billText, readZip } from "./alipay-bill-file.ts";
import { BillFormatError, parseAlipayBill } from "./alipay-format.ts";

/** GBK bytes of a text, from a table built by decoding every two-byte GBK code. */
const gbkTable = (() => {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder("gbk");
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      const ch = decoder.decode(Uint8Array.of(lead, trail));
      if (ch.length === 1 && ch !== "\uFFFD" && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  }
  return table;
})();
const gbk = (text: string) =>
  Buffer.from(
    [...text].flatMap((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x80) return [code];
      const bytes = gbkTable.get(ch);
      if (!bytes) throw new Error(`no GBK for ${ch}`);
      return bytes;
    }),
  );

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A zip as common tools write one: deflated files, GBK names without the UTF-8 flag. */
function zip(files: { name: Buffer; data: Buffer; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const body = file.store ? file.data : deflateRawSync(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(file.store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(file.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(file.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(file.store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(file.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(file.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file.name, body);
    centrals.push(central, file.name);
    offset += 30 + file.name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const details = [
  "#支付宝业务明细查询",
  "#-----------------------------------------业务明细列表----------------------------------------",
  "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,订单金额（元）,商家实收（元）",
  "2026112722001000000000000001\t,TJ1\t,交易\t,年度会员\t,2026-11-27 09:59:00\t,2026-11-27 10:00:00\t,199.00\t,199.00\t",
  "2026112722001000000000000001\t,TJ1\t,退款\t,年度会员\t,2026-11-27 09:59:00\t,2026-11-27 12:00:00\t,-9.90\t,-9.90\t",
  "#-----------------------------------------业务明细列表结束------------------------------------",
].join("\r\n");

describe("Alipay's bill file", () => {
  it("reads the details out of Alipay's zip of GBK files, leaving the summary", () => {
    const archive = zip([
      { name: gbk("20887210436700010156_20261127_业务明细.csv"), data: gbk(details) },
      {
        name: gbk("20887210436700010156_20261127_业务明细(汇总).csv"),
        data: gbk("#汇总\r\n门店编号,门店名称,交易订单总笔数\r\n"),
        store: true,
      },
    ]);
    expect(readZip(archive).map((e) => e.name)).toEqual([
      "20887210436700010156_20261127_业务明细.csv",
      "20887210436700010156_20261127_业务明细(汇总).csv",
    ]);
    expect(parseAlipayBill(billText(archive))).toEqual([
      expect.objectContaining({ orderNum: "TJ1", kind: "payment", amountFen: 19900 }),
      expect.objectContaining({ orderNum: "TJ1", kind: "refund", amountFen: 990 }),
    ]);
  });

  it("reads plain UTF-8 or GBK text as it is", () => {
    expect(billText(Buffer.from(details))).toBe(details);
    expect(billText(gbk(details))).toBe(details);
  });

  it("refuses a broken or unexpected archive", () => {
    const archive = zip([{ name: gbk("业务明细.csv"), data: gbk(details) }]);
    expect(() => billText(archive.subarray(0, archive.length - 30))).toThrow(BillFormatError);
    const two = zip([
      { name: Buffer.from("a.csv"), data: Buffer.from(details) },
      { name: Buffer.from("b.csv"), data: Buffer.from(details) },
    ]);
    expect(() => billText(two)).toThrow(/2 个/);
    const corrupt = Buffer.from(archive);
    corrupt[60] = (corrupt[60] ?? 0) ^ 0xff;
    expect(() => billText(corrupt)).toThrow(BillFormatError);
  });
});
