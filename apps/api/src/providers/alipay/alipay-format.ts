/**
 * Alipay's formats: amounts in yuan with two decimals ("12.30"), times in China time
 * ("2026-11-27 18:03:29", GMT+8, no zone), and the day's bill (see `parseAlipayBill`). Amounts
 * are converted with integer arithmetic on the digits, never through floating point.
 */
import { CHINA_OFFSET_MS, formatChinaTime } from "@tongjian/domain/china-time";
import type { StatementLine } from "@tongjian/services/commerce/payment-channel";

/** Alipay takes 0.01 to 100000000.00 yuan for one trade. */
export const MAX_TRADE_FEN = 10_000_000_000;

/** 1234 → "12.34"; 5 → "0.05". Only whole, non-negative, safe integers. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) {
    throw new RangeError(`金额必须是非负整数（分）：${fen}`);
  }
  const yuan = Math.floor(fen / 100);
  const cents = fen % 100;
  return `${yuan}.${cents < 10 ? "0" : ""}${cents}`;
}

const YUAN = /^(-?)(\d{1,14})(?:\.(\d{1,2}))?$/;

/**
 * "12.3" → 1230, "-0.05" → -5, "100" → 10000. Refuses anything else (more than two decimals,
 * exponents, spaces inside, empty), so a malformed amount never turns into a number.
 */
export function yuanToFen(text: string): number {
  const match = YUAN.exec(text.trim());
  if (!match) throw new RangeError(`金额格式不对：${JSON.stringify(text)}`);
  const [, sign, whole = "0", decimals = ""] = match;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额过大：${JSON.stringify(text)}`);
  return sign === "-" && fen !== 0 ? -fen : fen;
}

/** Like `yuanToFen`, but null for a missing or malformed amount. */
export function yuanToFenOrNull(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  try {
    return yuanToFen(text);
  } catch {
    return null;
  }
}

/** A moment as Alipay writes it: China time, "yyyy-MM-dd HH:mm:ss". */
export const toChinaTime = formatChinaTime;

const CHINA_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2026-11-27 18:03:29" (China time) → the moment; null when it is not such a time. */
export function parseChinaTime(text: string | null | undefined): Date | null {
  const match = CHINA_TIME.exec((text ?? "").trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = "0"] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const at = new Date(utc - CHINA_OFFSET_MS);
  // Reject 2026-02-30 and the like: the fields must survive the round trip.
  if (toChinaTime(at).slice(0, 16) !== `${y}-${mo}-${d} ${h}:${mi}`) return null;
  return at;
}

/** Splits one CSV line (RFC 4180 quoting), trimming the tabs and spaces Alipay pads cells with. */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === "") {
      cell = "";
      quoted = true;
    } else if (ch === ",") {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

export class BillFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BillFormatError";
  }
}

/**
 * The day's bill, as Alipay's trade bill (账单类型 trade, 业务明细) is laid out, in UTF-8 text:
 *
 * - lines starting with `#` are notes (account, dates, 业务明细列表 / 结束 markers, totals) and are
 *   skipped;
 * - the first other line is the header; the columns used are found by name: 支付宝交易号,
 *   商户订单号, 业务类型, 完成时间, 订单金额（元）, 商家实收（元） (others are ignored);
 * - each following line is one entry. 业务类型 交易 is a payment of 订单金额; 退款 is a refund of
 *   the absolute value of 商家实收 (Alipay writes refunds negative), else of 订单金额. Other kinds
 *   (e.g. 其他) are not payments or refunds of ours and are left out. 完成时间 is China time.
 *
 * Cells may be quoted (RFC 4180) and padded with tabs or spaces. A line that cannot be read
 * throws BillFormatError: a reconciliation must not quietly drop money.
 */
export function parseAlipayBill(text: string): StatementLine[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let header: string[] | null = null;
  const out: StatementLine[] = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const cells = splitCsvLine(line);
    if (!header) {
      header = cells;
      for (const name of ["支付宝交易号", "商户订单号", "业务类型", "完成时间", "订单金额（元）"]) {
        if (!header.includes(name)) throw new BillFormatError(`账单缺少「${name}」列`);
      }
      continue;
    }
    const cell = (name: string) => {
      const at = header?.indexOf(name) ?? -1;
      return at < 0 ? undefined : cells[at];
    };
    const type = cell("业务类型");
    if (type !== "交易" && type !== "退款") continue;
    const where = `账单第 ${index + 1} 行`;
    const orderNum = cell("商户订单号") ?? "";
    const channelTradeNo = cell("支付宝交易号") ?? "";
    if (!orderNum || !channelTradeNo) throw new BillFormatError(`${where}缺少订单号或交易号`);
    const at = parseChinaTime(cell("完成时间"));
    if (!at) throw new BillFormatError(`${where}完成时间不对：${cell("完成时间")}`);
    const amountText =
      type === "退款" ? (cell("商家实收（元）") ?? cell("订单金额（元）")) : cell("订单金额（元）");
    const fen = yuanToFenOrNull(amountText);
    if (fen === null) throw new BillFormatError(`${where}金额不对：${amountText}`);
    out.push({
      orderNum,
      channelTradeNo,
      kind: type === "交易" ? "payment" : "refund",
      amountFen: Math.abs(fen),
      at: at.toISOString(),
    });
  }
  if (!header) throw new BillFormatError("账单没有表头");
  return out;
}
