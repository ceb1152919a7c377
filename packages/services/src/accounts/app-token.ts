import { errors, jwtVerify, SignJWT } from "jose";

/**
 * The app's token (decision 18): how the Tongjian app vouches for its signed-in user to the
 * site. The app's backend signs it with the secret it shares with the site (`APP_TOKEN_SECRET`,
 * HS256) and hands it to the app, which gives it to the page through the bridge (`getUserInfo`'s
 * `bearer`) and sends it as `Authorization: Bearer …` on the calls it proxies.
 *
 *   header  { alg: "HS256", typ: "JWT" }
 *   payload { iss: "tongjian-app", aud: "tongjian-h5", sub: <app user id>, iat, exp,
 *             phone?: "13800000000", name?: "…", avatar?: "https://…" }
 *
 * The site accepts only HS256 with this issuer and audience, an expiry at most 30 days after
 * issue, a clock skew of 60 s, and a `sub` of 1–64 letters, digits, `_` or `-`.
 */
export const APP_TOKEN_ISSUER = "tongjian-app";
export const APP_TOKEN_AUDIENCE = "tongjian-h5";
export const APP_TOKEN_MAX_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
export const APP_TOKEN_MIN_SECRET_LENGTH = 32;
const CLOCK_TOLERANCE_SECONDS = 60;
const APP_USER_ID = /^[\w-]{1,64}$/;

export interface AppTokenClaims {
  appUserId: string;
  phone: string | null;
  name: string | null;
  avatar: string | null;
  expiresAt: Date;
}

/** Why a token was refused, for the reader ("forged" covers every signature or shape problem). */
export type AppTokenProblem = "expired" | "forged";

export class AppTokenError extends Error {
  constructor(readonly problem: AppTokenProblem) {
    super(problem === "expired" ? "App 登录凭证已过期" : "App 登录凭证无效");
    this.name = "AppTokenError";
  }
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** What the app's backend does (and `npm run app:token` in development). */
export async function issueAppToken(
  secret: string,
  user: { appUserId: string; phone?: string | null; name?: string | null; avatar?: string | null },
  options: { lifetimeSeconds?: number; now?: Date } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims: Record<string, string> = {};
  if (user.phone) claims.phone = user.phone;
  if (user.name) claims.name = user.name;
  if (user.avatar) claims.avatar = user.avatar;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(APP_TOKEN_ISSUER)
    .setAudience(APP_TOKEN_AUDIENCE)
    .setSubject(user.appUserId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetimeSeconds ?? 7 * 24 * 60 * 60))
    .sign(keyOf(secret));
}

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : null;

export async function verifyAppToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<AppTokenClaims> {
  let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      issuer: APP_TOKEN_ISSUER,
      audience: APP_TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    throw new AppTokenError(error instanceof errors.JWTExpired ? "expired" : "forged");
  }
  const { sub, exp, iat } = payload;
  if (!sub || !APP_USER_ID.test(sub) || exp === undefined || iat === undefined)
    throw new AppTokenError("forged");
  // A token that claims to live longer than the app's backend may issue is not one of ours.
  if (exp - iat > APP_TOKEN_MAX_LIFETIME_SECONDS) throw new AppTokenError("forged");
  if (iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) throw new AppTokenError("forged");
  return {
    appUserId: sub,
    phone: text(payload.phone, 20),
    name: text(payload.name, 64),
    avatar: text(payload.avatar, 1024),
    expiresAt: new Date(exp * 1000),
  };
}
