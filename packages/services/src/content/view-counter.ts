import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

type CountedTable = "article" | "entry";

/**
 * Page views arrive far faster than they need to be written. They are added up in memory and
 * written once per id every flush interval, so a busy page costs one UPDATE a second, not one
 * per visit. At most one interval of counts is lost if the process dies. Each flush also adds
 * the counts to the day's row of `item_view_day`, which the boards rank by (docs/boards-and-wechat.md).
 */
export function createViewCounter(db: Kysely<Database>, flushMs = 1_000) {
  const pending: Record<CountedTable, Map<string, number>> = {
    article: new Map(),
    entry: new Map(),
  };
  /**
   * Counts taken from `pending` by a flush and not yet in their row: still counted by
   * pendingFor(), so a read while a flush is writing (longer on PostgreSQL) misses none.
   */
  const writing: Record<CountedTable, Map<string, number>> = {
    article: new Map(),
    entry: new Map(),
  };
  let flushing: Promise<void> | null = null;

  async function flushNow() {
    const day = new Date().toISOString().slice(0, 10);
    for (const table of ["article", "entry"] as const) {
      const batch = pending[table];
      if (batch.size === 0) continue;
      pending[table] = new Map();
      writing[table] = batch;
      try {
        for (const [id, n] of batch) await write(table, id, n, day);
      } finally {
        writing[table] = new Map();
      }
    }
  }

  async function write(table: CountedTable, id: string, n: number, day: string) {
    await db
      .updateTable(table)
      .set((eb) => ({ view_count: eb("view_count", "+", n) }))
      .where("id", "=", id)
      .execute();
    writing[table].delete(id);
    await db
      .insertInto("item_view_day")
      .values({ kind: table, item_id: id, day, views: n })
      .onConflict((oc) =>
        oc.columns(["kind", "item_id", "day"]).doUpdateSet((eb) => ({
          views: eb("item_view_day.views", "+", eb.ref("excluded.views")),
        })),
      )
      .execute();
  }

  function flush(): Promise<void> {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer = setInterval(() => void flush().catch(() => {}), flushMs);
  timer.unref();

  return {
    add(table: CountedTable, id: string) {
      const batch = pending[table];
      batch.set(id, (batch.get(id) ?? 0) + 1);
    },
    /** Views counted but not yet written, so a page can show its own visit at once. */
    pendingFor(table: CountedTable, id: string): number {
      return (pending[table].get(id) ?? 0) + (writing[table].get(id) ?? 0);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;

/** How a read counts: `countView: false` reads without counting a view (default: counts). */
export interface ViewOptions {
  countView?: boolean;
  /**
   * The signed-in reader (`ownerIdOf(viewer)`) whose reading history a counted view goes in;
   * null or left out for anonymous readers, whose history stays on their device.
   */
  reader?: string | null;
}

/** Where counted views of signed-in readers are recorded (my/reading-recorder.ts). */
export interface ReadRecorder {
  add(ownerId: string, kind: "entry" | "article", itemId: string): void;
}
