import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import type { ContentCampaign } from "./campaign-content.ts";

const iso = (instant: string) => new Date(instant).toISOString();

/**
 * The campaigns, upserted by key: texts, limits, rewards and share always follow the file; the
 * schedule follows it only while no admin has set one (`npm run campaign schedule|close`).
 * A campaign taken out of the files stays as it is (its schedule ends it).
 */
export async function writeCampaigns(
  trx: Kysely<Database>,
  campaigns: readonly ContentCampaign[],
  stamp: string,
): Promise<void> {
  for (const c of campaigns) {
    const texts = {
      title: c.title,
      kind: c.kind,
      path: c.path,
      summary: c.summary,
      rules: JSON.stringify(c.rules),
      limits: JSON.stringify(c.limits),
      rewards: JSON.stringify(c.rewards),
      share: JSON.stringify(c.share),
      updated_at: stamp,
    };
    const schedule = {
      preview_at: c.previewAt ? iso(c.previewAt) : null,
      starts_at: iso(c.startsAt),
      ends_at: iso(c.endsAt),
    };
    const existing = await trx
      .selectFrom("campaign")
      .select("schedule_source")
      .where("key", "=", c.key)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto("campaign")
        .values({
          key: c.key,
          ...texts,
          ...schedule,
          closed_at: null,
          schedule_source: "content",
          created_at: stamp,
        })
        .execute();
    } else {
      await trx
        .updateTable("campaign")
        .set(existing.schedule_source === "admin" ? texts : { ...texts, ...schedule })
        .where("key", "=", c.key)
        .execute();
    }
  }
}
