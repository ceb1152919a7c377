import type { UserViewer, Viewer, VisitorViewer } from "@tongjian/domain/viewer";
import { NotLoggedInError, ServiceError } from "../service-error.ts";

/**
 * "Needs login" in one line (decision 18). In an API route or a service:
 *
 *   const user = requireUser(request.viewer);         // an account: phone or app user
 *   const reader = requireSignedIn(request.viewer);   // an account or a WeChat visitor
 *
 * Both throw NotLoggedInError, which the API answers with HTTP 401 and code 600 (spec §8), so
 * the page sends the reader to the login of their environment.
 */
export function requireUser(viewer: Viewer, message?: string): UserViewer {
  if (viewer.kind !== "user") throw new NotLoggedInError(message);
  return viewer;
}

export function requireSignedIn(viewer: Viewer, message?: string): UserViewer | VisitorViewer {
  if (viewer.kind === "anonymous") throw new NotLoggedInError(message);
  return viewer;
}

export class ForbiddenError extends ServiceError {
  constructor(message = "没有权限") {
    super(403, message);
    this.name = "ForbiddenError";
  }
}

/** Moderation and other operator calls. */
export function requireAdmin(viewer: Viewer): UserViewer {
  const user = requireUser(viewer);
  if (user.role !== "admin") throw new ForbiddenError();
  return user;
}
