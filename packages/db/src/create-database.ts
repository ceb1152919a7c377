import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import { LRUCache } from "lru-cache";
import pg from "pg";
import type { Database } from "./database-schema.ts";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Human-readable target without credentials, for logs. */
  target: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else (or nothing) selects SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file path, used when databaseUrl is not PostgreSQL. `:memory:` is allowed. */
  sqlitePath?: string | undefined;
  poolSize?: number | undefined;
}

// PostgreSQL returns BIGINT (int8) as strings by default; our counters fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const target = new URL(url);
    target.password = "";
    return {
      db,
      dialect: "postgres",
      target: target.toString(),
      close: () => db.destroy(),
    };
  }
  const path = options.sqlitePath ?? "data/tongjian.sqlite";
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: "sqlite", target: path, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on SQLite, preparing costs more than running the small
 * queries pages make. The same SQL text reuses its prepared statement. No query here streams
 * (`iterate`), so a statement is never busy when it is reused.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
