import { envelope, errorEnvelope } from "@tongjian/contracts/common";
import type { z } from "zod";

/**
 * The replies of a JSON route (its `schema.response`): the data in the envelope, and any failure
 * in the error envelope. Serialised through the schemas, so a handler whose data does not fit its
 * contract fails `tsc`, and the OpenAPI document shows both.
 */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), "4xx": errorEnvelope, "5xx": errorEnvelope };
}
