import { describe, expect, it } from "vitest";
import { activityStatusOf, browserTypeOf, invitationPath, nextReward } from "./spring-festival.ts";

describe("spring festival rules", () => {
  const steps = [
    { key: "badge", label: "徽章 · 迎春使者", threshold: 1, granted: true },
    { key: "vip3", label: "3 天会员", threshold: 3, granted: false },
    { key: "vip7", label: "7 天会员", threshold: 5, granted: false },
  ];

  it("names the next reward and how many valid friends it still needs", () => {
    expect(nextReward(steps, 1)).toEqual({ label: "3 天会员", threshold: 3, more: 2 });
    expect(nextReward(steps, 3)).toEqual({ label: "7 天会员", threshold: 5, more: 2 });
    expect(nextReward(steps, 5)).toBeNull();
  });

  it("reads the spec's activityStatus and browerType", () => {
    expect([
      activityStatusOf("upcoming"),
      activityStatusOf("running"),
      activityStatusOf("ended"),
    ]).toEqual([0, 1, 2]);
    expect(browserTypeOf({ isNativeApp: true, isWeixin: false })).toBe("app");
    expect(browserTypeOf({ isNativeApp: false, isWeixin: true })).toBe("weixin");
    expect(browserTypeOf({ isNativeApp: false, isWeixin: false })).toBe("browser");
  });

  it("links a friend to the share page with who invited them", () => {
    expect(invitationPath("abc123")).toBe("/springfestival/share?from=abc123");
    expect(invitationPath(null)).toBe("/springfestival/share");
  });
});
