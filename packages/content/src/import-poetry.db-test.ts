import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readContentVersion } from "@tongjian/db/content-version";
import { createDatabase, type DatabaseHandle } from "@tongjian/db/create-database";
import { dropAll, migrateToLatest } from "@tongjian/db/migrate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { importPoetry } from "./import-poetry.ts";
import { contentId, loadContent } from "./load-content.ts";
import { importedPoetKey, poemKey, poemText } from "./poetry-entries.ts";
import { POEM_SOURCES } from "./poetry-sources.ts";
import { seedContent } from "./seed-content.ts";

const FIXTURE_POETRY = "tests/fixtures/chinese-poetry";
const LI_BAI = contentId("person", "li-bai");
const DU_FU = contentId("person", "du-fu");
const TANG = contentId("regime", "tang");
const TANG_300 = POEM_SOURCES.find((s) => s.collection === "唐诗三百首");

function tangPoemId(id: string) {
  if (!TANG_300) throw new Error("唐诗三百首 source");
  const raw = { id, paragraphs: [] };
  return contentId(
    "poem",
    poemKey(
      TANG_300,
      raw,
      poemText(raw, (t) => t),
    ),
  );
}

const JING_YE_SI = tangPoemId("fixture-tang-0001");
const JIANG_JIN_JIU = tangPoemId("fixture-tang-0003");
/** 将进酒 again, filed under 鼓吹曲辞 with 回 written 迴: the same poem. */
const JIANG_JIN_JIU_AGAIN = tangPoemId("fixture-tang-0006");

describe.each(databaseTargets())("importPoetry on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = createDatabase({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(mkdtempSync(join(tmpdir(), "tongjian-poetry-")), "db.sqlite"),
    });
    await dropAll(handle.db);
    await migrateToLatest(handle.db);
    await seedContent(handle, loadContent("tests/fixtures/content"));
  });
  afterAll(async () => {
    await handle?.close();
  });

  const countOf = async (kind: string) =>
    Number(
      (
        await handle.db
          .selectFrom("entry")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("kind", "=", kind)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const works = () =>
    handle.db
      .selectFrom("relation")
      .select(["id", "from_id", "to_id", "label", "twoway"])
      .where("type", "=", "作品")
      .orderBy("id")
      .execute();
  const entry = (id: string) =>
    handle.db.selectFrom("entry").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("imports the curated part: selections whole, and the corpus poets' other poems", async () => {
    const versionBefore = await readContentVersion(handle.db);
    const summary = await importPoetry(handle, { dir: FIXTURE_POETRY });
    expect(await readContentVersion(handle.db)).not.toBe(versionBefore);
    // 静夜思 and 在狱咏蝉 (唐诗三百首), 水调歌头 (宋词三百首), 关雎, and from 全唐诗 only 李白's
    // 将进酒 and 杜甫's 春望: 静夜思 is already in, 王建 and the Song 李白 are not corpus poets.
    expect(summary).toMatchObject({
      mode: "curated",
      poems: 6,
      classics: 3,
      poets: 2,
      repeats: 1,
      merged: 0,
    });
    expect(summary.corpusPoets).toBe(2);
    expect(await countOf("poem")).toBe(6);
    expect(await countOf("classic")).toBe(3);

    const poem = await entry(JING_YE_SI);
    expect(poem).toMatchObject({
      kind: "poem",
      name: "静夜思",
      summary: "床前明月光，疑是地上霜。举头望明月，低头思故乡。",
      time_desc: "唐",
      regime_id: TANG,
    });
    expect(poem.search_names).toBe("静夜思 李白");
    expect(poem.pinyin).toBe("jingyesi libai");
    expect(JSON.parse(poem.data)).toEqual({
      author: "李白",
      authorId: LI_BAI,
      dynasty: "唐",
      collection: "唐诗三百首",
      paragraphs: ["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"],
    });

    const links = await works();
    expect(links).toHaveLength(5);
    expect(links).toContainEqual(
      expect.objectContaining({
        from_id: LI_BAI,
        to_id: JING_YE_SI,
        label: "唐诗三百首",
        twoway: 0,
      }),
    );
    expect(links).toContainEqual(
      expect.objectContaining({ from_id: LI_BAI, to_id: JIANG_JIN_JIU, label: "全唐诗" }),
    );
    expect(links.filter((l) => l.from_id === DU_FU)).toHaveLength(1);
    // The selection's poem comes before the complete collection's on the poet's page, though
    // the collection's name sorts first.
    const sortKeys = new Map(
      (
        await handle.db
          .selectFrom("relation")
          .select(["to_id", "sort_key"])
          .where("from_id", "=", LI_BAI)
          .where("type", "=", "作品")
          .execute()
      ).map((r) => [r.to_id, r.sort_key]),
    );
    expect(sortKeys.get(JING_YE_SI)).toBeLessThan(sortKeys.get(JIANG_JIN_JIU) ?? 0);

    const luoBinWang = await entry(
      contentId("person", importedPoetKey({ slug: "tang", dynasty: "唐" }, "骆宾王")),
    );
    expect(luoBinWang).toMatchObject({
      kind: "person",
      name: "骆宾王",
      time_desc: "唐",
      regime_id: TANG,
    });
    // 唐诗三百首 is a selection from 全唐诗, whose fixture has no poem of his.
    expect(luoBinWang.summary).toBe("唐代诗人，作品见《唐诗三百首》。");

    const xueEr = await handle.db
      .selectFrom("entry")
      .select(["name", "data"])
      .where("kind", "=", "classic")
      .where("name", "=", "论语·学而")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(xueEr.data)).toMatchObject({ book: "论语", chapter: "学而" });

    // The index is rebuilt: the poem is found by title, by author and by pinyin.
    const docOf = async (form: string) =>
      (
        await handle.db
          .selectFrom("search_name as n")
          .innerJoin("search_entry as e", "e.doc", "n.doc")
          .select("e.entry_id")
          .where("n.form", "=", form)
          .execute()
      ).map((r) => r.entry_id);
    expect(await docOf("静夜思")).toEqual([JING_YE_SI]);
    expect(await docOf("jingyesi")).toEqual([JING_YE_SI]);
    expect(await docOf("李白")).toEqual(
      expect.arrayContaining([LI_BAI, JING_YE_SI, JIANG_JIN_JIU]),
    );
  });

  it("folds the entry an earlier import made of a repeated poem into the poem it repeats", async () => {
    // As an import that took both records left them: the repeat, linked, viewed, liked and
    // linked from an article.
    const before = await entry(JIANG_JIN_JIU);
    await handle.db
      .insertInto("entry")
      .values({ ...before, id: JIANG_JIN_JIU_AGAIN, key: "poem-tang-again", view_count: 5 })
      .execute();
    await handle.db
      .insertInto("relation")
      .values({
        id: "f".repeat(24),
        from_id: LI_BAI,
        to_id: JIANG_JIN_JIU_AGAIN,
        type: "作品",
        label: "全唐诗",
        twoway: 0,
        note: null,
        year: null,
        sort_key: 1,
      })
      .execute();
    const like = (itemId: string, userId: string) => ({
      item_id: itemId,
      type: "entry",
      user_id: userId,
      created_at: "2026-01-01T00:00:00.000Z",
    });
    await handle.db
      .insertInto("like_record")
      .values([
        like(JIANG_JIN_JIU, "both"),
        like(JIANG_JIN_JIU_AGAIN, "both"),
        like(JIANG_JIN_JIU_AGAIN, "repeat-only"),
      ])
      .execute();
    await handle.db
      .updateTable("entry")
      .set({ like_count: 1 })
      .where("id", "=", JIANG_JIN_JIU)
      .execute();
    await handle.db
      .updateTable("entry")
      .set({ like_count: 2 })
      .where("id", "=", JIANG_JIN_JIU_AGAIN)
      .execute();
    const article = await handle.db.selectFrom("article").select("id").executeTakeFirstOrThrow();
    await handle.db
      .insertInto("article_link")
      .values({ article_id: article.id, item_id: JIANG_JIN_JIU_AGAIN, word: "将进酒", position: 0 })
      .execute();

    const summary = await importPoetry(handle, { dir: FIXTURE_POETRY });
    expect(summary).toMatchObject({ poems: 6, repeats: 1, merged: 1 });
    expect(
      await handle.db
        .selectFrom("entry")
        .select("id")
        .where("id", "=", JIANG_JIN_JIU_AGAIN)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await entry(JIANG_JIN_JIU)).toMatchObject({
      view_count: before.view_count + 5,
      like_count: 2,
    });
    const likes = await handle.db
      .selectFrom("like_record")
      .select(["item_id", "user_id"])
      .where("user_id", "in", ["both", "repeat-only"])
      .orderBy("user_id")
      .execute();
    expect(likes).toEqual([
      { item_id: JIANG_JIN_JIU, user_id: "both" },
      { item_id: JIANG_JIN_JIU, user_id: "repeat-only" },
    ]);
    const links = await handle.db
      .selectFrom("article_link")
      .select("item_id")
      .where("article_id", "=", article.id)
      .where("word", "=", "将进酒")
      .execute();
    expect(links).toEqual([{ item_id: JIANG_JIN_JIU }]);
    const toRepeat = await handle.db
      .selectFrom("relation")
      .select("id")
      .where((eb) =>
        eb.or([eb("from_id", "=", JIANG_JIN_JIU_AGAIN), eb("to_id", "=", JIANG_JIN_JIU_AGAIN)]),
      )
      .execute();
    expect(toRepeat).toEqual([]);
    await handle.db
      .deleteFrom("like_record")
      .where("user_id", "in", ["both", "repeat-only"])
      .execute();
    await handle.db.deleteFrom("article_link").where("item_id", "=", JIANG_JIN_JIU).execute();
    await handle.db
      .updateTable("entry")
      .set({ like_count: 0, view_count: before.view_count })
      .where("id", "=", JIANG_JIN_JIU)
      .execute();
  });

  it("re-runs without duplicates and keeps views, likes and the links through a re-seed", async () => {
    const before = await works();
    await handle.db
      .updateTable("entry")
      .set({ view_count: 42, like_count: 7 })
      .where("id", "=", JING_YE_SI)
      .execute();
    await importPoetry(handle, { dir: FIXTURE_POETRY });
    expect(await countOf("poem")).toBe(6);
    expect(await works()).toEqual(before);
    expect(await entry(JING_YE_SI)).toMatchObject({
      view_count: 42,
      like_count: 7,
      name: "静夜思",
    });

    // Reloading content/ replaces its own relations but not the importer's.
    await seedContent(handle, loadContent("tests/fixtures/content"));
    expect(await works()).toEqual(before);
  });

  it("gives a poem in its common reading, and names the readings it found no poem for", async () => {
    const reading = {
      title: "春望",
      author: "杜甫",
      changes: [{ from: "城春草木深", to: "城春草木新" }],
      note: "测试用：底本作“草木深”，此处作“草木新”。",
    };
    const summary = await importPoetry(handle, {
      dir: FIXTURE_POETRY,
      readings: [
        reading,
        { ...reading, title: "不存在的诗" },
        { ...reading, author: "李白", title: "静夜思" },
      ],
    });
    expect(summary.readings).toEqual({
      applied: 1,
      notFound: ["杜甫《不存在的诗》", "李白《静夜思》"],
    });
    const chunWang = await handle.db
      .selectFrom("entry")
      .select(["summary", "data"])
      .where("name", "=", "春望")
      .executeTakeFirstOrThrow();
    expect(chunWang.summary).toBe("国破山河在，城春草木新。感时花溅泪，恨别鸟惊心。");
    expect(JSON.parse(chunWang.data)).toMatchObject({
      paragraphs: ["国破山河在，城春草木新。", "感时花溅泪，恨别鸟惊心。"],
      reading: {
        note: reading.note,
        base: ["国破山河在，城春草木深。", "感时花溅泪，恨别鸟惊心。"],
      },
    });
    // Without the reading, the next import gives the imported words back.
    await importPoetry(handle, { dir: FIXTURE_POETRY });
    const again = await handle.db
      .selectFrom("entry")
      .select("data")
      .where("name", "=", "春望")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(again.data).reading).toBeUndefined();
  });

  it("imports the whole package with --all, keeping namesakes of other eras apart", async () => {
    const summary = await importPoetry(handle, { dir: FIXTURE_POETRY, mode: "all" });
    // + 王建, the Song 李白, 陆游, 念奴娇 and 如梦令; 水调歌头 is in 宋词三百首 already, and
    // 将进酒 is taken once.
    expect(summary.poems).toBe(11);
    expect(summary.repeats).toBe(1);
    expect(await countOf("poem")).toBe(11);
    expect(await entry(JING_YE_SI)).toMatchObject({ view_count: 42 });

    const songLiBai = contentId("person", importedPoetKey({ slug: "song", dynasty: "宋" }, "李白"));
    expect(await entry(songLiBai)).toMatchObject({ name: "李白", summary: "宋代诗人，存诗1首。" });
    const links = await works();
    expect(links.filter((l) => l.from_id === LI_BAI)).toHaveLength(2);
    expect(links.filter((l) => l.from_id === songLiBai)).toHaveLength(1);

    const suShi = await entry(
      contentId("person", importedPoetKey({ slug: "song", dynasty: "宋" }, "苏轼")),
    );
    expect(suShi.summary).toBe("宋代词人，存词2首。");
    const nianNuJiao = await handle.db
      .selectFrom("entry")
      .select(["data", "search_names"])
      .where("name", "=", "念奴娇·赤壁怀古")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(nianNuJiao.data)).toMatchObject({
      author: "苏轼",
      authorId: suShi.id,
      rhythmic: "念奴娇",
      collection: "全宋词",
    });

    // A curated run after a full one changes nothing.
    await importPoetry(handle, { dir: FIXTURE_POETRY });
    expect(await countOf("poem")).toBe(11);
  });
});
