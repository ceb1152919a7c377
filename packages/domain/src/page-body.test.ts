import { describe, expect, it } from "vitest";
import { pageBody, pageResponse, utf8Bytes } from "./page-body.ts";

describe("page body", () => {
  it("encodes text as Buffer.from does: CJK, emoji, lone surrogates, empty, long pages", () => {
    const samples = [
      "",
      "<!DOCTYPE html><p>通鉴</p>",
      "😀 a\u2028b",
      "lone \ud800 high and \udc00 low",
      "史".repeat(40_000),
      `${"a".repeat(10)}${"李白".repeat(30_000)}`,
      "short after long",
    ];
    for (const text of samples) {
      expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(text))).toBe(true);
    }
  });

  it("gives each page its own bytes, not a view of the shared scratch area", () => {
    const first = utf8Bytes("第一页");
    utf8Bytes("第二页的内容更长一些");
    expect(Buffer.from(first).toString()).toBe("第一页");
  });

  it("carries the bytes on a body-less response", () => {
    const bytes = utf8Bytes("<p>页</p>");
    const response = pageResponse(bytes, { status: 200 });
    expect(response.body).toBeNull();
    expect(pageBody(response)).toBe(bytes);
    expect(pageBody(new Response("x"))).toBeNull();
  });
});
