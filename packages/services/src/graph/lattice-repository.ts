import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** The people and regimes the lattice diagram is built from. */
export function createLatticeRepository(db: Kysely<Database>) {
  return {
    /** Every person, best known first (then by id: one order on both dialects). */
    async people() {
      return db
        .selectFrom("entry")
        .select([
          "id",
          "name",
          "time_desc",
          "image_url",
          "start_year",
          "end_year",
          "regime_id",
          "data",
        ])
        .where("kind", "=", "person")
        .orderBy("popularity", "desc")
        .orderBy("id")
        .execute();
    },

    /** Every regime's data (its `period`). */
    async regimes() {
      return db.selectFrom("entry").select(["id", "data"]).where("kind", "=", "regime").execute();
    },
  };
}

export type LatticeRepository = ReturnType<typeof createLatticeRepository>;
