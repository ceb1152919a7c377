import { z } from "zod";

// One schema per call, shared by the API (validation, replies, OpenAPI), the services (their
// return types) and the pages (the types of what they read). Messages are the Chinese ones
// readers and clients see (spec §8: bad input gets a clear 4xx).

/** Spec §7: `{lang}` path segments; `cn` is the only language so far. */
export const lang = z.enum(["cn"], { error: "语言参数只支持 cn" });
/** Ids are 24 hex characters, as the original's clients expect. */
export const id = z.string().regex(/^[0-9a-f]{24}$/, "编号应为 24 位十六进制字符");

export const langParams = z.object({ lang });
export const langIdParams = z.object({ lang, id });

export const pageNumber = z.coerce
  .number({ error: "页码应为数字" })
  .int("页码应为整数")
  .min(1, "页码从 1 开始")
  .max(10_000, "页码过大");

export const pageSize = (max: number) =>
  z.coerce
    .number({ error: "每页条数应为数字" })
    .int()
    .min(1, "每页至少 1 条")
    .max(max, `每页至多 ${max} 条`);

/** One page of a list: the page asked for, how many there are and whether more follow. */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
    list: z.array(item),
  });

/** Every reply (spec §7): a code (200 success; 600 not logged in …), a message and the data. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

/** Every failed call answers with this: the HTTP status's code (or the spec's), and why. */
export const errorEnvelope = envelope(z.null());

export type Envelope<T> = { code: number; message: string; data: T };
export type PageRequest = { page: number; size: number };
