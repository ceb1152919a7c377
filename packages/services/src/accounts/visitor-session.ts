import { randomBytes } from "node:crypto";
import type { KeyValueStore } from "../key-value-store.ts";

/** Cookie that holds a signed-in visitor's session id; pages for them are never cached. */
export const SESSION_COOKIE = "tj_sid";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

const SESSION_ID = /^[0-9a-f]{64}$/;
const storeKey = (sessionId: string) => `session:${sessionId}`;

interface SessionRecord {
  visitorId: string;
  createdAt: string;
}

/** The session id in a Cookie header, if it has the shape we issue. */
export function readSessionId(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (SESSION_ID.test(value)) return value;
  }
  return null;
}

export function sessionCookie(sessionId: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${sessionId}`,
    "Path=/",
    `Max-Age=${SESSION_TTL_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export async function createSession(store: KeyValueStore, visitorId: string): Promise<string> {
  const sessionId = randomBytes(32).toString("hex");
  const record: SessionRecord = { visitorId, createdAt: new Date().toISOString() };
  await store.set(storeKey(sessionId), JSON.stringify(record), SESSION_TTL_SECONDS);
  return sessionId;
}

export async function sessionVisitorId(
  store: KeyValueStore,
  sessionId: string | null,
): Promise<string | null> {
  if (!sessionId) return null;
  const raw = await store.get(storeKey(sessionId));
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as Partial<SessionRecord>;
    return typeof record.visitorId === "string" ? record.visitorId : null;
  } catch {
    return null;
  }
}

export async function endSession(store: KeyValueStore, sessionId: string): Promise<void> {
  await store.delete(storeKey(sessionId));
}
