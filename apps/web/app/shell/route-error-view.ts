import { isRouteErrorResponse } from "react-router";
import { NOT_FOUND_MESSAGE } from "./not-found.ts";

/** Spec §8: an error page shows the message with its status, 500 by default. */
export function routeErrorView(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    const message =
      status === 404
        ? NOT_FOUND_MESSAGE
        : typeof error.data === "string" && error.data
          ? error.data
          : error.statusText || "页面出错了，请稍后再试";
    return { status, message };
  }
  if (error instanceof Error && error.message) return { status: 500, message: error.message };
  return { status: 500, message: "页面出错了，请稍后再试" };
}
