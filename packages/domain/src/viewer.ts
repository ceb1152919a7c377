/**
 * Who is asking (decision 18): resolved once per request from the session cookie or an
 * `Authorization: Bearer` app token, and handed to API routes (`request.viewer`) and page loaders
 * (`context.viewer`). Spec §6 roles: a WeChat visitor, a logged-in user (user id and phone), an
 * app webview user; plus the admin role of issue 16's moderation.
 */
export type Viewer = AnonymousViewer | VisitorViewer | UserViewer;

export interface AnonymousViewer {
  kind: "anonymous";
}

/** Signed in through WeChat only: a visitor id, no account yet. */
export interface VisitorViewer {
  kind: "visitor";
  visitorId: string;
  sessionId: string;
}

export type AccountRole = "user" | "admin";

/**
 * Signed in to an account: by phone (password or SMS code), by the app's token (`via: "app"`),
 * or as a WeChat visitor who bound a phone (then `visitorId` is set too).
 */
export interface UserViewer {
  kind: "user";
  userId: string;
  role: AccountRole;
  phone: string | null;
  name: string;
  /** The app's own user id, when the account is known to the app. */
  appUserId: string | null;
  /** The WeChat visitor bound to the account and signed in with it, if any. */
  visitorId: string | null;
  /** "app": an app webview (its token or the session made from it); "browser": anything else. */
  via: "browser" | "app";
  /** The server-side session; null for a call made with a bearer token alone. */
  sessionId: string | null;
}

export const ANONYMOUS: AnonymousViewer = Object.freeze({ kind: "anonymous" });

export function isSignedIn(viewer: Viewer): viewer is VisitorViewer | UserViewer {
  return viewer.kind !== "anonymous";
}

/**
 * The id that what a reader owns (likes now; later follows, history …) is keyed by: the
 * account's id when there is one, else the WeChat visitor's. Binding a visitor to an account
 * moves the visitor's rows to the account, so the same reader never has two ids at once.
 */
export function ownerIdOf(viewer: Viewer): string | null {
  if (viewer.kind === "user") return viewer.userId;
  if (viewer.kind === "visitor") return viewer.visitorId;
  return null;
}

/**
 * Where a page that needs login sends a reader who has none: the login page, with the page to
 * come back to. `/login` itself picks the environment's way in (decision 18): the form in a
 * plain browser, WeChat's consent inside WeChat, the app's native login in the app webview.
 */
export function loginPath(returnTo: string, need: "reader" | "user" = "reader"): string {
  const query = `redirect=${encodeURIComponent(returnTo)}`;
  return `/login?${query}${need === "user" ? "&need=user" : ""}`;
}

/**
 * The page to go back to after signing in: a path on this site only (never another host or
 * scheme: no open redirect), and never the login page itself; else the home page.
 */
export function loginReturnPath(raw: string | null): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  if (raw.length > 2000) return "/";
  // Control characters and whitespace have no place in a path we send the reader to.
  if ([...raw].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return "/";
  const url = new URL(raw, "http://site.invalid");
  if (url.host !== "site.invalid" || url.pathname === "/login") return "/";
  return `${url.pathname}${url.search}`;
}
