import { z } from "zod";
import { keySchema } from "../content-schema.ts";

// Territories (content/territories/*.yaml, docs/content-format.md "Territories"): a regime's
// approximate extent over one period, pieced together from the base map's units — whole, or cut
// to a box [west, south, east, north] in degrees.

const year = z
  .number({ error: "年份应为整数" })
  .int("年份应为整数")
  .refine((y) => y !== 0, "没有公元0年");

export const clipBoxSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()], {
    error: "clip 应为 [西经度, 南纬度, 东经度, 北纬度] 四个数",
  })
  .superRefine(([w, s, e, n], ctx) => {
    if ([w, e].some((v) => v < -180 || v > 180))
      ctx.addIssue({ code: "custom", message: "clip 的经度应在 -180 到 180 之间" });
    if ([s, n].some((v) => v < -90 || v > 90))
      ctx.addIssue({ code: "custom", message: "clip 的纬度应在 -90 到 90 之间" });
    if (!(w < e)) ctx.addIssue({ code: "custom", message: "clip 的西界应小于东界" });
    if (!(s < n)) ctx.addIssue({ code: "custom", message: "clip 的南界应小于北界" });
  });
export type ClipBox = z.infer<typeof clipBoxSchema>;

const unitId = z.string().regex(/^(cn|iso)-[a-z]+$/, "单元编号应形如 cn-shaanxi 或 iso-mng");

export const territoryUnitSchema = z.union([
  unitId,
  z.strictObject({ unit: unitId, clip: clipBoxSchema }),
]);
export type TerritoryUnitSpec = z.infer<typeof territoryUnitSchema>;

export const territorySchema = z
  .strictObject({
    regime: keySchema,
    from: year,
    to: year,
    units: z.array(territoryUnitSchema).min(1, "至少一个单元"),
    note: z
      .string()
      .trim()
      .min(4, "说明至少 4 个字（说明这是近似范围及其依据）")
      .max(300, "说明至多 300 字"),
  })
  .refine((t) => t.from <= t.to, { message: "from 晚于 to", path: ["to"] });
export type TerritoryRecord = z.infer<typeof territorySchema>;
