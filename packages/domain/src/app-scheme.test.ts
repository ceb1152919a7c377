import { describe, expect, it } from "vitest";
import { returnTargetPath, toAppSchemeUrl } from "./app-scheme.ts";

const own = ["h5.tongjian.example", "127.0.0.1:3000"];

describe("app scheme links", () => {
  it("rewrites a web link to the app's scheme, keeping path and query", () => {
    expect(toAppSchemeUrl("/ah/article/abc?x=1")).toBe(
      "tongjian://open?url=%2Fah%2Farticle%2Fabc%3Fx%3D1",
    );
    expect(toAppSchemeUrl("https://h5.tongjian.example/detail/1#top")).toBe(
      "tongjian://open?url=%2Fdetail%2F1",
    );
  });
});

describe("download page return target", () => {
  it("accepts our own scheme link and gives the page it opens", () => {
    expect(returnTargetPath(toAppSchemeUrl("/ah/article/abc?x=1"), own)).toBe(
      "/ah/article/abc?x=1",
    );
    expect(returnTargetPath("tongjian://open?url=%2F", own)).toBe("/");
  });

  it("accepts paths on this site and links to our own hosts", () => {
    expect(returnTargetPath("/detail/1?seeMore=1", own)).toBe("/detail/1?seeMore=1");
    expect(returnTargetPath("https://h5.tongjian.example/ah/article/1", own)).toBe("/ah/article/1");
    expect(returnTargetPath("http://127.0.0.1:3000/search?q=李白", own)).toBe(
      `/search?q=${encodeURIComponent("李白")}`,
    );
  });

  it("refuses everything that could lead somewhere else", () => {
    for (const bad of [
      "",
      "https://evil.example/ah",
      "https://h5.tongjian.example.evil.example/",
      "https://user@h5.tongjian.example/",
      "//evil.example/x",
      "/\\evil.example/x",
      "javascript:alert(1)",
      "data:text/html,hi",
      "weixin://dl/business",
      "tongjian://open?url=https%3A%2F%2Fevil.example%2F",
      "tongjian://open?url=%2F%2Fevil.example",
      "tongjian://pay?url=%2F",
      "tongjian://open",
      "/a\nb",
      `/${"a".repeat(2001)}`,
    ]) {
      expect(returnTargetPath(bad, own), bad).toBeNull();
    }
  });
});
