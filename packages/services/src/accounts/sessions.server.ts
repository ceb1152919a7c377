import { ANONYMOUS, type Viewer } from "@tongjian/domain/viewer";
import { LRUCache } from "lru-cache";
import { newId } from "./account-repository.ts";
import { hashSecret, newSecretValue, SESSION_TTL_SECONDS } from "./auth-cookies.ts";
import type { SessionRepository, SessionRow, SessionWithAccount } from "./session-repository.ts";

/** A session not used for this long ends (OWASP ASVS 7.3.1: an inactivity timeout). */
export const SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
/**
 * Sessions are read on every signed-in request; a resolved viewer is reused for this long in
 * this process. Ending a session drops it here at once; another worker or copy may still accept
 * it until its copy runs out (at most this long) — decision 18.
 */
export const SESSION_CACHE_MS = 5_000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type SessionKind = "browser" | "app";

export interface SessionOwner {
  accountId: string | null;
  visitorId: string | null;
}

export interface SessionStart extends SessionOwner {
  kind: SessionKind;
  userAgent: string | null;
  address: string | null;
}

interface Cached {
  viewer: Viewer;
  row: SessionWithAccount;
}

function viewerOf(row: SessionWithAccount): Viewer {
  if (row.account_id) {
    return {
      kind: "user",
      userId: row.account_id,
      role: row.role === "admin" ? "admin" : "user",
      phone: row.phone,
      name: row.name ?? "",
      appUserId: row.app_user_id,
      visitorId: row.visitor_id,
      via: row.kind === "app" ? "app" : "browser",
      sessionId: row.id,
    };
  }
  if (row.visitor_id) return { kind: "visitor", visitorId: row.visitor_id, sessionId: row.id };
  return ANONYMOUS;
}

/** Server-side sessions (decision 18): the cookie holds a token, the table its hash. */
export function createSessionService(deps: {
  sessions: SessionRepository;
  now?: () => Date;
  cacheMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const cache = new LRUCache<string, Cached>({
    max: 20_000,
    ttl: deps.cacheMs ?? SESSION_CACHE_MS,
  });
  let lastSweep = 0;

  const expired = (row: SessionRow, at: Date) =>
    row.expires_at <= at.toISOString() ||
    Date.parse(row.last_seen_at) + SESSION_IDLE_SECONDS * 1000 <= at.getTime();

  function forget(tokenHashes: string[]) {
    for (const hash of tokenHashes) cache.delete(hash);
  }

  return {
    /**
     * Starts a session and answers its token (for the cookie). A session the browser already had
     * is ended first: the id always changes on sign-in, so a planted session id is worthless
     * (no session fixation).
     */
    async start(
      owner: SessionStart,
      previousToken: string | null,
    ): Promise<{ token: string; sessionId: string; maxAgeSeconds: number }> {
      if (previousToken) await this.end(previousToken);
      const at = now();
      const token = newSecretValue();
      const row: SessionRow = {
        id: newId(),
        token_hash: hashSecret(token),
        account_id: owner.accountId,
        visitor_id: owner.visitorId,
        kind: owner.kind,
        created_at: at.toISOString(),
        last_seen_at: at.toISOString(),
        expires_at: new Date(at.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
        user_agent: owner.userAgent?.slice(0, 512) ?? null,
        address: owner.address?.slice(0, 64) ?? null,
      };
      await deps.sessions.insert(row);
      // Now and then, not on every sign-in: expired rows are only clutter (reads check expiry).
      if (at.getTime() - lastSweep > 60 * 60_000) {
        lastSweep = at.getTime();
        void deps.sessions.deleteExpired(at.toISOString()).catch(() => undefined);
      }
      return { token, sessionId: row.id, maxAgeSeconds: SESSION_TTL_SECONDS };
    },

    /** The viewer of a session token; anonymous for an unknown, ended or expired one. */
    async resolve(token: string): Promise<Viewer> {
      const hash = hashSecret(token);
      const at = now();
      let hit = cache.get(hash);
      if (!hit) {
        const row = await deps.sessions.findByTokenHash(hash);
        if (!row) return ANONYMOUS;
        hit = { viewer: viewerOf(row), row };
        cache.set(hash, hit);
      }
      if (expired(hit.row, at)) {
        forget(await deps.sessions.deleteWhere({ tokenHash: hash }));
        return ANONYMOUS;
      }
      if (at.getTime() - Date.parse(hit.row.last_seen_at) > TOUCH_EVERY_MS) {
        hit.row.last_seen_at = at.toISOString();
        void deps.sessions.touch(hit.row.id, hit.row.last_seen_at).catch(() => undefined);
      }
      return hit.viewer;
    },

    /** Logout: the session of this token ends on the server. */
    async end(token: string): Promise<void> {
      const hash = hashSecret(token);
      cache.delete(hash);
      forget(await deps.sessions.deleteWhere({ tokenHash: hash }));
    },

    /** Ends one of the owner's sessions by its public id; false when it is not theirs. */
    async endById(owner: SessionOwner, id: string): Promise<boolean> {
      const ended = owner.accountId
        ? await deps.sessions.deleteWhere({ id, accountId: owner.accountId })
        : owner.visitorId
          ? await deps.sessions.deleteWhere({ id, visitorId: owner.visitorId })
          : [];
      forget(ended);
      return ended.length > 0;
    },

    /** Ends every session of an account (a password reset), but the one given. */
    async endAllOfAccount(accountId: string, exceptId?: string): Promise<number> {
      const ended = await deps.sessions.deleteWhere({
        accountId,
        ...(exceptId ? { exceptId } : {}),
      });
      forget(ended);
      return ended.length;
    },

    list(owner: SessionOwner): Promise<SessionRow[]> {
      const at = now().toISOString();
      if (owner.accountId) return deps.sessions.list({ accountId: owner.accountId }, at);
      if (owner.visitorId) return deps.sessions.list({ visitorId: owner.visitorId }, at);
      return Promise.resolve([]);
    },

    /** Drops this process's copies (tests; an account's role or profile changed). */
    clearCache() {
      cache.clear();
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
