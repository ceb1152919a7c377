import { describe, expect, it } from "vitest";
import { DRAWN_AVATARS, drawnAvatarOf, drawnAvatarPath, isAllowedAvatar } from "./drawn-avatars.ts";

describe("drawn avatars", () => {
  it("have unique keys and one character each", () => {
    expect(new Set(DRAWN_AVATARS.map((a) => a.key)).size).toBe(DRAWN_AVATARS.length);
    for (const a of DRAWN_AVATARS) expect([...a.char]).toHaveLength(1);
  });

  it("round-trip between key and path, and refuse unknown keys", () => {
    expect(drawnAvatarOf(drawnAvatarPath("zhu"))?.char).toBe("竹");
    expect(drawnAvatarOf("/media/avatar/nope.svg")).toBeNull();
    expect(drawnAvatarOf("/media/avatar/zhu.svg?x=1")).toBeNull();
    expect(drawnAvatarOf("/media/cover/zhu.svg")).toBeNull();
  });

  it("allow a drawn seal or an https picture, nothing else", () => {
    expect(isAllowedAvatar("/media/avatar/shi.svg")).toBe(true);
    expect(isAllowedAvatar("https://thirdwx.qlogo.cn/mmopen/x/132")).toBe(true);
    expect(isAllowedAvatar("http://example.com/a.png")).toBe(false);
    expect(isAllowedAvatar("javascript:alert(1)")).toBe(false);
    expect(isAllowedAvatar("/media/avatar/../../etc.svg")).toBe(false);
    expect(isAllowedAvatar(`https://example.com/${"a".repeat(1100)}`)).toBe(false);
  });
});
