import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { lotsFileSchema } from "@tongjian/contracts/divination";
import { wordingsFileSchema } from "@tongjian/contracts/greeting-cards";
import { CAMPAIGN_KEY, CAMPAIGN_KINDS, REWARD_ITEMS } from "@tongjian/domain/campaigns";
import { lotSetProblems } from "@tongjian/domain/divination";
import { wordingProblems } from "@tongjian/domain/greeting-cards";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { loadFestival } from "./festival-content.ts";
import type { KeyedFileIssue } from "./keyed-file.ts";
import type { ContentPromotions } from "./promotions-content.ts";

/**
 * The campaigns (issue 22, decision 39; docs/content-format.md "Campaigns"): one folder per
 * campaign under content/campaigns/, its definition in campaign.yaml and the activity's own
 * content (lots, card wordings, candidates …) in files beside it. Seeding upserts each campaign by
 * key; a schedule an admin set with `npm run campaign` is kept.
 */
export const CAMPAIGNS_DIR = "campaigns";

const key = z.string().regex(CAMPAIGN_KEY, "键只能含小写字母、数字与短横线").max(40);
const instant = z.iso.datetime({ offset: true, message: "时间须形如 2026-12-01T00:00:00+08:00" });
const limit = z.number().int().min(1).max(10_000).nullable().default(null);

const rewardSchema = z
  .strictObject({
    key,
    label: z.string().trim().min(2).max(30),
    item: z.enum(REWARD_ITEMS),
    amount: z.number().int().min(1).max(366).default(1),
    coupon: key.optional(),
    threshold: z.number().int().min(0).max(10_000).default(0),
    /** A prize by final place (decision 46): places from..to. */
    rank: z
      .strictObject({
        from: z.number().int().min(1).max(100),
        to: z.number().int().min(1).max(100),
      })
      .refine((r) => r.to >= r.from, { message: "名次 to 须不小于 from" })
      .optional(),
  })
  .refine((r) => (r.item === "coupon") === (r.coupon !== undefined), {
    message: "优惠券奖励须写 coupon（优惠券的键），其他奖励不写",
  });

export const campaignSchema = z.strictObject({
  key,
  title: z.string().trim().min(2).max(30),
  kind: z.enum(CAMPAIGN_KINDS),
  path: z.string().regex(/^\/[a-z0-9/]*$/, "页面路径形如 /divination"),
  summary: z.string().trim().min(4).max(200),
  previewAt: instant.optional(),
  startsAt: instant,
  endsAt: instant,
  rules: z.array(z.string().trim().min(2).max(400)).min(1),
  limits: z
    .strictObject({ perDay: limit, perReader: limit, perDevice: limit })
    .default({ perDay: null, perReader: null, perDevice: null }),
  rewards: z.array(rewardSchema).default([]),
  share: z.strictObject({
    title: z.string().trim().min(2).max(40),
    desc: z.string().trim().min(2).max(200),
    imgUrl: z.string().min(1),
  }),
});

export type ContentCampaign = z.infer<typeof campaignSchema>;

/**
 * The activities' own files the check knows (decision 42): what is wrong with each, in Chinese.
 * The services check them again when they read them.
 */
const ACTIVITY_FILES: Record<string, (raw: unknown) => string[]> = {
  "lots.yaml": (raw) => {
    const parsed = lotsFileSchema.safeParse(raw);
    if (!parsed.success)
      return parsed.error.issues.map((i) => `${i.path.join(".") || "-"}：${i.message}`);
    return lotSetProblems(parsed.data.lots);
  },
  "wordings.yaml": (raw) => {
    const parsed = wordingsFileSchema.safeParse(raw);
    if (!parsed.success)
      return parsed.error.issues.map((i) => `${i.path.join(".") || "-"}：${i.message}`);
    return wordingProblems(parsed.data.wordings);
  },
};

/** Every campaign folder's campaign.yaml, checked; problems go to `issues`. */
export function loadCampaigns(
  root: string,
  promotions: ContentPromotions,
  issues: KeyedFileIssue[],
): ContentCampaign[] {
  const dir = join(root, CAMPAIGNS_DIR);
  if (!existsSync(dir)) return [];
  const coupons = new Set(promotions.coupons.map((c) => c.key));
  const campaigns: ContentCampaign[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name, "campaign.yaml");
    if (!existsSync(path)) continue;
    const file = `${CAMPAIGNS_DIR}/${name}/campaign.yaml`;
    const issue = (field: string, message: string) =>
      issues.push({ file, record: name, field, message });
    let raw: unknown;
    try {
      raw = parseYaml(readFileSync(path, "utf8"));
    } catch (error) {
      issue("-", `YAML 解析失败：${(error as Error).message}`);
      continue;
    }
    const parsed = campaignSchema.safeParse(raw);
    if (!parsed.success) {
      for (const i of parsed.error.issues) issue(i.path.join(".") || "-", i.message);
      continue;
    }
    const c = parsed.data;
    if (c.key !== name) issue("key", `键须与文件夹同名（${name}）`);
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt)) issue("endsAt", "结束时间须晚于开始时间");
    if (c.previewAt && Date.parse(c.previewAt) > Date.parse(c.startsAt))
      issue("previewAt", "预热时间须早于开始时间");
    const rewardKeys = new Set<string>();
    for (const r of c.rewards) {
      if (rewardKeys.has(r.key)) issue("rewards", `奖励键重复：${r.key}`);
      rewardKeys.add(r.key);
      if (r.coupon && !coupons.has(r.coupon)) issue("rewards", `没有优惠券 ${r.coupon}`);
    }
    try {
      loadFestival(root, name);
    } catch (error) {
      issues.push({
        file: `${CAMPAIGNS_DIR}/${name}/festival.yaml`,
        record: name,
        field: "-",
        message: (error as Error).message,
      });
    }
    for (const [fileName, problems] of Object.entries(ACTIVITY_FILES)) {
      const activityPath = join(dir, name, fileName);
      if (!existsSync(activityPath)) continue;
      const activityFile = `${CAMPAIGNS_DIR}/${name}/${fileName}`;
      try {
        for (const message of problems(parseYaml(readFileSync(activityPath, "utf8"))))
          issues.push({ file: activityFile, record: name, field: "-", message });
      } catch (error) {
        issues.push({
          file: activityFile,
          record: name,
          field: "-",
          message: `YAML 解析失败：${(error as Error).message}`,
        });
      }
    }
    campaigns.push(c);
  }
  return campaigns;
}
