import { describe, expect, it } from "vitest";
import { noteHtml } from "./entry-note-html.ts";
import {
  NOTE_MAX_CHARS,
  normalizeNoteText,
  noteLength,
  noteTextProblem,
  readNoteSort,
} from "./entry-notes.ts";

describe("entry notes", () => {
  it("keeps the text but unifies line endings, drops control and bidi characters", () => {
    expect(normalizeNoteText("  司马迁\r\n\r\n\r\n\r\n写史记\u202e\u0007  ")).toBe(
      "司马迁\n\n写史记",
    );
  });

  it("counts characters as a reader does and refuses empty or long notes", () => {
    expect(noteLength("汉武帝😀")).toBe(4);
    expect(noteTextProblem("")).toBe("写点什么再发布吧");
    expect(noteTextProblem("史".repeat(NOTE_MAX_CHARS))).toBeNull();
    expect(noteTextProblem("史".repeat(NOTE_MAX_CHARS + 1))).toBe("短评至多 200 字，当前 201 字");
  });

  it("escapes markup and scripts: a note shows them as text", () => {
    const html = noteHtml('<script>alert(1)</script><img src=x onerror="alert(2)"><b>粗</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("links topics and web addresses, and nothing else", () => {
    const html = noteHtml("读#史记#，见 https://example.cn/a?b=1&c=2。javascript:alert(1)");
    expect(html).toContain('<a class="topic-link" href="/search?q=%E5%8F%B2%E8%AE%B0">#史记#</a>');
    expect(html).toContain(
      '<a class="tj-note-link" href="https://example.cn/a?b=1&amp;c=2">https://example.cn/a?b=1&amp;c=2</a>。',
    );
    expect(html).toContain("javascript:alert(1)");
    expect(html).not.toContain('href="javascript');
    expect(noteHtml("见 https://example.cn/x).")).toContain('href="https://example.cn/x"');
  });

  it("reads the sort of /words", () => {
    expect(readNoteSort("liked")).toBe("liked");
    expect(readNoteSort("hot")).toBe("new");
  });
});
