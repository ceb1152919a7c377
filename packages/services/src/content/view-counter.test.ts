import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createViewCounter } from "./view-counter.ts";

/** A database whose row updates wait until the test lets them through. */
function slowDatabase() {
  const rows = new Map<string, number>();
  const waiting: (() => void)[] = [];
  const chain = (execute: () => Promise<unknown>) => {
    const link: Record<string, unknown> = { execute };
    for (const step of ["set", "where", "values", "onConflict"]) link[step] = () => link;
    return link;
  };
  const db = {
    updateTable: () => {
      let id = "";
      let n = 0;
      const link = chain(
        () =>
          new Promise<void>((done) =>
            waiting.push(() => {
              rows.set(id, (rows.get(id) ?? 0) + n);
              done();
            }),
          ),
      );
      link.set = (f: (eb: unknown) => unknown) => {
        f((_column: string, _op: string, value: number) => {
          n = value;
        });
        return link;
      };
      link.where = (_column: string, _op: string, value: string) => {
        id = value;
        return link;
      };
      return link;
    },
    insertInto: () => chain(async () => undefined),
  } as unknown as Kysely<Database>;
  const release = () => {
    for (const go of waiting.splice(0)) go();
  };
  return { db, rows, release };
}

describe("view counter", () => {
  it("keeps counting views while they are being written", async () => {
    const { db, rows, release } = slowDatabase();
    const counter = createViewCounter(db, 60_000);
    const seen = () => (rows.get("e1") ?? 0) + counter.pendingFor("entry", "e1");
    counter.add("entry", "e1");
    counter.add("entry", "e1");
    const flushed = counter.flush();
    // The write is under way and its row not yet updated: the two views still count.
    await Promise.resolve();
    expect(seen()).toBe(2);
    counter.add("entry", "e1");
    expect(seen()).toBe(3);
    release();
    await flushed;
    expect(rows.get("e1")).toBe(2);
    expect(seen()).toBe(3);
    const second = counter.flush();
    await Promise.resolve();
    release();
    await second;
    expect(rows.get("e1")).toBe(3);
    expect(counter.pendingFor("entry", "e1")).toBe(0);
    await counter.close();
  });
});
