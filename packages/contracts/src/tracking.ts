import { formatChinaDate } from "@tongjian/domain/relative-time";
import { z } from "zod";

// Tracking (spec §3 "Tracking event"): POST /api/m/log/tracking/h5/record from the pages, and
// GET /api/m/log/tracking/h5/summary for operators.

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `缺少 ${label}` : `${label} 应为字符串`),
    })
    .trim()
    .max(max, `${label} 至多 ${max} 个字符`);

const paramValue = z.union(
  [z.string().max(256, "参数值至多 256 个字符"), z.number().finite(), z.boolean()],
  { error: "参数值应为字符串、数字或布尔值（至多 256 个字符）" },
);

// Spec §3 "Tracking event": page params are ID, sourceChannel, state, dataType, type, video;
// the §2 table adds circleId and userId for group-share (circlePage).
const trackingParams = z.strictObject(
  {
    ID: paramValue.optional(),
    circleId: paramValue.optional(),
    userId: paramValue.optional(),
    sourceChannel: paramValue.optional(),
    state: paramValue.optional(),
    dataType: paramValue.optional(),
    type: paramValue.optional(),
    video: paramValue.optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `不支持的参数：${issue.keys.join("、")}`
        : "params 应为对象",
  },
);

export const trackingBody = z.object(
  {
    sessionID: text("sessionID", 128).nullish(),
    actionType: text("actionType", 64).min(1, "缺少 actionType"),
    pageName: text("pageName", 64).min(1, "缺少 pageName"),
    modItemName: text("modItemName", 128).nullish(),
    params: trackingParams.nullish(),
    // Spec §7: added by clients to every POST body.
    language: z.string().max(16).optional(),
  },
  { error: "请求体应为 JSON 对象" },
);

export const summaryQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")
    .refine((day) => formatChinaDate(day) === day, "日期无效")
    .optional(),
  pageName: text("pageName", 64).min(1, "pageName 不能为空").optional(),
});

/** How often each page and action was tracked on a China-time day, busiest first. */
export const trackingSummary = z.object({
  day: z.string(),
  pageName: z.string().nullable(),
  total: z.number().int(),
  pages: z.array(
    z.object({
      pageName: z.string(),
      total: z.number().int(),
      actions: z.array(z.object({ actionType: z.string(), count: z.number().int() })),
    }),
  ),
});
export type TrackingSummary = z.infer<typeof trackingSummary>;
export type TrackingRecord = z.infer<typeof trackingBody>;
