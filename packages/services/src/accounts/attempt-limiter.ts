import type { KeyValueStore } from "../key-value-store.ts";
import { ServiceError } from "../service-error.ts";

/**
 * Counts failures in fixed windows in the shared store (Redis when REDIS_URL is set, else the
 * database), so that every worker and copy counts together (OWASP ASVS 6.3.1: failed logins
 * limited per account and per address).
 */
export interface AttemptLimit {
  /** Store key prefix, e.g. "authfail:phone". */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Failed password or code logins: per account (phone) and per client address. */
export const LOGIN_LIMITS = {
  perAccount: { name: "authfail:account", max: 5, windowSeconds: 15 * 60 },
  perAddress: { name: "authfail:address", max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, AttemptLimit>;

export class TooManyAttemptsError extends ServiceError {
  constructor(message = "尝试次数过多，请稍后再试") {
    super(429, message);
    this.name = "TooManyAttemptsError";
  }
}

export function createAttemptLimiter(store: KeyValueStore) {
  const key = (limit: AttemptLimit, subject: string) => `${limit.name}:${subject}`;
  return {
    /** Throws 请稍后再试 when the subject has used up its failures in this window. */
    async check(limit: AttemptLimit, subject: string, message?: string): Promise<void> {
      const count = Number((await store.get(key(limit, subject))) ?? 0);
      if (count >= limit.max) throw new TooManyAttemptsError(message);
    },
    /** Counts one failure and answers how many the window holds now. */
    fail(limit: AttemptLimit, subject: string): Promise<number> {
      return store.increment(key(limit, subject), limit.windowSeconds);
    },
    /** Counts one use and throws once the window holds more than the limit (send limits). */
    async spend(limit: AttemptLimit, subject: string, message?: string): Promise<void> {
      const count = await store.increment(key(limit, subject), limit.windowSeconds);
      if (count > limit.max) throw new TooManyAttemptsError(message);
    },
    reset(limit: AttemptLimit, subject: string): Promise<void> {
      return store.delete(key(limit, subject));
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
