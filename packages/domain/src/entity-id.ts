/**
 * Entity ids are 24 lowercase hex characters (docs/content-format.md: the first 24 hex digits of
 * sha1("<kind>:<key>"), the shape the original's clients expect). Checking the shape up front
 * lets routes answer a malformed id with 404 instead of querying for it.
 */
export const ENTITY_ID_LENGTH = 24;

const ENTITY_ID_PATTERN = /^[0-9a-f]{24}$/;

export function isEntityId(value: unknown): value is string {
  return typeof value === "string" && ENTITY_ID_PATTERN.test(value);
}
