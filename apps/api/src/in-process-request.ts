import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * Page loaders call the API in-process. Those calls are part of the page request, which is
 * already counted, so they are not rate-limited again under the server's own address. They are
 * told apart by a header carrying a token that exists only in this process's memory.
 */
export const IN_PROCESS_HEADER = "x-tj-in-process";
export const IN_PROCESS_TOKEN = randomBytes(16).toString("hex");

export function isInProcessHeaders(headers: FastifyRequest["headers"]): boolean {
  return headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}

export function isInProcessRequest(request: FastifyRequest): boolean {
  return isInProcessHeaders(request.headers);
}
