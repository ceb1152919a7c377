import type { Envelope } from "@tongjian/contracts/common";

/** A successful reply (spec §7): code 200 and the data. */
export function ok<T>(data: T, message = "success"): Envelope<T> {
  return { code: 200, message, data };
}
