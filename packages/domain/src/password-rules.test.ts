import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules.ts";

describe("passwordProblem", () => {
  it("accepts 8 to 128 characters of anything, Chinese counted per character", () => {
    expect(passwordProblem("史记汉书三国志通")).toBeNull();
    expect(passwordProblem("correct horse battery")).toBeNull();
    expect(passwordProblem("x".repeat(7) + "y".repeat(121))).toBeNull();
  });

  it("says why a password cannot be used", () => {
    expect(passwordProblem("史记汉书三国志")).toBe("密码至少 8 位");
    expect(passwordProblem("ab".repeat(65))).toBe("密码至多 128 位");
    expect(passwordProblem("12345678")).toBe("密码过于常见，请换一个");
    expect(passwordProblem("PassWord")).toBe("密码过于常见，请换一个");
    expect(passwordProblem("aaaaaaaaa")).toBe("密码不能是同一个字符重复");
  });
});
