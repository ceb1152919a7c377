import { createHash, randomBytes } from "node:crypto";

/**
 * The cookies of signing in (decision 18). Every one is HttpOnly and SameSite=Lax, path `/`.
 * Served over HTTPS (`PUBLIC_ORIGIN` https, or `COOKIE_SECURE=true`) they are also `Secure` and
 * carry the `__Host-` prefix, which browsers accept only from a secure origin, without a
 * Domain and for path `/`: a sibling subdomain or a plain-HTTP attacker cannot plant them.
 *
 * - session (`tj_sid`): the session token; the server keeps only its SHA-256.
 * - anonymous id (`tj_aid`): a random id that binds a signed-out reader's CSRF token.
 * - WeChat state (`tj_wxstate`): the OAuth `state` of the consent round trip, ten minutes.
 * - device (`tj_dev`): a random id of the browser that campaigns' per-device limits count by
 *   (decision 39); the server keeps only its SHA-256.
 */
export type CookieName = "session" | "anonymous" | "wechatState" | "device";

const BASE_NAMES: Record<CookieName, string> = {
  session: "tj_sid",
  anonymous: "tj_aid",
  wechatState: "tj_wxstate",
  device: "tj_dev",
};

export const SESSION_COOKIE = BASE_NAMES.session;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const ANONYMOUS_ID_TTL_SECONDS = 365 * 24 * 60 * 60;
export const WECHAT_STATE_TTL_SECONDS = 10 * 60;
export const DEVICE_ID_TTL_SECONDS = 2 * 365 * 24 * 60 * 60;

/** 32 random bytes, base64url: the session token, a ticket, an anonymous id. */
const SECRET_VALUE = /^[\w-]{43}$/;

export function cookieName(name: CookieName, secure: boolean): string {
  return secure ? `__Host-${BASE_NAMES[name]}` : BASE_NAMES[name];
}

/** Both spellings of the session cookie, for the page cache's "has a session" test. */
export const SESSION_COOKIE_NAMES = [BASE_NAMES.session, `__Host-${BASE_NAMES.session}`];

export function newSecretValue(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A cookie's value from a Cookie header (the first of that name), or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim();
  }
  return null;
}

/** A cookie value of the shape the server issues (session token, anonymous id), or null. */
export function readSecretCookie(
  header: string | undefined,
  name: CookieName,
  secure: boolean,
): string | null {
  const value = readCookie(header, cookieName(name, secure));
  return value && SECRET_VALUE.test(value) ? value : null;
}

export function serializeCookie(
  name: CookieName,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number },
): string {
  return [
    `${cookieName(name, options.secure)}=${value}`,
    "Path=/",
    `Max-Age=${options.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearCookie(name: CookieName, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAgeSeconds: 0 });
}
