import { type Kysely, PostgresAdapter } from "kysely";

// Kysely hands a migration only the connection; the adapter tells the dialects apart.
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
