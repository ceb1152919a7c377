import type {
  BookCard,
  BookDetail,
  BookLibrary,
  BookListCard,
  BookListDetail,
  Bookmark,
  ChallengeInfo,
  ChapterView,
  DonateBookData,
  PostalAddressView,
  ProgressItem,
  ReadingNote,
  ReadingProgress,
  TocItem,
} from "@tongjian/contracts/books";
import type { Database } from "@tongjian/db/database-schema";
import {
  addressProblems,
  BOOKMARKS_PER_BOOK_MAX,
  clampOffset,
  isBookKey,
  NOTE_IMAGES_MAX,
  NOTE_TEXT_MAX,
  NOTE_TEXT_MIN,
  type PostalAddress,
} from "@tongjian/domain/books";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { requireUser } from "../accounts/require-login.ts";
import { checkImage } from "../community/image-check.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { ObjectStorage } from "../storage/object-storage.ts";

export const BOOK_NOT_FOUND = "这本书不存在";
export const CHAPTER_NOT_FOUND = "这一章不存在";
export const LIST_NOT_FOUND = "这个书单不存在";
export const READBOOK_MEDIA_PREFIX = "/media/readbook/";
const STORAGE_PREFIX = "readbook/";

interface BookData {
  author: string;
  period: string;
  category: string;
  intro: string;
  workId: string | null;
}

interface ListData {
  theme: string;
  blurb: string;
  books: string[];
}

interface ChallengeData {
  title: string;
  intro: string;
  reward: string;
  books: string[];
}

interface DonationData {
  title: string;
  intro: string;
  goalBooks: number;
  goalMinutes: number;
  schools: { key: string; name: string; region: string; note: string }[];
  wanted: { book: string; school: string; count: number }[];
}

interface BookRow {
  key: string;
  title: string;
  data: string;
  chapter_count: number;
  read_count: number;
  sort_key: number;
}

function toCard(row: BookRow): BookCard {
  const data = parseJson<BookData>(row.data, {
    author: "",
    period: "",
    category: "",
    intro: "",
    workId: null,
  });
  return {
    key: row.key,
    title: row.title,
    author: data.author,
    period: data.period,
    category: data.category,
    intro: data.intro,
    chapterCount: row.chapter_count,
    readCount: row.read_count,
    workId: data.workId,
  };
}

const listCard = (
  row: { key: string; title: string; data: string },
  titles: Map<string, string>,
): BookListCard => {
  const data = parseJson<ListData>(row.data, { theme: "", blurb: "", books: [] });
  const books = data.books.filter((k) => titles.has(k));
  return {
    key: row.key,
    title: row.title,
    theme: data.theme,
    blurb: data.blurb,
    bookCount: books.length,
    titles: books.slice(0, 4).map((k) => titles.get(k) ?? k),
  };
};

/** An uploaded note image, checked and re-encoded, not yet stored. */
export interface NoteUpload {
  data: Buffer;
}

/**
 * Books and the reader, the reading challenge and book donation (issue 19 §3). Reading places
 * and bookmarks of signed-in readers are kept here; readers who are not signed in keep them on
 * their device and hand them over with `merge` when they sign in.
 */
export function createBookService(deps: {
  db: Kysely<Database>;
  storage: ObjectStorage;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = () => (deps.now ?? (() => new Date()))();

  async function allBooks(): Promise<BookRow[]> {
    return db
      .selectFrom("book")
      .select(["key", "title", "data", "chapter_count", "read_count", "sort_key"])
      .orderBy("sort_key")
      .execute();
  }

  async function bookRow(key: string): Promise<BookRow> {
    if (!isBookKey(key)) throw new NotFoundError(BOOK_NOT_FOUND);
    const row = await db
      .selectFrom("book")
      .select(["key", "title", "data", "chapter_count", "read_count", "sort_key"])
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(BOOK_NOT_FOUND);
    return row;
  }

  async function toc(key: string): Promise<TocItem[]> {
    return db
      .selectFrom("book_chapter")
      .select(["position", "title", "chars"])
      .where("book_key", "=", key)
      .orderBy("position")
      .execute();
  }

  async function lists() {
    return db
      .selectFrom("book_list")
      .select(["key", "title", "data"])
      .orderBy("sort_key")
      .execute();
  }

  async function titles(): Promise<Map<string, string>> {
    return new Map((await allBooks()).map((b) => [b.key, b.title]));
  }

  async function activity<T>(key: "challenge" | "donation"): Promise<T> {
    const row = await db
      .selectFrom("book_activity")
      .select("data")
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("活动尚未开始");
    return parseJson<T>(row.data, {} as T);
  }

  /** The titles of the chapters of the given books, by `book#position`. */
  async function chapterTitles(keys: { book: string; position: number }[]) {
    if (keys.length === 0) return new Map<string, string>();
    const rows = await db
      .selectFrom("book_chapter")
      .select(["book_key", "position", "title"])
      .where("book_key", "in", [...new Set(keys.map((k) => k.book))])
      .execute();
    return new Map(rows.map((r) => [`${r.book_key}#${r.position}`, r.title]));
  }

  const mediaUrl = (key: string) => `${READBOOK_MEDIA_PREFIX}${key.slice(STORAGE_PREFIX.length)}`;
  function imageUrls(stored: { key: string; thumbKey: string }) {
    return { url: mediaUrl(stored.key), thumbUrl: mediaUrl(stored.thumbKey) };
  }

  async function savePosition(owner: string, book: string, position: number, offset: number) {
    const at = now().toISOString();
    await db
      .insertInto("reading_progress")
      .values({ owner_id: owner, book_key: book, position, offset, updated_at: at })
      .onConflict((oc) =>
        oc.columns(["owner_id", "book_key"]).doUpdateSet({ position, offset, updated_at: at }),
      )
      .execute();
    return at;
  }

  async function checkPlace(book: string, position: number) {
    const row = await bookRow(book);
    if (position > row.chapter_count)
      throw new BadRequestError(`这本书只有 ${row.chapter_count} 章`);
    return row;
  }

  const service = {
    /** 书库: books by category, the most read, and the lists. */
    async library(): Promise<BookLibrary> {
      const books = await allBooks();
      const cards = books.map(toCard);
      const categories = new Map<string, BookCard[]>();
      for (const card of cards) {
        const list = categories.get(card.category) ?? [];
        list.push(card);
        categories.set(card.category, list);
      }
      const names = new Map(books.map((b) => [b.key, b.title]));
      const popular = [...cards]
        .filter((c) => c.chapterCount > 0)
        .sort((a, b) => b.readCount - a.readCount)
        .slice(0, 6);
      return {
        categories: [...categories].map(([name, list]) => ({ name, books: list })),
        popular,
        lists: (await lists()).map((l) => listCard(l, names)),
      };
    },

    async book(key: string): Promise<BookDetail> {
      const row = await bookRow(key);
      const names = await titles();
      const onLists = (await lists()).filter((l) =>
        parseJson<ListData>(l.data, { theme: "", blurb: "", books: [] }).books.includes(key),
      );
      return {
        book: toCard(row),
        toc: await toc(key),
        lists: onLists.map((l) => listCard(l, names)),
      };
    },

    /** One chapter; counts a reading of the book. */
    async chapter(key: string, position: number): Promise<ChapterView> {
      const row = await bookRow(key);
      if (!Number.isInteger(position) || position < 1) throw new NotFoundError(CHAPTER_NOT_FOUND);
      const chapter = await db
        .selectFrom("book_chapter")
        .selectAll()
        .where("book_key", "=", key)
        .where("position", "=", position)
        .executeTakeFirst();
      if (!chapter) throw new NotFoundError(CHAPTER_NOT_FOUND);
      const near = await db
        .selectFrom("book_chapter")
        .select(["position", "title", "chars"])
        .where("book_key", "=", key)
        .where("position", "in", [position - 1, position + 1])
        .execute();
      await db
        .updateTable("book")
        .set((eb) => ({ read_count: eb("read_count", "+", 1) }))
        .where("key", "=", key)
        .execute();
      return {
        book: toCard(row),
        position,
        title: chapter.title,
        paragraphs: parseJson<string[]>(chapter.paragraphs, []),
        entryId: chapter.entry_id,
        total: row.chapter_count,
        prev: near.find((c) => c.position === position - 1) ?? null,
        next: near.find((c) => c.position === position + 1) ?? null,
      };
    },

    async lists(): Promise<BookListCard[]> {
      const names = await titles();
      return (await lists()).map((l) => listCard(l, names));
    },

    async list(key: string): Promise<BookListDetail> {
      if (!isBookKey(key)) throw new NotFoundError(LIST_NOT_FOUND);
      const row = await db
        .selectFrom("book_list")
        .select(["key", "title", "data"])
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(LIST_NOT_FOUND);
      const books = await allBooks();
      const byKey = new Map(books.map((b) => [b.key, b]));
      const data = parseJson<ListData>(row.data, { theme: "", blurb: "", books: [] });
      return {
        list: listCard(row, new Map(books.map((b) => [b.key, b.title]))),
        books: data.books.flatMap((k) => {
          const b = byKey.get(k);
          return b ? [toCard(b)] : [];
        }),
      };
    },

    // --- A signed-in reader's places and bookmarks ---

    async progressList(viewer: Viewer): Promise<ProgressItem[]> {
      const user = requireUser(viewer, "请先登录，登录后阅读进度保存在账号中");
      const rows = await db
        .selectFrom("reading_progress")
        .innerJoin("book", "book.key", "reading_progress.book_key")
        .select([
          "reading_progress.book_key as book",
          "reading_progress.position",
          "reading_progress.offset",
          "reading_progress.updated_at",
          "book.title",
          "book.chapter_count",
        ])
        .where("reading_progress.owner_id", "=", user.userId)
        .orderBy("reading_progress.updated_at", "desc")
        .limit(50)
        .execute();
      const chapters = await chapterTitles(rows);
      return rows.map((r) => ({
        book: r.book,
        position: r.position,
        offset: r.offset,
        updatedAt: r.updated_at,
        title: r.title,
        chapterTitle: chapters.get(`${r.book}#${r.position}`) ?? "",
        total: r.chapter_count,
      }));
    },

    async progress(viewer: Viewer, book: string): Promise<ReadingProgress | null> {
      const user = requireUser(viewer);
      const row = await db
        .selectFrom("reading_progress")
        .selectAll()
        .where("owner_id", "=", user.userId)
        .where("book_key", "=", book)
        .executeTakeFirst();
      return row
        ? { book, position: row.position, offset: row.offset, updatedAt: row.updated_at }
        : null;
    },

    async saveProgress(
      viewer: Viewer,
      book: string,
      place: { position: number; offset: number },
    ): Promise<ReadingProgress> {
      const user = requireUser(viewer, "请先登录，登录后阅读进度保存在账号中");
      await checkPlace(book, place.position);
      const offset = clampOffset(place.offset);
      const at = await savePosition(user.userId, book, place.position, offset);
      return { book, position: place.position, offset, updatedAt: at };
    },

    async bookmarks(viewer: Viewer, book: string): Promise<Bookmark[]> {
      const user = requireUser(viewer, "请先登录，登录后书签保存在账号中");
      await bookRow(book);
      const rows = await db
        .selectFrom("book_bookmark")
        .leftJoin("book_chapter", (join) =>
          join
            .onRef("book_chapter.book_key", "=", "book_bookmark.book_key")
            .onRef("book_chapter.position", "=", "book_bookmark.position"),
        )
        .select([
          "book_bookmark.id",
          "book_bookmark.book_key",
          "book_bookmark.position",
          "book_bookmark.offset",
          "book_bookmark.excerpt",
          "book_bookmark.created_at",
          "book_chapter.title",
        ])
        .where("book_bookmark.owner_id", "=", user.userId)
        .where("book_bookmark.book_key", "=", book)
        .orderBy("book_bookmark.position")
        .orderBy("book_bookmark.offset")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        book: r.book_key,
        position: r.position,
        chapterTitle: r.title ?? "",
        offset: r.offset,
        excerpt: r.excerpt,
        createdAt: r.created_at,
      }));
    },

    async addBookmark(
      viewer: Viewer,
      book: string,
      mark: { position: number; offset: number; excerpt: string },
    ): Promise<Bookmark> {
      const user = requireUser(viewer, "请先登录，登录后书签保存在账号中");
      await checkPlace(book, mark.position);
      const count = await db
        .selectFrom("book_bookmark")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("owner_id", "=", user.userId)
        .where("book_key", "=", book)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= BOOKMARKS_PER_BOOK_MAX)
        throw new ServiceError(409, `一本书最多保存 ${BOOKMARKS_PER_BOOK_MAX} 个书签`);
      const row = {
        id: newId(),
        owner_id: user.userId,
        book_key: book,
        position: mark.position,
        offset: clampOffset(mark.offset),
        excerpt: mark.excerpt.trim().slice(0, 60),
        created_at: now().toISOString(),
      };
      await db.insertInto("book_bookmark").values(row).execute();
      const chapter = await db
        .selectFrom("book_chapter")
        .select("title")
        .where("book_key", "=", book)
        .where("position", "=", mark.position)
        .executeTakeFirst();
      return {
        id: row.id,
        book,
        position: row.position,
        chapterTitle: chapter?.title ?? "",
        offset: row.offset,
        excerpt: row.excerpt,
        createdAt: row.created_at,
      };
    },

    async removeBookmark(viewer: Viewer, id: string): Promise<{ removed: boolean }> {
      const user = requireUser(viewer);
      const result = await db
        .deleteFrom("book_bookmark")
        .where("id", "=", id)
        .where("owner_id", "=", user.userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new NotFoundError("书签不存在或已删除");
      return { removed: true };
    },

    /**
     * On sign-in: the places and bookmarks the device kept. A place newer than the account's
     * wins; a bookmark the account already has at the same place is not added twice. Books or
     * chapters that do not exist are skipped.
     */
    async merge(
      viewer: Viewer,
      request: {
        progress: { book: string; position: number; offset: number; updatedAt: string }[];
        bookmarks: { book: string; position: number; offset: number; excerpt: string }[];
      },
    ): Promise<{ progress: number; bookmarks: number }> {
      const user = requireUser(viewer);
      const books = new Map((await allBooks()).map((b) => [b.key, b.chapter_count]));
      const valid = (book: string, position: number) =>
        position >= 1 && position <= (books.get(book) ?? 0);
      let progress = 0;
      for (const p of request.progress) {
        if (!valid(p.book, p.position)) continue;
        const current = await db
          .selectFrom("reading_progress")
          .select("updated_at")
          .where("owner_id", "=", user.userId)
          .where("book_key", "=", p.book)
          .executeTakeFirst();
        if (current && current.updated_at >= p.updatedAt) continue;
        await savePosition(user.userId, p.book, p.position, clampOffset(p.offset));
        progress++;
      }
      let bookmarks = 0;
      for (const b of request.bookmarks) {
        if (!valid(b.book, b.position)) continue;
        const offset = clampOffset(b.offset);
        const same = await db
          .selectFrom("book_bookmark")
          .select("id")
          .where("owner_id", "=", user.userId)
          .where("book_key", "=", b.book)
          .where("position", "=", b.position)
          .where("offset", "=", offset)
          .executeTakeFirst();
        if (same) continue;
        await db
          .insertInto("book_bookmark")
          .values({
            id: newId(),
            owner_id: user.userId,
            book_key: b.book,
            position: b.position,
            offset,
            excerpt: b.excerpt.trim().slice(0, 60),
            created_at: now().toISOString(),
          })
          .execute();
        bookmarks++;
      }
      return { progress, bookmarks };
    },

    // --- The reading challenge (/readbook) ---

    async challenge(viewer: Viewer): Promise<ChallengeInfo> {
      const data = await activity<ChallengeData>("challenge");
      const books = new Map((await allBooks()).map((b) => [b.key, b]));
      const [joined, notes] = await Promise.all([
        db
          .selectFrom("reading_challenge")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("reading_note")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      const base = {
        title: data.title,
        intro: data.intro,
        reward: data.reward,
        books: data.books.flatMap((k) => {
          const b = books.get(k);
          return b ? [toCard(b)] : [];
        }),
        joinedCount: Number(joined.n),
        noteCount: Number(notes.n),
      };
      if (viewer.kind !== "user")
        return {
          ...base,
          signedIn: false,
          joined: false,
          joinedAt: null,
          notes: [],
          address: null,
        };
      const mine = await db
        .selectFrom("reading_challenge")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .executeTakeFirst();
      const myNotes = await db
        .selectFrom("reading_note")
        .selectAll()
        .where("owner_id", "=", viewer.userId)
        .orderBy("created_at", "desc")
        .limit(50)
        .execute();
      return {
        ...base,
        signedIn: true,
        joined: !!mine,
        joinedAt: mine?.joined_at ?? null,
        notes: myNotes.map(
          (n): ReadingNote => ({
            id: n.id,
            text: n.text,
            book:
              n.book_key && books.get(n.book_key) ? toCard(books.get(n.book_key) as BookRow) : null,
            images: parseJson<{ key: string; thumbKey: string }[]>(n.images, []).map(imageUrls),
            createdAt: n.created_at,
          }),
        ),
        address: mine?.address ? parseJson<PostalAddressView | null>(mine.address, null) : null,
      };
    },

    async join(viewer: Viewer): Promise<ChallengeInfo> {
      const user = requireUser(viewer, "请先登录后再报名读书挑战");
      await activity<ChallengeData>("challenge");
      await db
        .insertInto("reading_challenge")
        .values({
          owner_id: user.userId,
          joined_at: now().toISOString(),
          address: null,
          address_at: null,
        })
        .onConflict((oc) => oc.column("owner_id").doNothing())
        .execute();
      return service.challenge(viewer);
    },

    async mustHaveJoined(viewer: Viewer) {
      const user = requireUser(viewer, "请先登录后再参加读书挑战");
      const row = await db
        .selectFrom("reading_challenge")
        .select("owner_id")
        .where("owner_id", "=", user.userId)
        .executeTakeFirst();
      if (!row) throw new ServiceError(409, "请先报名读书挑战");
      return user;
    },

    /**
     * A reading note: the text and every image are checked before anything is stored, and a
     * failure while storing removes what was stored, so a refused note leaves nothing behind.
     */
    async addNote(
      viewer: Viewer,
      request: { text: string; book?: string | undefined; images: Buffer[] },
    ): Promise<ReadingNote> {
      const user = await service.mustHaveJoined(viewer);
      const text = request.text.trim();
      if ([...text].length < NOTE_TEXT_MIN)
        throw new BadRequestError(`读书笔记至少 ${NOTE_TEXT_MIN} 个字`);
      if ([...text].length > NOTE_TEXT_MAX)
        throw new BadRequestError(`读书笔记不超过 ${NOTE_TEXT_MAX} 个字`);
      if (request.images.length > NOTE_IMAGES_MAX)
        throw new ServiceError(413, `最多上传 ${NOTE_IMAGES_MAX} 张图片`);
      let book: BookRow | null = null;
      if (request.book) {
        if (!isBookKey(request.book)) throw new BadRequestError(BOOK_NOT_FOUND);
        book = await bookRow(request.book).catch(() => {
          throw new BadRequestError(BOOK_NOT_FOUND);
        });
      }
      const checked = [];
      for (const [index, data] of request.images.entries()) {
        try {
          checked.push(await checkImage(data));
        } catch (error) {
          if (error instanceof ServiceError)
            throw new ServiceError(error.status, `第 ${index + 1} 张图片：${error.message}`);
          throw error;
        }
      }
      const id = newId();
      const stored: string[] = [];
      const keys: { key: string; thumbKey: string }[] = [];
      try {
        for (const [index, { image, thumb }] of checked.entries()) {
          const key = `${STORAGE_PREFIX}${id}-${index + 1}.${image.ext}`;
          const thumbKey = `${STORAGE_PREFIX}${id}-${index + 1}.thumb.${thumb.ext}`;
          await deps.storage.put(key, image.data, image.contentType);
          stored.push(key);
          await deps.storage.put(thumbKey, thumb.data, thumb.contentType);
          stored.push(thumbKey);
          keys.push({ key, thumbKey });
        }
        const createdAt = now().toISOString();
        await db
          .insertInto("reading_note")
          .values({
            id,
            owner_id: user.userId,
            book_key: book?.key ?? null,
            text,
            images: JSON.stringify(keys),
            created_at: createdAt,
          })
          .execute();
        return {
          id,
          text,
          book: book ? toCard(book) : null,
          images: keys.map(imageUrls),
          createdAt,
        };
      } catch (error) {
        await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => {})));
        throw error;
      }
    },

    /** A note's image by its file name under READBOOK_MEDIA_PREFIX, or null. */
    async noteImage(file: string) {
      if (!/^[0-9a-f]{24}-\d{1,2}(?:\.thumb)?\.(?:jpg|png|webp|gif)$/.test(file)) return null;
      return deps.storage.get(`${STORAGE_PREFIX}${file}`);
    },

    async saveAddress(viewer: Viewer, address: PostalAddress): Promise<PostalAddressView> {
      const user = await service.mustHaveJoined(viewer);
      const problems = addressProblems(address);
      const first = Object.values(problems)[0];
      if (first) throw new BadRequestError(first);
      const clean: PostalAddressView = {
        name: address.name.trim(),
        mobile: address.mobile.trim(),
        province: address.province.trim(),
        city: address.city.trim(),
        district: address.district.trim(),
        detail: address.detail.trim(),
        ...(address.postcode?.trim() ? { postcode: address.postcode.trim() } : {}),
      };
      await db
        .updateTable("reading_challenge")
        .set({ address: JSON.stringify(clean), address_at: now().toISOString() })
        .where("owner_id", "=", user.userId)
        .execute();
      return clean;
    },

    // --- Book donation (/donatebooks) ---

    async donation(viewer: Viewer): Promise<DonateBookData> {
      const data = await activity<DonationData>("donation");
      const books = new Map((await allBooks()).map((b) => [b.key, b]));
      const pledges = await db
        .selectFrom("donation_pledge")
        .select(["owner_id", "kind", "book_key", "minutes"])
        .execute();
      const pledgedOf = new Map<string, number>();
      let pledgedBooks = 0;
      let pledgedMinutes = 0;
      for (const p of pledges) {
        if (p.kind === "book" && p.book_key) {
          pledgedBooks++;
          pledgedOf.set(p.book_key, (pledgedOf.get(p.book_key) ?? 0) + 1);
        } else pledgedMinutes += p.minutes;
      }
      const schools = new Map(data.schools.map((s) => [s.key, s]));
      const mine =
        viewer.kind === "user" ? pledges.filter((p) => p.owner_id === viewer.userId) : null;
      // Pledges for a book go to its schools in the list's order, filling each in turn.
      const left = new Map(pledgedOf);
      return {
        activityInfo: {
          title: data.title,
          intro: data.intro,
          goalBooks: data.goalBooks,
          goalMinutes: data.goalMinutes,
          pledgedBooks,
          pledgedMinutes,
          readers: new Set(pledges.map((p) => p.owner_id)).size,
          schools: data.schools,
        },
        booklist: data.wanted.flatMap((w) => {
          const book = books.get(w.book);
          const school = schools.get(w.school);
          if (!book || !school) return [];
          const available = left.get(w.book) ?? 0;
          const pledged = Math.min(available, w.count);
          left.set(w.book, available - pledged);
          return [{ book: toCard(book), school, count: w.count, pledged }];
        }),
        signedIn: viewer.kind === "user",
        mine: mine
          ? {
              books: mine.filter((p) => p.kind === "book").length,
              minutes: mine.reduce((n, p) => n + (p.kind === "time" ? p.minutes : 0), 0),
              titles: [
                ...new Set(
                  mine.flatMap((p) =>
                    p.kind === "book" && p.book_key
                      ? [books.get(p.book_key)?.title ?? p.book_key]
                      : [],
                  ),
                ),
              ],
            }
          : null,
      };
    },

    async pledge(
      viewer: Viewer,
      pledge: { kind: "book"; book: string } | { kind: "time"; minutes: number },
    ): Promise<DonateBookData> {
      const user = requireUser(viewer, "请先登录后再认捐");
      const data = await activity<DonationData>("donation");
      if (pledge.kind === "book" && !data.wanted.some((w) => w.book === pledge.book))
        throw new BadRequestError("这本书不在捐书书单上");
      await db
        .insertInto("donation_pledge")
        .values({
          id: newId(),
          owner_id: user.userId,
          kind: pledge.kind,
          book_key: pledge.kind === "book" ? pledge.book : null,
          minutes: pledge.kind === "time" ? pledge.minutes : 0,
          created_at: now().toISOString(),
        })
        .execute();
      return service.donation(viewer);
    },
  };
  return service;
}

export type BookService = ReturnType<typeof createBookService>;
