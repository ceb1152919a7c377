import { describe, expect, it } from "vitest";
import { ENTITY_ID_LENGTH, isEntityId } from "./entity-id.ts";

describe("isEntityId", () => {
  it("accepts 24 lowercase hex characters", () => {
    expect(isEntityId("0123456789abcdef01234567")).toBe(true);
    expect("0123456789abcdef01234567").toHaveLength(ENTITY_ID_LENGTH);
  });

  it("rejects other lengths, uppercase, non-hex and non-strings", () => {
    expect(isEntityId("0123456789abcdef0123456")).toBe(false);
    expect(isEntityId("0123456789abcdef012345678")).toBe(false);
    expect(isEntityId("0123456789ABCDEF01234567")).toBe(false);
    expect(isEntityId("0123456789abcdeg01234567")).toBe(false);
    expect(isEntityId(" 0123456789abcdef0123456")).toBe(false);
    expect(isEntityId("0123456789abcdef01234567\n")).toBe(false);
    expect(isEntityId("")).toBe(false);
    expect(isEntityId(undefined)).toBe(false);
    expect(isEntityId(123)).toBe(false);
  });
});
