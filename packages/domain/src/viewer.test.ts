import { describe, expect, it } from "vitest";
import {
  ANONYMOUS,
  isSignedIn,
  loginPath,
  loginReturnPath,
  ownerIdOf,
  type Viewer,
} from "./viewer.ts";

const user: Viewer = {
  kind: "user",
  userId: "a".repeat(24),
  role: "user",
  phone: "13800138000",
  name: "读者",
  appUserId: null,
  visitorId: "b".repeat(24),
  via: "browser",
  sessionId: "c".repeat(24),
};

describe("viewer", () => {
  it("keys what a reader owns by the account, else the WeChat visitor", () => {
    expect(ownerIdOf(user)).toBe("a".repeat(24));
    expect(ownerIdOf({ kind: "visitor", visitorId: "v".repeat(24), sessionId: "s" })).toBe(
      "v".repeat(24),
    );
    expect(ownerIdOf(ANONYMOUS)).toBeNull();
    expect(isSignedIn(ANONYMOUS)).toBe(false);
    expect(isSignedIn(user)).toBe(true);
  });

  it("sends to /login with the page to come back to", () => {
    expect(loginPath("/my?tab=likes")).toBe("/login?redirect=%2Fmy%3Ftab%3Dlikes");
    expect(loginPath("/my", "user")).toBe("/login?redirect=%2Fmy&need=user");
  });

  it("comes back only to a page of this site", () => {
    expect(loginReturnPath("/my/list?x=1")).toBe("/my/list?x=1");
    for (const raw of [
      null,
      "",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/login?redirect=/my",
      "/a b",
    ])
      expect(loginReturnPath(raw), String(raw)).toBe("/");
  });
});
