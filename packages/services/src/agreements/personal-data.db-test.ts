import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import {
  NOT_READER_DATA,
  PERSONAL_DATA,
  PERSONAL_DATA_CHILDREN,
} from "@tongjian/domain/personal-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The personal-data list (domain/personal-data.ts) against the schema the migrations make: every
 * column that names a person or holds a phone, address, IP or WeChat id is in the list (or
 * explained in NOT_READER_DATA), and every table and column the list names exists. A new table
 * with an `owner_id` fails here until it is listed, and so is exported and deleted.
 */
const PERSON_COLUMN =
  /(^|_)(owner|account|user|author|follower|followee|reporter|giver|moderator|guardian|learner|visitor|session)_id$|^redeemed_by$|^phone$|^address$|^client_ip$|^user_agent$|^wx_/;

describe("personal data list against the schema", () => {
  let columns: Map<string, string[]>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const handle = createDatabase({ databaseUrl: undefined, sqlitePath: ":memory:" });
    await migrateToLatest(handle.db);
    const tables = await handle.db.introspection.getTables();
    columns = new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name)]));
    close = () => handle.close();
  });
  afterAll(async () => {
    await close?.();
  });

  it("lists every column that names a reader or holds their contact details", () => {
    const covered = new Set<string>();
    for (const set of PERSONAL_DATA)
      for (const column of [...set.ownerColumns, ...(set.personalColumns ?? [])])
        covered.add(`${set.table}.${column}`);
    const missing: string[] = [];
    let seen = 0;
    for (const [table, names] of columns) {
      if (table.startsWith("kysely_")) continue;
      for (const name of names) {
        if (!PERSON_COLUMN.test(name)) continue;
        seen++;
        const key = `${table}.${name}`;
        if (covered.has(key) || NOT_READER_DATA[key] !== undefined) continue;
        missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    // The schema was read: it has dozens of such columns.
    expect(seen).toBeGreaterThan(60);
  });

  it("names only tables and columns that exist", () => {
    const unknown: string[] = [];
    const check = (table: string, names: readonly string[]) => {
      const have = columns.get(table);
      if (!have) return unknown.push(table);
      for (const name of names) if (!have.includes(name)) unknown.push(`${table}.${name}`);
    };
    for (const set of PERSONAL_DATA)
      check(set.table, [
        ...set.ownerColumns,
        ...(set.personalColumns ?? []),
        ...(set.secretColumns ?? []),
        ...(set.clearColumns ?? []),
      ]);
    for (const child of PERSONAL_DATA_CHILDREN) {
      check(child.table, [child.column]);
      check(child.parent, [child.parentKey]);
    }
    for (const key of Object.keys(NOT_READER_DATA)) {
      const [table = "", column = ""] = key.split(".");
      check(table, [column]);
    }
    expect(unknown).toEqual([]);
  });
});
