import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
// The search service's own read of the index, so the test goes through what readers use.
import { createSearchRepository } from "@tongjian/services/search/search-repository";
import { describe, expect, it } from "vitest";
import { contentWithWorks } from "../../../tests/support/content-with-works.ts";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { contentId, loadContent } from "./load-content.ts";
import { seedContent } from "./seed-content.ts";

const WORK = contentId("work", "li-tai-bai-ji");
const LI_BAI = contentId("person", "li-bai");

describe.each(databaseTargets())("seeding works on $name", (target) => {
  it("stores a work with its author relation, and the search index finds it by an alias", async () => {
    const handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-works-")), "db.sqlite"),
    });
    try {
      await dropAll(handle.db);
      await migrateToLatest(handle.db);
      const bundle = loadContent(contentWithWorks());
      // Twice: a re-seed replaces the content relations without doubling them.
      await seedContent(handle, bundle);
      await seedContent(handle, bundle);

      const works = await handle.db
        .selectFrom("entry")
        .select(["key", "kind", "time_desc", "regime_id", "search_names", "pinyin"])
        .where("kind", "=", "work")
        .orderBy("key")
        .execute();
      expect(works).toEqual([
        expect.objectContaining({
          key: "du-gong-bu-ji",
          // No years, era or regime: nothing to say.
          time_desc: null,
        }),
        {
          key: "li-tai-bai-ji",
          kind: "work",
          time_desc: "约762年",
          regime_id: contentId("regime", "tang"),
          search_names: "李太白集 李翰林集 太白集",
          pinyin: "litaibaiji lihanlinji taibaiji",
        },
        expect.objectContaining({ key: "tai-shan-ke-shi", time_desc: "前219年—前209年" }),
        // Without years a work is described by its regime.
        expect.objectContaining({ key: "wu-ming-ji", time_desc: "唐" }),
      ]);

      const author = await handle.db
        .selectFrom("relation")
        .select(["from_id", "type", "label", "twoway"])
        .where("to_id", "=", WORK)
        .execute();
      expect(author).toEqual([{ from_id: LI_BAI, type: "作者", label: "著作", twoway: 0 }]);

      const search = createSearchRepository(handle);
      for (const keyword of ["太白集", "李翰林集", "lihanlinji"]) {
        const { rows } = await search.searchEntries(keyword, 1, 10);
        expect(rows[0], keyword).toMatchObject({ id: WORK, kind: "work", name: "李太白集" });
      }
    } finally {
      await handle.close();
    }
  });
});
