import { BadRequestError } from "@tongjian/services/service-error";
import type { FastifyInstance } from "fastify";

/** The answer to text no reader types and PostgreSQL refuses to store (U+0000). */
export const NUL_MESSAGE = "请求中含有无效字符（U+0000）";

/**
 * Whether a parsed part of a request (params, query, a JSON body) holds U+0000 in a string or a
 * key, at any depth. Walks with its own stack, so a body nested thousands deep is read to the end
 * instead of overflowing the call stack.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * API calls whose parameters or body carry U+0000 answer 400 before any route sees them: no text
 * of the product holds it, and PostgreSQL refuses it in every text column and parameter, which
 * turned a note, a question or a tracking record sent with one into a 500 there while SQLite
 * stored it.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new BadRequestError(NUL_MESSAGE);
  });
}
