import { randomBytes } from "node:crypto";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../tests/support/test-targets.ts";
import { createGraphOwnerMoveRepository } from "./graph-owner-move-repository.ts";

const id = () => randomBytes(12).toString("hex");

describe.each(databaseTargets())("graph owner move on $name", (target) => {
  it("gives a bound visitor's graphs and saved paths to the account, and no one else's", async () => {
    const handle = createDatabase({ databaseUrl: target.databaseUrl, sqlitePath: ":memory:" });
    try {
      await migrateToLatest(handle.db);
      const [visitor, account, stranger] = [id(), id(), id()];
      const stamp = new Date().toISOString();
      const graph = (owner: string) => ({
        id: id(),
        owner_id: owner,
        title: "我的关系图",
        description: "",
        data: "{}",
        created_at: stamp,
        updated_at: stamp,
      });
      const mine = graph(visitor);
      const theirs = graph(stranger);
      await handle.db.insertInto("custom_graph").values([mine, theirs]).execute();
      const path = {
        id: id(),
        owner_id: visitor,
        source_id: id(),
        destination_id: id(),
        depth: 6,
        data: "{}",
        created_at: stamp,
      };
      await handle.db.insertInto("ab_path_save").values(path).execute();

      await createGraphOwnerMoveRepository(handle.db).moveOwner(visitor, account);

      const owners = await handle.db
        .selectFrom("custom_graph")
        .select(["id", "owner_id"])
        .where("id", "in", [mine.id, theirs.id])
        .execute();
      expect(Object.fromEntries(owners.map((o) => [o.id, o.owner_id]))).toEqual({
        [mine.id]: account,
        [theirs.id]: stranger,
      });
      const saved = await handle.db
        .selectFrom("ab_path_save")
        .select("owner_id")
        .where("id", "=", path.id)
        .executeTakeFirstOrThrow();
      expect(saved.owner_id).toBe(account);
    } finally {
      await handle.close();
    }
  });
});
