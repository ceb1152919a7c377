import { copyFileSync, cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importPoetry } from "@tongjian/content/import-poetry";
import { loadContent } from "@tongjian/content/load-content";
import { musicId } from "@tongjian/content/music-content";
import { seedContent } from "@tongjian/content/seed-content";
import { createDatabase } from "@tongjian/db/create-database";
import { createMigrator, dropAll } from "@tongjian/db/migrate";
import { describe, expect, it } from "vitest";
import { insightFixtureDir } from "../../../tests/support/insight-content.ts";
import { territoryFixtureDir } from "../../../tests/support/territory-content.ts";
import { databaseTargets } from "../../../tests/support/test-targets.ts";
import { closeDeps, createDeps } from "./create-deps.ts";
import { readServerConfig } from "./server-config.ts";
import { FIXTURE_CONTENT } from "./test-app.ts";

describe.each(databaseTargets())("createDeps on $name", (target) => {
  it("builds the verse index once at start for content loaded before it existed", async () => {
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tongjian-deps-")),
      CONTENT_DIR: FIXTURE_CONTENT,
      SEED_ON_START: "false",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    // A database of the release before verse search: migrated to 0006, content and poems in.
    const old = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    await dropAll(old.db);
    const { error } = await createMigrator(old.db).migrateTo("0006-works-order");
    expect(error).toBeUndefined();
    await seedContent(old, loadContent(FIXTURE_CONTENT), {
      searchIndex: false,
      topics: false,
      graph: false,
      territories: false,
      panoramas: false,
      music: false,
      learning: false,
      commerce: false,
      memberEntries: false,
      campaigns: false,
    });
    await importPoetry(old, { dir: "tests/fixtures/chinese-poetry", searchIndex: false });
    await old.close();

    const logged: string[] = [];
    const deps = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    try {
      expect(logged).toContain("search index built");
      const { search } = deps.services;
      const hits = await search.versePage({ q: "举头望明月", page: 1, size: 10 });
      expect(hits.list.map((r) => r.name)).toEqual(["静夜思"]);
      expect((await search.suggestions({ keyword: "静夜思" }))[0]?.name).toBe("静夜思");
    } finally {
      await closeDeps(deps);
    }
  });

  it("loads the books at start for a corpus loaded before the book tables existed", async () => {
    const contentDir = mkdtempSync(join(tmpdir(), "tongjian-books-"));
    copyFileSync("content/books.yaml", join(contentDir, "books.yaml"));
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tongjian-deps-")),
      CONTENT_DIR: contentDir,
      POETRY_DIR: "tests/fixtures/chinese-poetry",
      SEED_ON_START: "true",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    // A database of the release before books: migrated to 0016, content in.
    const old = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    await dropAll(old.db);
    const { error } = await createMigrator(old.db).migrateTo("0016-panorama-codes");
    expect(error).toBeUndefined();
    await seedContent(old, loadContent(FIXTURE_CONTENT), {
      searchIndex: false,
      music: false,
      learning: false,
      commerce: false,
      memberEntries: false,
      campaigns: false,
    });
    await old.close();

    const logged: string[] = [];
    const deps = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    try {
      expect(logged).toContain("books loaded");
      const book = await deps.services.books.book("lunyu");
      expect(book.toc.map((c) => c.title)).toEqual(["学而", "为政"]);
      expect((await deps.services.books.lists()).length).toBeGreaterThanOrEqual(8);
    } finally {
      await closeDeps(deps);
    }
    // The next start finds them in place and loads nothing again.
    const again = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    await closeDeps(again);
    expect(logged.filter((line) => line === "books loaded")).toHaveLength(1);
  });

  it("loads the topics at start for content loaded before the topic tables existed", async () => {
    const contentDir = insightFixtureDir();
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tongjian-deps-")),
      CONTENT_DIR: contentDir,
      SEED_ON_START: "false",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    // A database of the release before the reading rooms: migrated to 0008, content in.
    const old = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    await dropAll(old.db);
    const { error } = await createMigrator(old.db).migrateTo("0008-search-groups");
    expect(error).toBeUndefined();
    await seedContent(old, loadContent(contentDir), {
      topics: false,
      graph: false,
      territories: false,
      panoramas: false,
      music: false,
      learning: false,
      commerce: false,
      memberEntries: false,
      campaigns: false,
    });
    await old.close();

    const logged: string[] = [];
    const deps = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    try {
      expect(logged).toContain("insight topics loaded");
      const list = await deps.services.insights.list();
      expect(list.map((t) => t.title)).toEqual(["测试专题：唐朝如何开始"]);
    } finally {
      await closeDeps(deps);
    }
    // The next start finds them in place and loads nothing again.
    const again = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    await closeDeps(again);
    expect(logged.filter((line) => line === "insight topics loaded")).toHaveLength(1);
  });

  it("composes the territories at start for content loaded before the territory table", async () => {
    const contentDir = territoryFixtureDir();
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tongjian-deps-")),
      CONTENT_DIR: contentDir,
      SEED_ON_START: "true",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    // A database of the release before the time map: migrated to 0014, content in.
    const old = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    await dropAll(old.db);
    const { error } = await createMigrator(old.db).migrateTo("0014-graph");
    expect(error).toBeUndefined();
    await seedContent(old, loadContent(contentDir), {
      territories: false,
      panoramas: false,
      music: false,
      learning: false,
      commerce: false,
      memberEntries: false,
      campaigns: false,
    });
    await old.close();

    const logged: string[] = [];
    const deps = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    try {
      expect(logged).toContain("territories loaded");
      const rows = await deps.handle.db
        .selectFrom("territory")
        .select(["from_year", "to_year", "source"])
        .orderBy("from_year")
        .execute();
      expect(rows).toEqual([
        { from_year: -221, to_year: -207, source: "composed" },
        { from_year: 618, to_year: 755, source: "composed" },
        { from_year: 756, to_year: 907, source: "composed" },
      ]);
    } finally {
      await closeDeps(deps);
    }
  });

  it("loads the music at start for content loaded before the music tables", async () => {
    const contentDir = mkdtempSync(join(tmpdir(), "tongjian-music-content-"));
    cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
    writeFileSync(
      join(contentDir, "music.yaml"),
      `performers:
  - key: li-bai
    name: 李白
    kind: 古人
    years: 701—762
    entry: li-bai
    summary: 盛唐诗人，他的许多诗本是乐府歌辞，后世琴家常为之配曲弹唱。
pieces:
  - key: guan-shan-yue
    title: 关山月
    genre: 文史歌曲
    origin: 李白诗，琴歌
    period: 唐
    instrument: 古琴
    timbre: qin
    performers: [li-bai]
    added: 2026-08-02
    entries: [li-bai]
    notation:
      kind: 示意
      key: C
      meter: 4/4
      tempo: 72
      score: "1 2 3 5 | 6 5 3 - | 2 3 5 6 | 5 - - -"
    description: ${"用来测试的曲目介绍，写够六十个字符才能通过内容校验。".repeat(3)}
`,
    );
    const config = readServerConfig({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "tongjian-deps-")),
      CONTENT_DIR: contentDir,
      SEED_ON_START: "true",
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    });
    // A database of the release before the music: migrated to 0016, content in.
    const old = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
    await dropAll(old.db);
    const { error } = await createMigrator(old.db).migrateTo("0016-panorama-codes");
    expect(error).toBeUndefined();
    await seedContent(old, loadContent(contentDir), {
      music: false,
      learning: false,
      commerce: false,
      memberEntries: false,
      campaigns: false,
    });
    await old.close();

    const logged: string[] = [];
    const deps = await createDeps(config, {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
    });
    try {
      expect(logged).toContain("music loaded");
      const piece = await deps.services.music.piece(musicId("piece", "guan-shan-yue"));
      expect(piece).toMatchObject({ name: "关山月", author: "李白", plays: 0 });
    } finally {
      await closeDeps(deps);
    }
  });
});
