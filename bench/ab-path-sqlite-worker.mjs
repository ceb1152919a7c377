// Runs the SQLite baseline's queries of bench/ab-path-bench.ts in a child process, so that a
// query past its time limit can be stopped by ending the process (better-sqlite3 cannot
// interrupt a running statement).
import Database from "better-sqlite3";

const db = new Database(process.argv[2], { readonly: true });
db.pragma("cache_size = -200000");
const statement = db.prepare(process.argv[3]);

process.on("message", (message) => {
  const started = performance.now();
  const [s, t, d, k] = message.params;
  const rows = statement.all({ s, t, d, k });
  process.send({ ms: performance.now() - started, rows: rows.length });
});
process.send({ ready: true });
