import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readContentVersion } from "@tongjian/db/content-version";
import { createDatabase } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { contentId, loadContent } from "./load-content.ts";
import { pinyinKeys, seedContent } from "./seed-content.ts";

describe("pinyinKeys", () => {
  it("gives full pinyin and initials for every name", () => {
    expect(pinyinKeys(["李白", "太白"])).toEqual({ full: "libai taibai", initials: "lb tb" });
    // ü is typed as v on pinyin keyboards.
    expect(pinyinKeys(["吕布"])).toEqual({ full: "lvbu", initials: "lb" });
  });
});

describe.each(databaseTargets())("seedContent on $name", (target) => {
  it("migrates, seeds, and re-seeds without losing what readers added", async () => {
    const handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-seed-")), "db.sqlite"),
    });
    try {
      await dropAll(handle.db);
      expect(await migrateToLatest(handle.db)).toEqual([
        "0001-initial",
        "0002-visitor",
        "0003-search",
        "0004-relation-type-index",
        "0005-popularity-index",
        "0006-works-order",
        "0007-verse-search",
        "0008-search-groups",
        "0009-reading-rooms",
        "0010-accounts",
        "0011-social",
        "0012-community",
        "0013-boards",
        "0014-graph",
        "0015-territories",
        "0016-panorama-codes",
        "0018-music",
        "0019-books",
        "0020-video-live",
        "0021-learning",
        "0022-depth-tests",
        "0023-ladder-progress",
        "0024-knowledge-points",
        "0025-challenges",
        "0026-study-records",
        "0027-commerce",
        "0028-promotions",
        "0029-store-notices",
        "0030-member-entries",
        "0031-campaigns",
        "0032-agreements",
        "0033-greeting-cards",
        "0035-quiz",
        "0036-vote-ballots",
        "0037-campaign-works",
        "0038-live-reminders",
      ]);
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const bundle = loadContent("tests/fixtures/content");
      expect(await readContentVersion(handle.db)).toBe("");
      const first = await seedContent(handle, bundle);
      expect(first.entries).toBe(9);
      const versionAfterFirstSeed = await readContentVersion(handle.db);
      expect(versionAfterFirstSeed).not.toBe("");

      const id = contentId("person", "li-bai");
      await handle.db
        .updateTable("entry")
        .set({ view_count: 42, like_count: 7 })
        .where("id", "=", id)
        .execute();
      // Orders change a product's stock; a re-seed keeps it and updates the rest.
      await handle.db
        .updateTable("product")
        .set({ stock: 1 })
        .where("key", "=", "goods.territory-poster")
        .execute();
      await seedContent(handle, bundle);
      const poster = await handle.db
        .selectFrom("product")
        .select(["stock", "list_price_fen", "on_sale"])
        .where("key", "=", "goods.territory-poster")
        .executeTakeFirstOrThrow();
      expect(poster).toEqual({ stock: 1, list_price_fen: 5900, on_sale: 1 });
      // A product taken out of the file stops being sold but stays for its orders.
      await seedContent(handle, {
        ...bundle,
        commerce: { products: bundle.commerce.products.filter((p) => p.kind !== "goods") },
      });
      const retired = await handle.db
        .selectFrom("product")
        .select(["on_sale"])
        .where("key", "=", "goods.territory-poster")
        .executeTakeFirstOrThrow();
      expect(retired.on_sale).toBe(0);
      await seedContent(handle, bundle);
      // Caches of pages and content reads are dropped when the version changes.
      expect(await readContentVersion(handle.db)).not.toBe(versionAfterFirstSeed);
      const row = await handle.db
        .selectFrom("entry")
        .select(["view_count", "like_count", "name", "pinyin", "time_desc"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        view_count: 42,
        like_count: 7,
        name: "李白",
        pinyin: "libai shixian taibai qinglianjushi",
        time_desc: "701年—762年",
      });
      const relations = await handle.db
        .selectFrom("relation")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(relations.n)).toBe(bundle.relations.length);
    } finally {
      await handle.close();
    }
  });
});
