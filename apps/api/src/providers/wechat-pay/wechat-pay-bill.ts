import type { StatementLine } from "@tongjian/services/commerce/payment-channel";

/**
 * WeChat Pay's trade bill (交易账单, bill_type=ALL): comma-separated text with a header line,
 * one line per payment or refund whose every field starts with a backquote (so that
 * spreadsheets keep long numbers as text), then a summary header (总交易单数,…) and its line.
 * Amounts are in yuan with two decimals; times are China time without a zone.
 */

/** "18.00" → 1800, exactly (no floating point). */
export function yuanToFen(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -fen : fen;
}

/** "2026-11-27 10:00:00" (China time) → its ISO instant. */
export function chinaTimeToIso(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a bill time: ${text}`);
  return new Date(`${match[1]}T${match[2]}+08:00`).toISOString();
}

function fields(line: string): string[] {
  return line.split(",").map((field) => (field.startsWith("`") ? field.slice(1) : field).trim());
}

/** The statement lines of a trade bill; throws on a bill whose columns it cannot find. */
export function parseTradeBill(text: string): StatementLine[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const header = lines[0] ? fields(lines[0]) : [];
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`trade bill has no ${name} column`);
    return index;
  };
  const at = column("交易时间");
  const tradeNo = column("微信订单号");
  const orderNum = column("商户订单号");
  const state = column("交易状态");
  const paid = column("应结订单金额");
  const refunded = column("退款金额");
  const result: StatementLine[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith("总交易单数")) break;
    const row = fields(line);
    const refund = row[state] === "REFUND";
    result.push({
      orderNum: row[orderNum] ?? "",
      channelTradeNo: row[tradeNo] ?? "",
      kind: refund ? "refund" : "payment",
      amountFen: yuanToFen((refund ? row[refunded] : row[paid]) ?? ""),
      at: chinaTimeToIso(row[at] ?? ""),
    });
  }
  return result;
}
