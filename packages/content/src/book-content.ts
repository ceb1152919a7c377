import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import { BOOK_KEY, chineseNumber } from "@tongjian/domain/books";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { contentId } from "./load-content.ts";
import { classicKey } from "./poetry-entries.ts";
import { CLASSIC_SOURCES, defaultPoetryDir } from "./poetry-sources.ts";
import { cleanParagraphs, normalizeName, standardForms, toSimplified } from "./poetry-text.ts";

/**
 * Books, theme lists, the reading challenge and the donation activity (content/books.yaml,
 * docs/content-format.md "Books"). A book with a `source` gets its chapters from the
 * chinese-poetry package at seeding; the others are catalogue records that link to their work
 * entry.
 */

const key = z.string().regex(BOOK_KEY, "key 须为小写字母与数字，可用 - 连接");

/** The package texts a book can take its chapters from. */
export const BOOK_SOURCES = [
  "lunyu",
  "mengzi",
  "daxue",
  "zhongyong",
  "shijing",
  "sanzijing",
  "qianziwen",
  "baijiaxing",
  "dizigui",
] as const;
export type BookSource = (typeof BOOK_SOURCES)[number];

export const BOOK_CATEGORIES = ["经部", "史部", "子部", "集部", "蒙学", "小说"] as const;

const bookSchema = z.strictObject({
  key,
  title: z.string().min(1).max(30),
  work: z.string().optional(),
  author: z.string().min(1).max(30),
  period: z.string().min(1).max(20),
  category: z.enum(BOOK_CATEGORIES),
  source: z.enum(BOOK_SOURCES).optional(),
  intro: z.string().min(10).max(200),
});

const listSchema = z.strictObject({
  key,
  title: z.string().min(1).max(30),
  theme: z.string().min(1).max(8),
  blurb: z.string().min(10).max(200),
  books: z.array(key).min(2),
});

const challengeSchema = z.strictObject({
  title: z.string().min(1),
  intro: z.string().min(10),
  books: z.array(key).min(1),
  reward: z.string().min(1),
});

const donationSchema = z.strictObject({
  title: z.string().min(1),
  intro: z.string().min(10),
  goalBooks: z.number().int().positive(),
  goalMinutes: z.number().int().positive(),
  schools: z
    .array(
      z.strictObject({
        key,
        name: z.string().startsWith("示例·", "合作学校均为示例，名称须以“示例·”开头"),
        region: z.string().min(1),
        note: z.string().min(1),
      }),
    )
    .min(1),
  wanted: z
    .array(z.strictObject({ book: key, school: key, count: z.number().int().positive() }))
    .min(1),
});

export const booksFileSchema = z
  .strictObject({
    books: z.array(bookSchema).min(1),
    lists: z.array(listSchema),
    challenge: challengeSchema,
    donation: donationSchema,
  })
  .superRefine((file, ctx) => {
    const keys = new Set<string>();
    for (const book of file.books) {
      if (keys.has(book.key)) ctx.addIssue({ code: "custom", message: `书目键重复：${book.key}` });
      keys.add(book.key);
    }
    const known = (k: string, where: string) => {
      if (!keys.has(k))
        ctx.addIssue({ code: "custom", message: `${where} 引用了不存在的书：${k}` });
    };
    const lists = new Set<string>();
    for (const list of file.lists) {
      if (lists.has(list.key)) ctx.addIssue({ code: "custom", message: `书单键重复：${list.key}` });
      lists.add(list.key);
      for (const b of list.books) known(b, `书单 ${list.key}`);
    }
    for (const b of file.challenge.books) known(b, "读书挑战");
    const schools = new Set(file.donation.schools.map((s) => s.key));
    for (const w of file.donation.wanted) {
      known(w.book, "捐书书单");
      if (!schools.has(w.school))
        ctx.addIssue({ code: "custom", message: `捐书书单引用了不存在的学校：${w.school}` });
    }
  });

export type BooksFile = z.infer<typeof booksFileSchema>;
export type BookRecord = BooksFile["books"][number];

/** content/books.yaml, validated; null when the content folder has none. */
export function loadBooks(contentDir: string): BooksFile | null {
  const file = join(contentDir, "books.yaml");
  if (!existsSync(file)) return null;
  const parsed = booksFileSchema.safeParse(parseYaml(readFileSync(file, "utf8")));
  if (!parsed.success)
    throw new Error(
      `content/books.yaml 有误：\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  return parsed.data;
}

export interface BookChapterText {
  title: string;
  paragraphs: string[];
  /** The imported classic entry of the chapter, if the importer makes one. */
  entryId: string | null;
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

const simplified = (line: string) => standardForms(toSimplified(line));
const records = (value: unknown) =>
  (Array.isArray(value) ? value : value ? [value] : []).filter(
    (v): v is Record<string, unknown> => !!v && typeof v === "object",
  );

/** A long single text cut into sections of about `size` lines, each named by its number. */
function sections(lines: string[], size: number): BookChapterText[] {
  const out: BookChapterText[] = [];
  for (let i = 0; i < lines.length; i += size) {
    const part = lines.slice(i, i + size);
    out.push({ title: `第${chineseNumber(out.length + 1)}节`, paragraphs: part, entryId: null });
  }
  return out;
}

/** The chapters of a book's source in the package folder `dir`, in the book's order. */
export function readBookChapters(source: BookSource, dir: string): BookChapterText[] {
  const classic = CLASSIC_SOURCES.find((s) => s.slug === source);
  if (classic) {
    return classic
      .read(dir)
      .map((raw) => {
        const chapter = normalizeName(toSimplified(raw.chapter)).replace(/篇$/, "") || classic.book;
        return {
          title: chapter,
          paragraphs: cleanParagraphs(raw.paragraphs).map(simplified),
          entryId: contentId("classic", classicKey(classic, chapter)),
        };
      })
      .filter((c) => c.paragraphs.length > 0);
  }
  switch (source) {
    case "shijing":
      return records(readJson(join(dir, "shijing/shijing.json")))
        .map((r) => {
          const title = simplified(String(r.title ?? ""));
          const section = simplified(String(r.section ?? r.chapter ?? ""));
          return {
            title: section ? `${section}·${title}` : title,
            paragraphs: cleanParagraphs(r.content as unknown[]).map(simplified),
            entryId: null,
          };
        })
        .filter((c) => c.title && c.paragraphs.length > 0);
    case "sanzijing":
    case "baijiaxing": {
      const file = source === "sanzijing" ? "sanzijing-new.json" : "baijiaxing.json";
      const [r] = records(readJson(join(dir, "mengxue", file)));
      const lines = cleanParagraphs(r?.paragraphs as unknown[]).map(simplified);
      return sections(lines, source === "sanzijing" ? 24 : 18);
    }
    case "qianziwen": {
      const [r] = records(readJson(join(dir, "mengxue/qianziwen.json")));
      const phrases = cleanParagraphs(r?.paragraphs as unknown[]).map(simplified);
      // Four-character phrases, two to a line: "天地玄黄，宇宙洪荒。"
      const lines: string[] = [];
      for (let i = 0; i < phrases.length; i += 2)
        lines.push(`${phrases[i]}${phrases[i + 1] ? `，${phrases[i + 1]}` : ""}。`);
      return sections(lines, 25);
    }
    case "dizigui": {
      const [r] = records(readJson(join(dir, "mengxue/dizigui.json")));
      return records(r?.content)
        .map((c) => ({
          title: simplified(String(c.chapter ?? "")),
          // "弟子规 圣人训 首孝弟 次谨信" → "弟子规，圣人训，首孝弟，次谨信。"
          paragraphs: cleanParagraphs(c.paragraphs as unknown[]).map(
            (line) => `${simplified(line).split(/\s+/).join("，")}。`,
          ),
          entryId: null,
        }))
        .filter((c) => c.title && c.paragraphs.length > 0);
    }
    default:
      return [];
  }
}

export interface BookSeedSummary {
  books: number;
  chapters: number;
  lists: number;
}

/**
 * Writes the books, their chapters, the lists and the two activities, replacing what content
 * wrote before; what readers did (progress, bookmarks, notes, pledges) is kept. The chapters
 * come from the package folder `poetryDir` (the installed package by default).
 */
export async function seedBooks(
  handle: DatabaseHandle,
  file: BooksFile,
  options: { poetryDir?: string | undefined; now?: Date } = {},
): Promise<BookSeedSummary> {
  const dir = options.poetryDir ?? defaultPoetryDir();
  const stamp = (options.now ?? new Date()).toISOString();
  const chaptersOf = new Map<string, BookChapterText[]>();
  for (const book of file.books)
    chaptersOf.set(book.key, book.source ? readBookChapters(book.source, dir) : []);
  const entryIds = [
    ...new Set([
      ...[...chaptersOf.values()].flat().flatMap((c) => (c.entryId ? [c.entryId] : [])),
      ...file.books.flatMap((b) => (b.work ? [contentId("work", b.work)] : [])),
    ]),
  ];
  const existing = new Set<string>();
  for (let i = 0; i < entryIds.length; i += 500) {
    const rows = await handle.db
      .selectFrom("entry")
      .select("id")
      .where("id", "in", entryIds.slice(i, i + 500))
      .execute();
    for (const r of rows) existing.add(r.id);
  }
  let chapters = 0;
  await handle.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("book_chapter").execute();
    await trx.deleteFrom("book").execute();
    await trx.deleteFrom("book_list").execute();
    await trx.deleteFrom("book_activity").execute();
    for (const [index, book] of file.books.entries()) {
      const list = chaptersOf.get(book.key) ?? [];
      const workId = book.work ? contentId("work", book.work) : null;
      await trx
        .insertInto("book")
        .values({
          key: book.key,
          title: book.title,
          data: JSON.stringify({
            author: book.author,
            period: book.period,
            category: book.category,
            intro: book.intro,
            workId: workId && existing.has(workId) ? workId : null,
            source: book.source ?? null,
          }),
          chapter_count: list.length,
          sort_key: index,
          updated_at: stamp,
        })
        .execute();
      const rows = list.map((c, i) => ({
        book_key: book.key,
        position: i + 1,
        title: c.title,
        paragraphs: JSON.stringify(c.paragraphs),
        chars: c.paragraphs.reduce((n, p) => n + [...p].length, 0),
        entry_id: c.entryId && existing.has(c.entryId) ? c.entryId : null,
      }));
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto("book_chapter")
          .values(rows.slice(i, i + 100))
          .execute();
      chapters += rows.length;
    }
    for (const [index, list] of file.lists.entries())
      await trx
        .insertInto("book_list")
        .values({
          key: list.key,
          title: list.title,
          data: JSON.stringify({ theme: list.theme, blurb: list.blurb, books: list.books }),
          sort_key: index,
          updated_at: stamp,
        })
        .execute();
    await trx
      .insertInto("book_activity")
      .values([
        { key: "challenge", data: JSON.stringify(file.challenge), updated_at: stamp },
        { key: "donation", data: JSON.stringify(file.donation), updated_at: stamp },
      ])
      .execute();
  });
  await bumpContentVersion(handle.db, options.now);
  return { books: file.books.length, chapters, lists: file.lists.length };
}
