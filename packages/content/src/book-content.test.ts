import { describe, expect, it } from "vitest";
import { booksFileSchema, loadBooks, readBookChapters } from "./book-content.ts";

const FIXTURE = "tests/fixtures/chinese-poetry";

describe("content/books.yaml", () => {
  const file = loadBooks("content");
  if (!file) throw new Error("content/books.yaml missing");

  it("has the classics with chapters, the catalogue books, lists and the two activities", () => {
    const readable = file.books.filter((b) => b.source).map((b) => b.title);
    expect(readable).toEqual(
      expect.arrayContaining([
        "论语",
        "孟子",
        "大学",
        "中庸",
        "诗经",
        "三字经",
        "千字文",
        "百家姓",
      ]),
    );
    const titles = file.books.map((b) => b.title);
    expect(titles).toEqual(expect.arrayContaining(["史记", "资治通鉴", "红楼梦"]));
    expect(file.lists.length).toBeGreaterThanOrEqual(8);
    expect(new Set(file.lists.map((l) => l.blurb)).size).toBe(file.lists.length);
    expect(file.donation.schools.every((s) => s.name.startsWith("示例·"))).toBe(true);
  });

  it("refuses a list that names a book that is not there, and a repeated key", () => {
    const bad = {
      ...file,
      books: [...file.books, file.books[0]],
      lists: [{ ...file.lists[0], books: ["lunyu", "nosuchbook"] }],
    };
    const parsed = booksFileSchema.safeParse(bad);
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain("书目键重复：lunyu");
    expect(messages.some((m) => m.includes("不存在的书：nosuchbook"))).toBe(true);
  });
});

describe("chapters from the poetry package", () => {
  it("reads 论语 chapter by chapter in simplified characters, naming the classic entries", () => {
    const chapters = readBookChapters("lunyu", FIXTURE);
    expect(chapters.map((c) => c.title)).toEqual(["学而", "为政"]);
    expect(chapters[0]?.paragraphs[0]).toMatch(/^子曰：“学而时习之/);
    expect(chapters[0]?.entryId).toMatch(/^[0-9a-f]{24}$/);
  });

  it("reads 诗经 a poem per chapter, named by its section", () => {
    const chapters = readBookChapters("shijing", FIXTURE);
    expect(chapters[0]?.title).toBe("周南·关雎");
    expect(chapters[0]?.paragraphs[0]).toBe("关关雎鸠，在河之洲。窈窕淑女，君子好逑。");
  });

  it("gives nothing for a text the folder does not have", () => {
    expect(readBookChapters("qianziwen", FIXTURE)).toEqual([]);
  });
});
