import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";

/**
 * A spring festival edition's own content (decision 43): content/campaigns/<key>/festival.yaml,
 * beside its campaign.yaml. Customs through history carry their years (BCE negative) and
 * readings name articles and entries of the corpus by key.
 */
export const FESTIVAL_FILE = "festival.yaml";
/** The campaigns folder (campaign-content.ts CAMPAIGNS_DIR; repeated here to keep imports one-way). */
const CAMPAIGNS_DIR = "campaigns";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "键只能含小写字母、数字与短横线");

export const festivalSchema = z.strictObject({
  edition: z.number().int().min(2000).max(2100),
  festivalDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "日期形如 2027-02-06"),
  zodiac: z.string().trim().min(2).max(10),
  intro: z.string().trim().min(10).max(300),
  customs: z
    .array(
      z.strictObject({
        year: z.number().int().min(-3000).max(2100),
        yearNote: z.enum(["约", "起"]).optional(),
        title: z.string().trim().min(2).max(20),
        text: z.string().trim().min(10).max(300),
      }),
    )
    .min(1),
  readings: z.strictObject({
    articles: z.array(slug).default([]),
    entries: z.array(slug).default([]),
  }),
});

export type FestivalFile = z.infer<typeof festivalSchema>;

/** The festival file of a campaign folder, checked; null when the folder has none. */
export function loadFestival(root: string, key: string): FestivalFile | null {
  const path = join(root, CAMPAIGNS_DIR, key, FESTIVAL_FILE);
  if (!existsSync(path)) return null;
  const parsed = festivalSchema.safeParse(parseYaml(readFileSync(path, "utf8")));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `${CAMPAIGNS_DIR}/${key}/${FESTIVAL_FILE}：${first?.path.join(".") ?? "-"} ${first?.message ?? ""}`,
    );
  }
  return parsed.data;
}
