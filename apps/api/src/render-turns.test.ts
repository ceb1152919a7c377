import { once } from "node:events";
import { createConnection, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { createRenderTurns } from "./render-turns.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // A render's synchronous work.
  }
}

describe("render turns", () => {
  it("starts at most perTurn renders in a turn of the event loop, the rest in order after", async () => {
    const turns = createRenderTurns(2);
    const started: number[] = [];
    const all = Promise.all(
      Array.from({ length: 7 }, async (_, i) => {
        const turn = turns.take();
        if (turn) await turn;
        started.push(i);
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(turns.waiting).toBe(5);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await all;
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(turns.waiting).toBe(0);
  });

  it("lets a render start at once again when the loop has turned", async () => {
    const turns = createRenderTurns(1);
    expect(turns.take()).toBeUndefined();
    expect(turns.take()).toBeInstanceOf(Promise);
    await nextTurn();
    await nextTurn();
    expect(turns.take()).toBeUndefined();
  });

  it("lets a new connection in between renders instead of after all of them", async () => {
    const turns = createRenderTurns(2);
    const server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const events: string[] = [];
    server.on("connection", (socket) => {
      events.push("connection");
      socket.destroy();
    });
    const client = createConnection(port, "127.0.0.1");
    client.on("error", () => {});
    // Twenty 5 ms renders arrive at once, while the connection is under way.
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const turn = turns.take();
        if (turn) await turn;
        busy(5);
        events.push(`render ${i}`);
      }),
    );
    client.destroy();
    server.close();
    expect(events).toContain("connection");
    expect(events.indexOf("connection")).toBeLessThan(10);
  });

  it("refuses a turn size that is not a whole number of at least one", () => {
    expect(() => createRenderTurns(0)).toThrow();
    expect(() => createRenderTurns(1.5)).toThrow();
  });
});
