import { inflateRawSync } from "node:zlib";
import { BillFormatError } from "./alipay-format.ts";

/**
 * The text of a downloaded bill. Alipay hands out a zip holding two GBK-encoded CSV files, the
 * details (…_业务明细.csv) and the summary (…_业务明细(汇总).csv); the simulator serves the
 * details as plain UTF-8 CSV. Either way this returns the details' text.
 */
export function billText(bytes: Uint8Array): string {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const entries = readZip(Buffer.from(bytes)).filter(
      (entry) => /\.csv$/i.test(entry.name) && !entry.name.includes("汇总"),
    );
    const [details] = entries;
    if (!details || entries.length > 1) {
      throw new BillFormatError(`账单压缩包里应有一个明细文件，却有 ${entries.length} 个`);
    }
    return decodeText(details.data);
  }
  return decodeText(Buffer.from(bytes));
}

/** UTF-8 when the bytes are valid UTF-8, else GBK (what Alipay writes). */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("gbk").decode(data);
  }
}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/**
 * The files of a zip archive, read from its central directory: stored or deflated entries only
 * (what Alipay's bills use), names in UTF-8 when flagged so, else GBK.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const bad = (why: string): never => {
    throw new BillFormatError(`账单压缩包损坏：${why}`);
  };
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) bad("找不到目录");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) bad("目录项不对");
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const rawName = zip.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "gbk").decode(rawName);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) bad("文件头不对");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    if (raw.length !== compressedSize) bad("文件不完整");
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) {
      try {
        data = inflateRawSync(raw);
      } catch {
        return bad(`${name} 解压失败`);
      }
    } else return bad(`不支持的压缩方式 ${method}`);
    if (data.length !== size) bad(`${name} 大小不对`);
    entries.push({ name, data });
  }
  return entries;
}
