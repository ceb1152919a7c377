import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { contentId, loadContent } from "./load-content.ts";
import { seedContent } from "./seed-content.ts";
import { seedSampleNotes } from "./seed-sample-notes.ts";

const FIXTURES = "tests/fixtures/content";

describe.each(databaseTargets())("seedSampleNotes on $name", (target) => {
  it("adds sample authors and their notes once, skipping unknown entries, keeping what readers did", async () => {
    const handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-notes-")), "db.sqlite"),
    });
    try {
      await dropAll(handle.db);
      await migrateToLatest(handle.db);
      await seedContent(handle, loadContent(FIXTURES), { searchIndex: false });
      const now = new Date("2026-11-25T10:00:00Z");
      expect(await seedSampleNotes(handle, FIXTURES, now)).toBe(2);

      const notes = await handle.db
        .selectFrom("entry_note as n")
        .innerJoin("account as a", "a.id", "n.owner_id")
        .select([
          "n.entry_id",
          "n.body",
          "n.html",
          "n.like_count",
          "n.sample",
          "n.created_at",
          "a.name",
          "a.phone",
        ])
        .orderBy("n.created_at", "desc")
        .execute();
      expect(notes).toHaveLength(2);
      expect(notes[0]).toMatchObject({
        entry_id: contentId("person", "li-bai"),
        like_count: 1,
        sample: 1,
        created_at: "2026-11-25T08:00:00.000Z",
        name: "示例读者·一",
        phone: null,
      });
      expect(notes[0]?.html).toContain('<a class="topic-link" href="/search?q=');
      expect(notes[1]?.name).toBe("示例读者·二");

      // A reader hid one and liked another; a re-seed changes neither and adds nothing.
      await handle.db.updateTable("entry_note").set({ hidden: 1, like_count: 5 }).execute();
      expect(await seedSampleNotes(handle, FIXTURES, now)).toBe(0);
      const after = await handle.db
        .selectFrom("entry_note")
        .select(["hidden", "like_count"])
        .execute();
      expect(after).toEqual([
        { hidden: 1, like_count: 5 },
        { hidden: 1, like_count: 5 },
      ]);
      // A content folder without samples adds nothing.
      expect(await seedSampleNotes(handle, join(FIXTURES, "people"))).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
