import type { NotFoundError } from "@tongjian/services/service-error";
import { data } from "react-router";

/** The text of the 404 screen (spec §8). */
export const NOT_FOUND_MESSAGE = "抱歉，页面找不到了";

/** Thrown from a loader: the 404 screen with this message. */
export function notFound(message = NOT_FOUND_MESSAGE) {
  return data(message, { status: 404 });
}

/** A service's "no such content" (its class stays on the server: it is told by its name). */
export function isNotFoundError(error: unknown): error is NotFoundError {
  return error instanceof Error && error.name === "NotFoundError";
}

/** The service's result, or the 404 screen when the content does not exist. */
export async function orNotFound<T>(call: Promise<T>, message = NOT_FOUND_MESSAGE): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(message);
    throw error;
  }
}
