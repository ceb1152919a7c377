import {
  ANONYMOUS_ID_TTL_SECONDS,
  clearCookie,
  hashSecret,
  newSecretValue,
  readSecretCookie,
  serializeCookie,
} from "@tongjian/services/accounts/auth-cookies";
import { createCsrfToken } from "@tongjian/services/accounts/csrf-token";
import type { SessionKind, SessionOwner } from "@tongjian/services/accounts/sessions.server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { CSRF_HEADER } from "../../viewer-hooks.ts";

/** Adds a Set-Cookie to the reply, keeping any set before. */
export function appendCookie(reply: FastifyReply, cookie: string) {
  const before = reply.getHeader("set-cookie");
  const list = before === undefined ? [] : Array.isArray(before) ? before : [String(before)];
  reply.header("set-cookie", [
    ...list.filter((c) => !c.startsWith(`${cookie.split("=")[0]}=`)),
    cookie,
  ]);
}

/**
 * Signs the reader in: a new session (the one the browser had is ended, so the id always changes:
 * no session fixation), its cookie, and a CSRF token for it in `X-CSRF-Token`, which the web
 * client takes in place of the one bound to the old credential.
 */
export async function startSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: SessionOwner,
  kind: SessionKind = "browser",
) {
  const secure = deps.config.auth.secureCookies;
  const previous = readSecretCookie(request.headers.cookie, "session", secure);
  const { token, maxAgeSeconds } = await deps.services.sessions.start(
    {
      ...owner,
      kind,
      userAgent: request.headers["user-agent"] ?? null,
      address: request.ip,
    },
    previous,
  );
  appendCookie(reply, serializeCookie("session", token, { secure, maxAgeSeconds }));
  reply.header(CSRF_HEADER, createCsrfToken(deps.authSecret, `s:${hashSecret(token)}`));
  reply.header("cache-control", "no-store");
  // The rest of this request acts for the new session (its reply shows who signed in).
  request.sessionToken = token;
  request.viewer = await deps.services.sessions.resolve(token);
  request.authVia = "cookie";
  return request.viewer;
}

/** Logout: the session ends on the server and the browser forgets the cookie. */
export async function endSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const secure = deps.config.auth.secureCookies;
  const token = readSecretCookie(request.headers.cookie, "session", secure);
  if (token) await deps.services.sessions.end(token);
  appendCookie(reply, clearCookie("session", secure));
  const anonymous = readSecretCookie(request.headers.cookie, "anonymous", secure);
  if (anonymous) reply.header(CSRF_HEADER, createCsrfToken(deps.authSecret, `a:${anonymous}`));
  reply.header("cache-control", "no-store");
  return token !== null;
}

/**
 * A CSRF token for the request's credential: its session, else its anonymous id, made (and
 * set as a cookie) when the reader has none yet.
 */
export function csrfTokenFor(deps: AppDeps, request: FastifyRequest, reply: FastifyReply): string {
  const secure = deps.config.auth.secureCookies;
  if (request.sessionToken)
    return createCsrfToken(deps.authSecret, `s:${hashSecret(request.sessionToken)}`);
  let anonymous = readSecretCookie(request.headers.cookie, "anonymous", secure);
  if (!anonymous) {
    anonymous = newSecretValue();
    appendCookie(
      reply,
      serializeCookie("anonymous", anonymous, { secure, maxAgeSeconds: ANONYMOUS_ID_TTL_SECONDS }),
    );
  }
  return createCsrfToken(deps.authSecret, `a:${anonymous}`);
}
