import { randomInt } from "node:crypto";
import { loadBooks, seedBooks } from "@tongjian/content/book-content";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";
import { testBrowser } from "../../test-browser.ts";
import { newAddress, signedInReader } from "../test-readers.ts";

const POETRY = "tests/fixtures/chinese-poetry";

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } })
    .png()
    .toBuffer();
}

/** A multipart body of text fields and files named `images`. */
function form(
  fields: Record<string, string>,
  files: { data: Buffer; name: string; type: string }[],
) {
  const boundary = `----tj${randomInt(0, 10 ** 9)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const ADDRESS = {
  name: "林小书",
  mobile: "13912345678",
  province: "浙江省",
  city: "杭州市",
  district: "西湖区",
  detail: "文三路 100 号 2 单元 301 室",
  postcode: "310012",
};

describe.each(databaseTargets())(
  "books, the reader and the reading activities on $name",
  (target) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(target, { SMS_PROVIDER: "simulator" });
      const file = loadBooks("content");
      if (!file) throw new Error("content/books.yaml missing");
      await seedBooks(t.deps.handle, file, { poetryDir: POETRY });
    });
    afterAll(async () => {
      await t?.close();
    });
    const get = async (url: string) => {
      const res = await t.app.inject({ url });
      return { status: res.statusCode, body: res.json() };
    };

    it("gives the library, a book with its contents and a chapter with its neighbours", async () => {
      const library = await get("/api/book/n/library");
      expect(library.status).toBe(200);
      const names = library.body.data.categories.map((c: { name: string }) => c.name);
      expect(names).toEqual(["经部", "蒙学", "史部", "子部", "集部", "小说"]);
      expect(library.body.data.lists.length).toBeGreaterThanOrEqual(8);

      const lunyu = await get("/api/book/n/book/lunyu");
      expect(lunyu.status).toBe(200);
      expect(lunyu.body.data.book).toMatchObject({
        title: "论语",
        chapterCount: 2,
        category: "经部",
      });
      expect(lunyu.body.data.toc.map((c: { title: string }) => c.title)).toEqual(["学而", "为政"]);
      expect(lunyu.body.data.lists.map((l: { key: string }) => l.key)).toContain("sishu");

      const first = await get("/api/book/n/book/lunyu/chapter/1");
      expect(first.body.data.paragraphs[0]).toMatch(/^子曰：“学而时习之/);
      expect(first.body.data.prev).toBeNull();
      expect(first.body.data.next).toMatchObject({ position: 2, title: "为政" });
      const second = await get("/api/book/n/book/lunyu/chapter/2");
      expect(second.body.data.next).toBeNull();
      expect(second.body.data.prev.title).toBe("学而");
      // Reading counts toward the popular books.
      const again = await get("/api/book/n/library");
      expect(again.body.data.popular[0].key).toBe("lunyu");
      expect(again.body.data.popular[0].readCount).toBe(2);
    });

    it("answers 404 for an unknown book, chapter or list and 400 for a malformed one", async () => {
      expect((await get("/api/book/n/book/nosuchbook")).status).toBe(404);
      expect((await get("/api/book/n/book/lunyu/chapter/3")).status).toBe(404);
      expect((await get("/api/book/n/list/nosuchlist")).status).toBe(404);
      const bad = await get("/api/book/n/book/lunyu/chapter/abc");
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain("章节序号");
      expect((await get("/api/book/n/book/Bad Key!")).status).toBe(400);
    });

    it("gives a list with its books in order", async () => {
      const list = await get("/api/book/n/list/sidamingzhu");
      expect(list.status).toBe(200);
      expect(list.body.data.books.map((b: { title: string }) => b.title)).toEqual([
        "三国演义",
        "水浒传",
        "西游记",
        "红楼梦",
      ]);
      // The fixture corpus has no entry for 红楼梦: the book does not link to a missing page.
      expect(list.body.data.books[3].workId).toBeNull();
    });

    it("keeps a signed-in reader's place and bookmarks, and asks others to sign in", async () => {
      const anonymous = testBrowser(t.app, { address: newAddress() });
      const refused = await anonymous.post("/api/book/y/progress/lunyu", {
        position: 1,
        offset: 0.5,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(600);
      expect((await anonymous.get("/api/book/y/bookmarks/lunyu")).statusCode).toBe(401);

      const { browser } = await signedInReader(t.app);
      expect((await browser.get("/api/book/y/progress/lunyu")).json().data).toBeNull();
      const saved = await browser.post("/api/book/y/progress/lunyu", { position: 2, offset: 0.4 });
      expect(saved.statusCode).toBe(200);
      const place = (await browser.get("/api/book/y/progress/lunyu")).json().data;
      expect(place).toMatchObject({ book: "lunyu", position: 2, offset: 0.4 });
      const all = (await browser.get("/api/book/y/progress")).json().data;
      expect(all[0]).toMatchObject({ title: "论语", chapterTitle: "为政", total: 2 });
      // A page of the paged reader is kept to five decimals (a character in a long chapter).
      await browser.post("/api/book/y/progress/lunyu", { position: 2, offset: 0.5769231 });
      const fine = (await browser.get("/api/book/y/progress/lunyu")).json().data;
      expect(fine.offset).toBe(0.57692);

      const beyond = await browser.post("/api/book/y/progress/lunyu", { position: 9, offset: 0 });
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().message).toBe("这本书只有 2 章");
      const badOffset = await browser.post("/api/book/y/progress/lunyu", {
        position: 1,
        offset: 2,
      });
      expect(badOffset.statusCode).toBe(400);

      const added = await browser.post("/api/book/y/bookmarks/lunyu", {
        position: 1,
        offset: 0.25,
        excerpt: "学而时习之",
      });
      expect(added.statusCode).toBe(200);
      const mark = added.json().data;
      expect(mark).toMatchObject({ chapterTitle: "学而", excerpt: "学而时习之" });
      const list = (await browser.get("/api/book/y/bookmarks/lunyu")).json().data;
      expect(list.map((b: { id: string }) => b.id)).toEqual([mark.id]);

      // Another reader neither sees nor removes it.
      const other = (await signedInReader(t.app)).browser;
      expect((await other.get("/api/book/y/bookmarks/lunyu")).json().data).toEqual([]);
      expect((await other.post(`/api/book/y/bookmark/${mark.id}/remove`)).statusCode).toBe(404);

      expect((await browser.post(`/api/book/y/bookmark/${mark.id}/remove`)).statusCode).toBe(200);
      expect((await browser.get("/api/book/y/bookmarks/lunyu")).json().data).toEqual([]);
      expect((await browser.post(`/api/book/y/bookmark/${mark.id}/remove`)).statusCode).toBe(404);
      const empty = await browser.post("/api/book/y/bookmarks/lunyu", {
        position: 1,
        offset: 0,
        excerpt: " ",
      });
      expect(empty.statusCode).toBe(400);
    });

    it("merges what the device kept on sign-in: newer places win, bookmarks are not doubled", async () => {
      const { browser } = await signedInReader(t.app);
      await browser.post("/api/book/y/progress/lunyu", { position: 1, offset: 0.1 });
      const merged = await browser.post("/api/book/y/merge", {
        progress: [
          { book: "lunyu", position: 2, offset: 0.7, updatedAt: "2100-01-01T00:00:00.000Z" },
          { book: "mengzi", position: 1, offset: 0.2, updatedAt: "2000-01-01T00:00:00.000Z" },
          { book: "nosuchbook", position: 1, offset: 0, updatedAt: "2100-01-01T00:00:00.000Z" },
        ],
        bookmarks: [
          { book: "lunyu", position: 2, offset: 0.5, excerpt: "为政以德" },
          { book: "lunyu", position: 2, offset: 0.5, excerpt: "为政以德" },
        ],
      });
      expect(merged.statusCode).toBe(200);
      expect(merged.json().data).toEqual({ progress: 2, bookmarks: 1 });
      expect((await browser.get("/api/book/y/progress/lunyu")).json().data).toMatchObject({
        position: 2,
        offset: 0.7,
      });
      // An older place than the account's does not win.
      const older = await browser.post("/api/book/y/merge", {
        progress: [
          { book: "lunyu", position: 1, offset: 0, updatedAt: "2000-01-01T00:00:00.000Z" },
        ],
        bookmarks: [],
      });
      expect(older.json().data.progress).toBe(0);
    });

    it("runs the reading challenge: join, a note with images, an address", async () => {
      const info = await get("/api/readbook/n/info");
      expect(info.body.data).toMatchObject({ signedIn: false, joined: false });
      expect(info.body.data.books.map((b: { title: string }) => b.title)).toContain("论语");

      const anonymous = testBrowser(t.app, { address: newAddress() });
      expect((await anonymous.post("/api/readbook/y/join")).statusCode).toBe(401);

      const { browser } = await signedInReader(t.app);
      const upload = async (fields: Record<string, string>, files: Parameters<typeof form>[1]) => {
        const { body, headers } = form(fields, files);
        return browser.post("/api/readbook/y/note", body, headers);
      };
      // Not joined yet.
      const early = await upload({ text: "读了学而一篇，很有收获。" }, []);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe("请先报名读书挑战");
      const early2 = await browser.post("/api/readbook/y/address", ADDRESS);
      expect(early2.statusCode).toBe(409);

      const joined = await browser.post("/api/readbook/y/join");
      expect(joined.json().data).toMatchObject({ joined: true, signedIn: true });

      const image = await png();
      const note = await upload({ text: "读了学而一篇，学而时习之，很有收获。", book: "lunyu" }, [
        { data: image, name: "note.png", type: "image/png" },
      ]);
      expect(note.statusCode).toBe(200);
      const saved = note.json().data;
      expect(saved.book.title).toBe("论语");
      expect(saved.images).toHaveLength(1);
      const picture = await t.app.inject({ url: saved.images[0].url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["content-type"]).toMatch(/^image\/(jpeg|png|webp)$/);
      expect((await t.app.inject({ url: saved.images[0].thumbUrl })).statusCode).toBe(200);

      // A bad image among good ones: refused, nothing stored.
      const before = (await browser.get("/api/readbook/n/info")).json().data.notes.length;
      const refused = await upload({ text: "第二篇笔记，附两张图。" }, [
        { data: image, name: "a.png", type: "image/png" },
        {
          data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
          name: "b.png",
          type: "image/png",
        },
      ]);
      expect(refused.statusCode).toBe(415);
      expect(refused.json().message).toContain("第 2 张图片");
      const tooShort = await upload({ text: "短" }, []);
      expect(tooShort.statusCode).toBe(400);
      expect(tooShort.json().message).toContain("至少");
      const tooMany = await upload(
        { text: "十张图片的笔记，超过上限。" },
        Array.from({ length: 10 }, (_, i) => ({
          data: image,
          name: `${i}.png`,
          type: "image/png",
        })),
      );
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json().message).toContain("最多上传 9 张");
      const after = (await browser.get("/api/readbook/n/info")).json().data;
      expect(after.notes.length).toBe(before);
      const stored = await t.deps.handle.db.selectFrom("reading_note").select("images").execute();
      const keys = stored.flatMap((r) => JSON.parse(r.images) as { key: string }[]);
      expect(keys).toHaveLength(1);

      // The address: each field checked, with the reader's words.
      const badPhone = await browser.post("/api/readbook/y/address", {
        ...ADDRESS,
        mobile: "12345",
      });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().message).toBe("请填写 11 位手机号码，以 1 开头");
      const badCode = await browser.post("/api/readbook/y/address", { ...ADDRESS, postcode: "31" });
      expect(badCode.json().message).toBe("邮编应为 6 位数字");
      const noDistrict = await browser.post("/api/readbook/y/address", {
        ...ADDRESS,
        district: "",
      });
      expect(noDistrict.json().message).toBe("请填写区县");
      expect((await browser.get("/api/readbook/n/info")).json().data.address).toBeNull();
      const { postcode: _p, ...withoutCode } = ADDRESS;
      const ok = await browser.post("/api/readbook/y/address", withoutCode);
      expect(ok.statusCode).toBe(200);
      const final = (await browser.get("/api/readbook/n/info")).json().data;
      expect(final.address).toEqual(withoutCode);
      expect(final.notes[0].text).toContain("学而时习之");
    });

    it("takes pledges to the donation activity and counts them toward the goal", async () => {
      const info = await get("/api/donatebooks/n/info");
      expect(info.status).toBe(200);
      const data = info.body.data;
      expect(
        data.activityInfo.schools.every((s: { name: string }) => s.name.startsWith("示例·")),
      ).toBe(true);
      expect(data.booklist.length).toBeGreaterThanOrEqual(8);
      expect(data.mine).toBeNull();
      const startBooks = data.activityInfo.pledgedBooks;
      const startMinutes = data.activityInfo.pledgedMinutes;

      const anonymous = testBrowser(t.app, { address: newAddress() });
      expect(
        (await anonymous.post("/api/donatebooks/y/pledge", { kind: "time", minutes: 30 }))
          .statusCode,
      ).toBe(401);

      const { browser } = await signedInReader(t.app);
      const book = await browser.post("/api/donatebooks/y/pledge", {
        kind: "book",
        book: "sanzijing",
      });
      expect(book.statusCode).toBe(200);
      const time = await browser.post("/api/donatebooks/y/pledge", { kind: "time", minutes: 45 });
      const after = time.json().data;
      expect(after.mine).toEqual({ books: 1, minutes: 45, titles: ["三字经"] });
      expect(after.activityInfo.pledgedBooks).toBe(startBooks + 1);
      expect(after.activityInfo.pledgedMinutes).toBe(startMinutes + 45);
      const wanted = after.booklist.find(
        (w: { book: { key: string } }) => w.book.key === "sanzijing",
      );
      expect(wanted.pledged).toBe(1);

      const notWanted = await browser.post("/api/donatebooks/y/pledge", {
        kind: "book",
        book: "hongloumeng",
      });
      expect(notWanted.statusCode).toBe(400);
      expect(notWanted.json().message).toBe("这本书不在捐书书单上");
      const tooLong = await browser.post("/api/donatebooks/y/pledge", {
        kind: "time",
        minutes: 5000,
      });
      expect(tooLong.statusCode).toBe(400);
      const unknownKind = await browser.post("/api/donatebooks/y/pledge", { kind: "money" });
      expect(unknownKind.statusCode).toBe(400);
    });
  },
);
