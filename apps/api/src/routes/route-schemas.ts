import { z } from "zod";

// Path pieces shared by the content routes (spec §7: `{lang}` segments, `cn` first; ids are
// 24 hex characters).
export const langSchema = z.enum(["cn"], { error: "语言参数只支持 cn" });
export const idSchema = z.string().regex(/^[0-9a-f]{24}$/, "编号应为 24 位十六进制字符");
export const langIdParams = z.object({ lang: langSchema, id: idSchema });

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
