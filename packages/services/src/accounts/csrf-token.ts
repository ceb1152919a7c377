import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * CSRF tokens (decision 18): OWASP's "signed double-submit" pattern. A token is a random nonce
 * and an HMAC-SHA256 over the nonce and what it is bound to — the session (its token's hash) or,
 * for a reader without one, the anonymous id in the `tj_aid` cookie. The server keeps nothing:
 * it checks that the token in the `X-CSRF-Token` header was made by it, for the credential the
 * request carries. A token from another session, another reader or another site fails; one
 * leaked from a session ends with the session.
 *
 *   <nonce base64url, 16 bytes>.<HMAC(secret, "csrf\0" + binding + "\0" + nonce) base64url>
 */
const NONCE_BYTES = 16;
const TOKEN = /^([\w-]{22})\.([\w-]{43})$/;

function mac(secret: string, binding: string, nonce: string): Buffer {
  return createHmac("sha256", secret).update(`csrf\0${binding}\0${nonce}`).digest();
}

export function createCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString("base64url");
  return `${nonce}.${mac(secret, binding, nonce).toString("base64url")}`;
}

export function verifyCsrfToken(secret: string, binding: string, token: string | undefined) {
  if (!token) return false;
  const m = TOKEN.exec(token);
  if (!m?.[1] || !m[2]) return false;
  const given = Buffer.from(m[2], "base64url");
  const expected = mac(secret, binding, m[1]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
