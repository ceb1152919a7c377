import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AppTokenError, issueAppToken, verifyAppToken } from "./app-token.ts";

const SECRET = "unit-test-app-token-secret-0123456789";
const user = { appUserId: "u_1024", phone: "13800138000", name: "读者" };

async function problem(token: string, now?: Date): Promise<string> {
  try {
    await verifyAppToken(SECRET, token, now);
    return "accepted";
  } catch (error) {
    return error instanceof AppTokenError ? error.problem : String(error);
  }
}

describe("app token (HS256)", () => {
  it("carries the app user id, phone and name, with an expiry", async () => {
    const now = new Date("2026-11-25T00:00:00Z");
    const token = await issueAppToken(SECRET, user, { now, lifetimeSeconds: 3600 });
    const claims = await verifyAppToken(SECRET, token, new Date(now.getTime() + 60_000));
    expect(claims).toEqual({
      appUserId: "u_1024",
      phone: "13800138000",
      name: "读者",
      avatar: null,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
  });

  it("refuses another secret, an expired token, alg none and a changed payload", async () => {
    const now = new Date();
    const good = await issueAppToken(SECRET, user);
    expect(await problem(await issueAppToken(`${SECRET}x`, user))).toBe("forged");
    const old = await issueAppToken(SECRET, user, {
      now: new Date(now.getTime() - 2 * 3600_000),
      lifetimeSeconds: 3600,
    });
    expect(await problem(old)).toBe("expired");
    const [, payload, signature] = good.split(".");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    expect(await problem(none)).toBe("forged");
    const changed = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    changed.sub = "someone-else";
    const header = good.split(".")[0];
    expect(
      await problem(
        `${header}.${Buffer.from(JSON.stringify(changed)).toString("base64url")}.${signature}`,
      ),
    ).toBe("forged");
  });

  it("refuses a wrong issuer or audience, a long life, a future issue time and a bad subject", async () => {
    const key = new TextEncoder().encode(SECRET);
    const iat = Math.floor(Date.now() / 1000);
    const sign = (edit: (jwt: SignJWT) => SignJWT) =>
      edit(
        new SignJWT({})
          .setProtectedHeader({ alg: "HS256" })
          .setIssuer("tongjian-app")
          .setAudience("tongjian-h5")
          .setSubject("u1")
          .setIssuedAt(iat)
          .setExpirationTime(iat + 600),
      ).sign(key);
    expect(await problem(await sign((j) => j))).toBe("accepted");
    expect(await problem(await sign((j) => j.setIssuer("someone")))).toBe("forged");
    expect(await problem(await sign((j) => j.setAudience("other")))).toBe("forged");
    expect(await problem(await sign((j) => j.setExpirationTime(iat + 31 * 24 * 3600)))).toBe(
      "forged",
    );
    expect(
      await problem(await sign((j) => j.setIssuedAt(iat + 3600).setExpirationTime(iat + 7200))),
    ).toBe("forged");
    expect(await problem(await sign((j) => j.setSubject("../../etc")))).toBe("forged");
  });
});
