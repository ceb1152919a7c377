/**
 * Response codes of the API envelope (spec §4 "Fetch status", §8 error catalogue).
 *
 * 200 and 201 are success. 617 and 9009 are also resolved by the generic wrapper: the spec names
 * no meaning for them, only that callers receive them as data rather than as an error.
 * Everything else rejects, including 600 (not logged in; the login flow catches it on the
 * visitor-info call, §8) and 888.
 */

export const CODE_OK = 200;
export const CODE_CREATED = 201;
/** Resolved by the wrapper although not plain success (spec §4, §8); meaning not given. */
export const CODE_RESOLVED_617 = 617;
/** Resolved by the wrapper although not plain success (spec §4, §8); meaning not given. */
export const CODE_RESOLVED_9009 = 9009;
export const CODE_NOT_LOGGED_IN = 600;
export const CODE_REJECTED = 888;
/**
 * Beyond the spec (decision 18): a state-changing call without a valid CSRF token (HTTP 403).
 * The web client fetches a fresh token and tries once more.
 */
export const CODE_CSRF = 419;
/** The header the CSRF token travels in, both ways (decision 18). */
export const CSRF_HEADER = "x-csrf-token";

export const RESOLVED_CODES: readonly number[] = [
  CODE_OK,
  CODE_CREATED,
  CODE_RESOLVED_617,
  CODE_RESOLVED_9009,
];

export interface ApiEnvelope<T> {
  code: number;
  message: string;
  data: T;
}

export function isSuccessCode(code: number): boolean {
  return code === CODE_OK || code === CODE_CREATED;
}

/** Whether the generic wrapper resolves (true) or rejects (false) a response with this code. */
export function isResolvedCode(code: number): boolean {
  return RESOLVED_CODES.includes(code);
}

/**
 * Shape check for a parsed response body before trusting its code; `data` is left unchecked
 * for the caller's own schema.
 */
export function isApiEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  if (typeof value !== "object" || value === null) return false;
  if (!("code" in value) || !("data" in value)) return false;
  const { code } = value;
  const message = "message" in value ? value.message : "";
  return typeof code === "number" && Number.isInteger(code) && typeof message === "string";
}
