import {
  loginPath,
  type UserViewer,
  type Viewer,
  type VisitorViewer,
} from "@tongjian/domain/viewer";
import { type AppLoadContext, redirect } from "react-router";

/**
 * "Needs login" for page loaders, in one line (decision 18):
 *
 *   const user = requirePageUser(context, request);     // an account (phone or app user)
 *   const reader = requirePageReader(context, request); // an account or a WeChat visitor
 *
 * A reader without one is sent to `/login?redirect=<this page>`, which signs them in the way of
 * their environment (the form in a browser, WeChat's consent in WeChat, the native login in the
 * app) and brings them back here.
 */
export function requirePageUser(
  context: Pick<AppLoadContext, "viewer">,
  request: Request,
): UserViewer {
  if (context.viewer.kind === "user") return context.viewer;
  throw redirect(loginPath(pathOf(request), "user"));
}

export function requirePageReader(
  context: Pick<AppLoadContext, "viewer">,
  request: Request,
): UserViewer | VisitorViewer {
  const viewer: Viewer = context.viewer;
  if (viewer.kind !== "anonymous") return viewer;
  throw redirect(loginPath(pathOf(request)));
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  // React Router's data requests (/page.data) stand for the page itself.
  const path = url.pathname.endsWith(".data")
    ? url.pathname.slice(0, -".data".length) || "/"
    : url.pathname;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ""}`;
}
