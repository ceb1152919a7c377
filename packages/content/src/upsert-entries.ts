import type { Database, EntryTable } from "@tongjian/db/database-schema";
import type { Insertable, Kysely } from "kysely";

/**
 * Inserts entries or replaces the content columns of those that exist (by id). The counters
 * readers create (views, likes) and the creation time are never touched, so reloading content
 * loses nothing readers added. Used by seeding and the poetry import alike.
 */
export async function upsertEntries(
  db: Kysely<Database>,
  rows: Insertable<EntryTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  // The member flag is the content files' (0030-member-entries): written only by rows that
  // carry it, so the poetry importer's entries and a database before 0030 keep theirs.
  const withMember = rows.some((r) => r.member !== undefined);
  await db
    .insertInto("entry")
    .values(rows)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        key: eb.ref("excluded.key"),
        kind: eb.ref("excluded.kind"),
        name: eb.ref("excluded.name"),
        aliases: eb.ref("excluded.aliases"),
        summary: eb.ref("excluded.summary"),
        start_year: eb.ref("excluded.start_year"),
        end_year: eb.ref("excluded.end_year"),
        time_desc: eb.ref("excluded.time_desc"),
        regime_id: eb.ref("excluded.regime_id"),
        data: eb.ref("excluded.data"),
        popularity: eb.ref("excluded.popularity"),
        search_names: eb.ref("excluded.search_names"),
        pinyin: eb.ref("excluded.pinyin"),
        pinyin_initials: eb.ref("excluded.pinyin_initials"),
        ...(withMember ? { member: eb.ref("excluded.member") } : {}),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}
