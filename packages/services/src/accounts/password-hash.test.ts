import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from "./password-hash.ts";

describe("password hashing (scrypt)", () => {
  it("stores the cost and a random salt, and verifies only the same password", async () => {
    const a = await hashPassword("史记汉书三国志通鉴");
    const b = await hashPassword("史记汉书三国志通鉴");
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=3\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("史记汉书三国志通鉴", a)).toBe(true);
    expect(await verifyPassword("史记汉书三国志通鑑", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("treats full-width and half-width forms of a password alike (NFKC)", async () => {
    const hash = await hashPassword("Ｔｏｎｇｊｉａｎ２０２６");
    expect(await verifyPassword("Tongjian2026", hash)).toBe(true);
  });

  it("refuses malformed hashes and hashes asking for unbounded work", async () => {
    for (const stored of [
      "",
      "plain",
      `scrypt$N=1048577,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$${"A".repeat(43)}`,
    ])
      expect(await verifyPassword("x", stored)).toBe(false);
  });

  it("asks for a re-hash of a hash made at a lower cost", async () => {
    const cheap = await hashPassword("史记汉书三国志通鉴", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("史记汉书三国志通鉴", cheap)).toBe(true);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(await hashPassword("x", PASSWORD_COST))).toBe(false);
  });
});
