/**
 * A server render is a few milliseconds of synchronous work. A worker that starts every waiting
 * page request in one turn of the event loop renders them back to back (25 renders at 2–4 ms is
 * 50–100 ms) before it looks at its sockets again: a connection handed over by the cluster
 * primary, a health check, the next bytes of a slow client all wait that long. The primary hands
 * a worker one connection per turn of the worker's loop, so under load the first request on a
 * new connection waited over a second (docs/decisions/0009-page-data-in-process.md).
 *
 * Renders therefore take turns: at most `perTurn` start in one turn of the event loop, the others
 * wait in arrival order for the next turn (`setImmediate`), after the loop has polled for I/O.
 * Throughput is the same (the same renders run back to back); what changes is that nothing
 * else waits behind more than `perTurn` of them.
 */
export function createRenderTurns(perTurn: number) {
  if (!Number.isInteger(perTurn) || perTurn < 1)
    throw new Error("perTurn must be a whole number ≥ 1");
  let started = 0;
  let turnScheduled = false;
  const waiting: (() => void)[] = [];

  function nextTurn() {
    turnScheduled = false;
    started = 0;
    while (started < perTurn && waiting.length > 0) {
      started += 1;
      waiting.shift()?.();
    }
    if (started > 0) scheduleTurn();
  }

  function scheduleTurn() {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(nextTurn);
  }

  return {
    /** Resolves when the caller may start its render: now, or in a later turn of the loop. */
    take(): Promise<void> | undefined {
      if (started < perTurn && waiting.length === 0) {
        started += 1;
        scheduleTurn();
        return undefined;
      }
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      scheduleTurn();
      return turn;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type RenderTurns = ReturnType<typeof createRenderTurns>;
