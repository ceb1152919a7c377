import { describe, expect, it } from "vitest";
import { MEMBER_OPENING_LIMIT, memberOpening } from "./member-entries.ts";

const sentence = "这是一句二十个字左右的话，讲的是一件往事。"; // 21 characters

describe("memberOpening", () => {
  it("keeps only the full sentences within the limit of a long text", () => {
    const text = sentence.repeat(15);
    const opening = memberOpening(text);
    expect(Array.from(opening).length).toBeLessThanOrEqual(MEMBER_OPENING_LIMIT);
    expect(opening.endsWith("。")).toBe(true);
    expect(opening).toBe(sentence.repeat(5));
    expect(text.startsWith(opening)).toBe(true);
  });

  it("cuts a text without sentence ends at the limit, with an ellipsis", () => {
    const text = "字".repeat(300);
    expect(memberOpening(text)).toBe(`${"字".repeat(MEMBER_OPENING_LIMIT)}…`);
  });

  it("shows only the first paragraph of a text of several", () => {
    expect(memberOpening(`${sentence}\n\n${sentence.repeat(3)}`)).toBe(sentence);
  });

  it("never gives the whole of a short one-paragraph text", () => {
    const text = sentence.repeat(3);
    const opening = memberOpening(text);
    expect(opening.length).toBeLessThan(text.length);
    expect(opening).toBe(sentence);
  });

  it("counts characters, not UTF-16 units", () => {
    const text = "𠀀".repeat(200);
    expect(Array.from(memberOpening(text)).length).toBe(MEMBER_OPENING_LIMIT + 1);
  });
});
