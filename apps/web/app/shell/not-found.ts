import { data } from "react-router";
import { ApiRequestError } from "./api-client.ts";

/** The text of the 404 screen (spec §8). */
export const NOT_FOUND_MESSAGE = "抱歉，页面找不到了";

/** Thrown from a loader: the 404 screen with this message. */
export function notFound(message = NOT_FOUND_MESSAGE) {
  return data(message, { status: 404 });
}

/** The API call's result, or the 404 screen when the API says the content does not exist. */
export async function orNotFound<T>(call: Promise<T>, message = NOT_FOUND_MESSAGE): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 404) throw notFound(message);
    throw error;
  }
}
