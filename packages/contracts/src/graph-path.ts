import {
  AB_PATH_DEPTH_DEFAULT,
  AB_PATH_DEPTH_MAX,
  AB_PATH_DEPTH_MIN,
  AB_PATH_TOP_K_DEFAULT,
  AB_PATH_TOP_K_MAX,
} from "@tongjian/domain/ab-path-limits";
import { z } from "zod";
import { lang } from "./common.ts";

// The A-to-B path (issue 17, decision 20): POST /api/ab_path (spec §7: source, destination,
// depth, topK), saving a found path (POST /api/m/abPathSave/v1/n/save) and reading a saved one
// (GET /api/m/abPathSave/v1/n/detail/{lang}/{id}, spec §7).

export {
  AB_PATH_DEPTH_DEFAULT,
  AB_PATH_DEPTH_MAX,
  AB_PATH_DEPTH_MIN,
  AB_PATH_TOP_K_DEFAULT,
  AB_PATH_TOP_K_MAX,
};

const entryId = (field: string) =>
  z
    .string({ error: `缺少${field}` })
    .regex(/^[0-9a-f]{24}$/, `${field}应为 24 位十六进制的词条编号`);

/** Spec §7 `{source, destination, depth, topK}`. */
export const abPathBody = z
  .object({
    source: entryId("起点 source"),
    destination: entryId("终点 destination"),
    depth: z
      .number({ error: "depth 应为整数" })
      .int("depth 应为整数")
      .min(AB_PATH_DEPTH_MIN, `depth 至少为 ${AB_PATH_DEPTH_MIN} 步`)
      .max(AB_PATH_DEPTH_MAX, `depth 至多为 ${AB_PATH_DEPTH_MAX} 步`)
      .default(AB_PATH_DEPTH_DEFAULT),
    topK: z
      .number({ error: "topK 应为整数" })
      .int("topK 应为整数")
      .min(1, "topK 至少为 1 条")
      .max(AB_PATH_TOP_K_MAX, `topK 至多为 ${AB_PATH_TOP_K_MAX} 条`)
      .default(AB_PATH_TOP_K_DEFAULT),
    language: lang.optional(),
  })
  .refine((b) => b.source !== b.destination, {
    error: "起点和终点是同一个词条，请换一个",
    path: ["destination"],
  });
export type AbPathBody = z.input<typeof abPathBody>;

/** An entry on a path, with what its node shows (portrait or initials, years). */
export const abPathNode = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** The kind as the UI names it (人物, 事件 …). */
  kindName: z.string(),
  timeDesc: z.string().nullable(),
  startYear: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  /** One character for the node when it has no picture. */
  initials: z.string(),
  /** In a saved path: the entry has since been removed. */
  removed: z.boolean(),
});
export type AbPathNode = z.infer<typeof abPathNode>;

/** One step of a path, as walked from `from` to `to`. */
export const abPathStep = z.object({
  from: z.string(),
  to: z.string(),
  type: z.string(),
  /** What `to` is to `from` in the stored row (its `label`). */
  label: z.string(),
  /** forward: walked from the row's `from` to its `to`; backward: against it. */
  direction: z.enum(["forward", "backward"]),
  twoway: z.boolean(),
  /** The label as read along the walk (a 父子 row walked from the son reads 父亲). */
  stepLabel: z.string(),
  /** How the drawn arrow points along the walk. */
  arrow: z.enum(["forward", "backward", "twoway"]),
  /** The sentence the reader reads: 「杜甫」是「李白」的好友. */
  title: z.string(),
  desc: z.string().nullable(),
  note: z.string().nullable(),
  year: z.number().int().nullable(),
  /** The year as shown (前N年 for BCE). */
  yearText: z.string().nullable(),
  place: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AbPathStep = z.infer<typeof abPathStep>;

export const abPath = z.object({
  /** Node ids from source to destination (details in `nodes` of the result). */
  nodeIds: z.array(z.string()),
  steps: z.array(abPathStep),
  length: z.number().int(),
});
export type AbPath = z.infer<typeof abPath>;

export const abPathResult = z.object({
  source: abPathNode,
  destination: abPathNode,
  depth: z.number().int(),
  topK: z.number().int(),
  /**
   * found: paths listed; none: no path within depth steps (reason depth), none at any length
   * (disconnected), or an end has no relation recorded (isolated).
   */
  outcome: z.enum(["found", "none"]),
  reason: z.enum(["depth", "disconnected", "isolated"]).nullable(),
  /** The shortest length, in steps. */
  length: z.number().int().nullable(),
  /** Every entry the paths pass through, by id. */
  nodes: z.record(z.string(), abPathNode),
  paths: z.array(abPath),
  /** One sentence on the outcome, in Chinese. */
  message: z.string(),
});
export type AbPathResult = z.infer<typeof abPathResult>;

/** Saving re-runs the search on the server, so a saved path is always one the graph had. */
export const abPathSaveBody = abPathBody;

export const abPathSaved = z.object({
  id: z.string(),
  title: z.string(),
  /** The link that opens it (/abpath?saveId=…). */
  href: z.string(),
  /** Also kept among the reader's saved items (/my), when signed in. */
  savedToMy: z.boolean(),
});
export type AbPathSaved = z.infer<typeof abPathSaved>;

export const abPathSaveParams = z.object({
  lang,
  id: z.string().regex(/^[0-9a-f]{24}$/, "保存编号应为 24 位十六进制字符"),
});

export const abPathSaveDetail = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  result: abPathResult,
  /** Entries of the saved paths that have since been removed. */
  missing: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Says what is missing, or null when every entry is still there. */
  notice: z.string().nullable(),
});
export type AbPathSaveDetail = z.infer<typeof abPathSaveDetail>;
