import {
  BOOK_KEY,
  NOTE_IMAGES_MAX,
  NOTE_TEXT_MAX,
  NOTE_TEXT_MIN,
  PLEDGE_MINUTES_MAX,
} from "@tongjian/domain/books";
import { z } from "zod";

// Books, the reader, the reading challenge and book donation (issue 19 §3):
//   GET    /api/book/n/library                      书库: categories, popular books, lists
//   GET    /api/book/n/book/{key}                   a book with its table of contents
//   GET    /api/book/n/book/{key}/chapter/{n}       one chapter's text, with previous and next
//   GET    /api/book/n/lists                        the theme lists (书单)
//   GET    /api/book/n/list/{key}                   one list with its books
//   GET    /api/book/y/progress                     the reader's places in their books (login)
//   POST   /api/book/y/progress/{key}               where the reader is in a book (login)
//   POST   /api/book/y/merge                        places and bookmarks kept on the device, on login
//   GET    /api/book/y/bookmarks/{key}              the reader's bookmarks in a book (login)
//   POST   /api/book/y/bookmarks/{key}              adds one (login)
//   POST   /api/book/y/bookmark/{id}/remove         removes one (login)
//   GET    /api/readbook/n/info                     the reading challenge and the reader's part
//   POST   /api/readbook/y/join                     joins it (login)
//   POST   /api/readbook/y/note                     a reading note: text and up to 9 images (multipart)
//   POST   /api/readbook/y/address                  the postal address for the reward (login)
//   GET    /media/readbook/{file}                   a note's image
//   GET    /api/donatebooks/n/info                  donateBookData: booklist, activityInfo, mine
//   POST   /api/donatebooks/y/pledge                a pledge of a book or of reading time (login)

export const bookKey = z.string().max(40, "书目键过长").regex(BOOK_KEY, "书目键格式不正确");
export const bookParams = z.object({ key: bookKey });
export const chapterParams = z.object({
  key: bookKey,
  n: z.coerce
    .number({ error: "章节序号应为数字" })
    .int("章节序号应为整数")
    .min(1, "章节序号从 1 开始")
    .max(10_000, "章节序号过大"),
});
export const bookmarkIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/, "书签编号应为 24 位十六进制字符"),
});

export const bookCard = z.object({
  key: z.string(),
  title: z.string(),
  author: z.string(),
  period: z.string(),
  category: z.string(),
  intro: z.string(),
  chapterCount: z.number().int(),
  readCount: z.number().int(),
  /** The work entry (/detail/{id}) of the book, when there is one. */
  workId: z.string().nullable(),
});
export type BookCard = z.infer<typeof bookCard>;

export const tocItem = z.object({
  position: z.number().int(),
  title: z.string(),
  chars: z.number().int(),
});
export type TocItem = z.infer<typeof tocItem>;

export const bookListCard = z.object({
  key: z.string(),
  title: z.string(),
  theme: z.string(),
  blurb: z.string(),
  bookCount: z.number().int(),
  /** The first titles, for the card. */
  titles: z.array(z.string()),
});
export type BookListCard = z.infer<typeof bookListCard>;

export const bookDetail = z.object({
  book: bookCard,
  toc: z.array(tocItem),
  /** The lists the book is on. */
  lists: z.array(bookListCard),
});
export type BookDetail = z.infer<typeof bookDetail>;

export const chapterView = z.object({
  book: bookCard,
  position: z.number().int(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  /** The imported classic entry of the chapter (/detail/{id}), when there is one. */
  entryId: z.string().nullable(),
  total: z.number().int(),
  prev: tocItem.nullable(),
  next: tocItem.nullable(),
});
export type ChapterView = z.infer<typeof chapterView>;

export const bookLibrary = z.object({
  categories: z.array(z.object({ name: z.string(), books: z.array(bookCard) })),
  popular: z.array(bookCard),
  lists: z.array(bookListCard),
});
export type BookLibrary = z.infer<typeof bookLibrary>;

export const bookListDetail = z.object({ list: bookListCard, books: z.array(bookCard) });
export type BookListDetail = z.infer<typeof bookListDetail>;

const offset = z
  .number({ error: "阅读位置应为数字" })
  .min(0, "阅读位置在 0 到 1 之间")
  .max(1, "阅读位置在 0 到 1 之间");
const position = z
  .number({ error: "章节序号应为数字" })
  .int("章节序号应为整数")
  .min(1, "章节序号从 1 开始")
  .max(10_000, "章节序号过大");

export const progressBody = z.object({ position, offset });
export const readingProgress = z.object({
  book: z.string(),
  position: z.number().int(),
  offset: z.number(),
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgress>;

export const progressItem = readingProgress.extend({
  title: z.string(),
  chapterTitle: z.string(),
  total: z.number().int(),
});
export type ProgressItem = z.infer<typeof progressItem>;

export const bookmarkBody = z.object({
  position,
  offset,
  excerpt: z.string().trim().min(1, "书签需要一段摘录").max(60, "摘录不超过 60 个字"),
});
export const bookmark = z.object({
  id: z.string(),
  book: z.string(),
  position: z.number().int(),
  chapterTitle: z.string(),
  offset: z.number(),
  excerpt: z.string(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmark>;

export const mergeBody = z.object({
  progress: z
    .array(
      z.object({
        book: bookKey,
        position,
        offset,
        updatedAt: z.iso.datetime({ error: "时间格式不正确" }),
      }),
    )
    .max(200, "一次最多合并 200 本书的进度"),
  bookmarks: z.array(bookmarkBody.extend({ book: bookKey })).max(500, "一次最多合并 500 个书签"),
});
export const mergeResult = z.object({ progress: z.number().int(), bookmarks: z.number().int() });

export const removed = z.object({ removed: z.boolean() });

// --- The reading challenge (/readbook) ---

export const noteText = z
  .string()
  .trim()
  .min(NOTE_TEXT_MIN, `读书笔记至少 ${NOTE_TEXT_MIN} 个字`)
  .max(NOTE_TEXT_MAX, `读书笔记不超过 ${NOTE_TEXT_MAX} 个字`);

export const noteImage = z.object({ url: z.string(), thumbUrl: z.string() });
export const readingNote = z.object({
  id: z.string(),
  text: z.string(),
  book: bookCard.nullable(),
  images: z.array(noteImage).max(NOTE_IMAGES_MAX),
  createdAt: z.string(),
});
export type ReadingNote = z.infer<typeof readingNote>;

const addressField = (max: number) =>
  z.string({ error: "请填写完整地址" }).trim().max(max, `不超过 ${max} 个字`);
export const addressBody = z.object({
  name: addressField(20),
  mobile: z.string({ error: "请填写手机号码" }).trim(),
  province: addressField(20),
  city: addressField(20),
  district: addressField(20),
  detail: addressField(120),
  postcode: z.string().trim().optional(),
});
export const postalAddress = z.object({
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  postcode: z.string().optional(),
});
export type PostalAddressView = z.infer<typeof postalAddress>;

export const challengeInfo = z.object({
  title: z.string(),
  intro: z.string(),
  reward: z.string(),
  books: z.array(bookCard),
  /** Readers who joined, and notes they uploaded, in all. */
  joinedCount: z.number().int(),
  noteCount: z.number().int(),
  signedIn: z.boolean(),
  joined: z.boolean(),
  joinedAt: z.string().nullable(),
  notes: z.array(readingNote),
  address: postalAddress.nullable(),
});
export type ChallengeInfo = z.infer<typeof challengeInfo>;

// --- Book donation (/donatebooks; spec §3 donateBookData: booklist, activityInfo) ---

export const pledgeBody = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("book"), book: bookKey }),
    z.object({
      kind: z.literal("time"),
      minutes: z
        .number({ error: "请填写读书时长" })
        .int("读书时长按整分钟计")
        .min(10, "读书时长至少 10 分钟")
        .max(PLEDGE_MINUTES_MAX, `一次最多认领 ${PLEDGE_MINUTES_MAX} 分钟`),
    }),
  ],
  { error: "认捐类型只能是 book（捐一本书）或 time（认领读书时长）" },
);

export const donationSchool = z.object({
  key: z.string(),
  name: z.string(),
  region: z.string(),
  note: z.string(),
});
export const wantedBook = z.object({
  book: bookCard,
  school: donationSchool,
  count: z.number().int(),
  pledged: z.number().int(),
});
export const donateBookData = z.object({
  activityInfo: z.object({
    title: z.string(),
    intro: z.string(),
    goalBooks: z.number().int(),
    goalMinutes: z.number().int(),
    pledgedBooks: z.number().int(),
    pledgedMinutes: z.number().int(),
    readers: z.number().int(),
    schools: z.array(donationSchool),
  }),
  booklist: z.array(wantedBook),
  signedIn: z.boolean(),
  /** The reader's own pledges; null when not signed in. */
  mine: z
    .object({
      books: z.number().int(),
      minutes: z.number().int(),
      titles: z.array(z.string()),
    })
    .nullable(),
});
export type DonateBookData = z.infer<typeof donateBookData>;
