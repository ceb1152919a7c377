import { describe, expect, it } from "vitest";
import { createCsrfToken, verifyCsrfToken } from "./csrf-token.ts";

describe("CSRF tokens (signed double submit)", () => {
  const secret = "csrf-unit-test-secret";

  it("verifies for the binding it was made for, and a fresh nonce each time", () => {
    const a = createCsrfToken(secret, "s:abc");
    expect(a).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(createCsrfToken(secret, "s:abc")).not.toBe(a);
    expect(verifyCsrfToken(secret, "s:abc", a)).toBe(true);
  });

  it("fails for another session, another secret, a changed token, or none", () => {
    const token = createCsrfToken(secret, "s:abc");
    expect(verifyCsrfToken(secret, "s:abd", token)).toBe(false);
    expect(verifyCsrfToken(secret, "a:abc", token)).toBe(false);
    expect(verifyCsrfToken("other-secret", "s:abc", token)).toBe(false);
    const [nonce, mac] = token.split(".");
    expect(
      verifyCsrfToken(
        secret,
        "s:abc",
        `${nonce}.${mac?.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
      ),
    ).toBe(false);
    expect(verifyCsrfToken(secret, "s:abc", `${"A".repeat(22)}.${mac}`)).toBe(false);
    expect(verifyCsrfToken(secret, "s:abc", undefined)).toBe(false);
    expect(verifyCsrfToken(secret, "s:abc", "")).toBe(false);
    expect(verifyCsrfToken(secret, "s:abc", `${token}x`)).toBe(false);
  });
});
