import { CODE_CSRF, CSRF_HEADER } from "@tongjian/domain/api-codes";
import { ANONYMOUS, type AnonymousViewer, type Viewer } from "@tongjian/domain/viewer";
import {
  clearCookie,
  cookieName,
  hashSecret,
  readCookie,
  readSecretCookie,
} from "@tongjian/services/accounts/auth-cookies";
import { verifyCsrfToken } from "@tongjian/services/accounts/csrf-token";
import { NotLoggedInError, ServiceError } from "@tongjian/services/service-error";
import type { FastifyRequest } from "fastify";
import type { AppDeps } from "./app-deps.ts";
import type { TypedApp } from "./typed-app.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking, resolved once per request (decision 18). */
    viewer: Viewer;
    /** The session token of the cookie, when it named a live session. */
    sessionToken: string | null;
    /** How the viewer was recognised: its session cookie, an app bearer token, or neither. */
    authVia: "cookie" | "bearer" | "none";
  }
  interface FastifyContextConfig {
    /**
     * The route needs a signed-in reader (an account or a WeChat visitor); anonymous callers get
     * 401 with code 600. Routes whose path has `/y/` (the spec's "needs login" calls) get this
     * without asking.
     */
    needsLogin?: boolean;
    /** false: the route takes state-changing calls without a CSRF token (none so far). */
    csrf?: boolean;
  }
}

export { CSRF_HEADER };

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
// Media are the same for everyone, except the panoramas' pictures: a locked scene's is shown
// only to the readers who have unlocked it (decision 23); and readers' recordings, each only to
// its owner.
const STATIC_FILE =
  /^\/assets\/|^\/media\/(?!panorama\/|audio-upload\/)|^\/(sw\.js|favicon\.svg|offline\.html|healthz)(\?|$)/;

export class CsrfError extends ServiceError {
  constructor(message = "页面已过期，请刷新后重试") {
    super(403, message, CODE_CSRF);
    this.name = "CsrfError";
  }
}

/** The CSRF binding of a request: its live session, else its anonymous id cookie. */
export function csrfBinding(request: FastifyRequest, secure: boolean): string | null {
  if (request.sessionToken) return `s:${hashSecret(request.sessionToken)}`;
  const anonymous = readSecretCookie(request.headers.cookie, "anonymous", secure);
  return anonymous ? `a:${anonymous}` : null;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  if (!m?.[1]) throw new NotLoggedInError("App 登录凭证无效");
  return m[1];
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing call that a browser sent from another site (OWASP: verify the origin
 * with standard headers): its Origin (or, without one, its Referer) must be this site's, and
 * Fetch Metadata must not say cross-site. Callers that are not browsers send none of these.
 */
function checkOrigin(request: FastifyRequest, publicOrigin: string | undefined) {
  const own = new Set([`${request.protocol}://${request.host}`]);
  if (publicOrigin) own.add(publicOrigin);
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = origin ?? (referer ? originOf(referer) : undefined);
  if (claimed !== undefined && (claimed === null || !own.has(claimed)))
    throw new CsrfError("跨站请求已拒绝");
  if (request.headers["sec-fetch-site"] === "cross-site") throw new CsrfError("跨站请求已拒绝");
}

/**
 * Resolves `request.viewer` for every API call and page, then applies the two rules every
 * route shares (decision 18):
 *
 * - CSRF: a state-changing /api call that carries the browser's own credentials (the session
 *   cookie or the anonymous id cookie) must send a token signed for them in `X-CSRF-Token`;
 *   any such call from another site is refused by its Origin. Calls with an app bearer token
 *   are exempt (a browser never adds one by itself).
 * - Needs login: a route with `config.needsLogin`, or a `/y/` path, answers 600 to anonymous
 *   callers.
 */
export function installViewerHooks(app: TypedApp, deps: AppDeps) {
  const secure = deps.config.auth.secureCookies;
  const { sessions, accounts } = deps.services;
  // Fastify wants reference-type decorators set per request: null here, set first thing below.
  app.decorateRequest("viewer", null as unknown as AnonymousViewer);
  app.decorateRequest("sessionToken", null);
  app.decorateRequest("authVia", "none");

  app.addHook("preValidation", async (request, reply) => {
    request.viewer = ANONYMOUS;
    // Build files and media are the same for everyone: no session is looked up for them.
    if (STATIC_FILE.test(request.url)) return;
    const isApi = request.url.startsWith("/api/");
    const bearer = isApi ? bearerOf(request) : null;
    if (bearer) {
      request.viewer = await accounts.viewerForAppToken(bearer);
      request.authVia = "bearer";
    } else {
      const token = readSecretCookie(request.headers.cookie, "session", secure);
      const viewer = token ? await sessions.resolve(token) : ANONYMOUS;
      if (token && viewer.kind !== "anonymous") {
        request.viewer = viewer;
        request.sessionToken = token;
        request.authVia = "cookie";
      } else if (
        !isApi &&
        !request.url.split("?")[0]?.endsWith(".data") &&
        readCookie(request.headers.cookie, cookieName("session", secure)) !== null &&
        !reply.hasHeader("set-cookie")
      ) {
        // An ended, expired or malformed session cookie (an older release's too): the browser
        // forgets it when it loads a page, so that its pages come from the page cache again. Not
        // on an API call or a page's data: one sent with the old cookie while a sign-in or a
        // WeChat binding rotates the session is answered after it, and its clearing would arrive
        // after the new session's cookie and sign the reader out.
        reply.header("set-cookie", clearCookie("session", secure));
      }
    }

    if (isApi && UNSAFE.has(request.method) && request.routeOptions.config.csrf !== false) {
      checkOrigin(request, deps.config.publicOrigin);
      if (request.authVia !== "bearer") {
        const binding = csrfBinding(request, secure);
        const token = request.headers[CSRF_HEADER];
        if (
          binding &&
          !verifyCsrfToken(deps.authSecret, binding, typeof token === "string" ? token : undefined)
        )
          throw new CsrfError();
      }
    }

    const url = request.routeOptions.url ?? "";
    if (
      (request.routeOptions.config.needsLogin || url.includes("/y/")) &&
      request.viewer.kind === "anonymous"
    )
      throw new NotLoggedInError();
  });
}
