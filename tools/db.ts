// Database and content commands: migrate, seed, reset, check. See README "Content".
import { resolve } from "node:path";
import { ContentValidationError, loadContent } from "@tongjian/content/load-content";
import {
  formatSyllabusReport,
  readSyllabusNames,
  syllabusReport,
} from "@tongjian/content/syllabus-check";

const command = process.argv[2];
const contentRoot = resolve(process.env.CONTENT_DIR ?? "content");

async function main() {
  if (command === "check") {
    const bundle = loadContent(contentRoot);
    const kinds = new Map<string, number>();
    for (const e of bundle.entries) kinds.set(e.kind, (kinds.get(e.kind) ?? 0) + 1);
    console.log(
      `内容校验通过：${[...kinds].map(([k, n]) => `${k} ${n}`).join("，")}，relation ${bundle.relations.length}，article ${bundle.articles.length}，insight ${bundle.insights.length}`,
    );
    const { formatGraphReport, graphReport } = await import("@tongjian/content/graph-report");
    for (const line of formatGraphReport(graphReport(bundle))) console.log(line);
    // Territories: which regimes have an extent on the time map, and which years lack one.
    const { formatTerritoryCoverage, territoryCoverage } = await import(
      "@tongjian/content/territories/load-territories"
    );
    const regimes = bundle.entries.filter((e) => e.kind === "regime");
    for (const line of formatTerritoryCoverage(territoryCoverage(regimes, bundle.territories)))
      console.log(line);
    const { editions, scenes } = bundle.panoramas;
    if (scenes.length > 0)
      console.log(
        `全景校验通过：版本 ${editions.length}，场景 ${scenes.length}，热点 ${scenes.reduce((n, s) => n + s.hotspots.length, 0)}（均指向语料中的词条）`,
      );
    const { music } = bundle;
    if (music.pieces.length > 0)
      console.log(
        `音乐校验通过：曲目 ${music.pieces.length}（简谱均可读，${music.pieces.filter((p) => p.notation.kind === "曲调").length} 首为原曲调），演奏者与出处 ${music.performers.length}，歌单 ${music.playlists.length}`,
      );
    const { learning } = bundle;
    if (learning.questions.length > 0) {
      const count = (pick: (q: (typeof learning.questions)[number]) => string) => {
        const m = new Map<string, number>();
        for (const q of learning.questions) m.set(pick(q), (m.get(pick(q)) ?? 0) + 1);
        return [...m].map(([k, n]) => `${k} ${n}`).join("，");
      };
      console.log(
        `学习内容校验通过：知识点 ${learning.points.length}，题目 ${learning.questions.length}（${count((q) => q.grade)}；${count((q) => q.type)}；带图或音频 ${learning.questions.filter((q) => q.media).length}），天梯 ${learning.ladders.length}（关卡 ${learning.ladders.reduce((n, l) => n + l.levels.length, 0)}）`,
      );
    }
    const { loadCommunity } = await import("@tongjian/content/community-content");
    const community = loadCommunity(contentRoot);
    if (community)
      console.log(
        `社区示例校验通过：读者 ${community.readers.length}，圈子 ${community.circles.length}，帖子 ${community.posts.length}`,
      );
    // Books (content/books.yaml): its own references are checked as it loads; here, that each
    // book's work is an entry of the corpus.
    const { loadBooks } = await import("@tongjian/content/book-content");
    const books = loadBooks(contentRoot);
    if (books) {
      const works = new Set(bundle.entries.filter((e) => e.kind === "work").map((e) => e.key));
      const missing = books.books.filter((b) => b.work && !works.has(b.work));
      // Article book cards that link to a book (`book: key`) must name one of books.yaml.
      const keys = new Set(books.books.map((b) => b.key));
      const cardLinks = bundle.articles.flatMap((a) =>
        [...a.html.matchAll(/href="\/book\/([a-z0-9-]+)"/g)].map((m) => ({ a, key: m[1] ?? "" })),
      );
      const unknown = cardLinks.filter((l) => !keys.has(l.key));
      if (unknown.length > 0) {
        console.error(
          `文章的典籍卡片引用了 books.yaml 中没有的书：${unknown.map((l) => `${l.a.file} → ${l.key}`).join("、")}`,
        );
        process.exitCode = 1;
      }
      if (missing.length > 0) {
        console.error(
          `books.yaml 引用了不存在的作品：${missing.map((b) => `${b.key} → ${b.work}`).join("、")}`,
        );
        process.exitCode = 1;
      } else
        console.log(
          `书籍校验通过：书 ${books.books.length}（可在线阅读 ${books.books.filter((b) => b.source).length}），书单 ${books.lists.length}`,
        );
    }
    // The day pages' files (decision 47): each one valid, every ref an entry, article, book
    // or piece of the corpus.
    const { loadDayContent } = await import("@tongjian/content/day-content");
    const { parseDayRef } = await import("@tongjian/domain/campaign-days");
    const dayIssues: { file: string; record: string; field: string; message: string }[] = [];
    const days = loadDayContent(contentRoot, dayIssues);
    const known = {
      entry: new Set(bundle.entries.map((e) => e.key)),
      article: new Set(bundle.articles.map((a) => a.key)),
      book: new Set(books?.books.map((b) => b.key) ?? []),
      music: new Set(bundle.music.pieces.map((p) => p.key)),
    };
    const refs = [
      ...Object.values(days.lists).flatMap((l) => l.items.map((i) => i.ref)),
      ...Object.values(days.unlocks).map((u) => u.ref),
      ...[...days.calendar, ...days.epidemics].flatMap((e) => e.refs),
      ...days.gallery.flatMap((g) => g.items.map((i) => i.ref)),
    ];
    const dangling = refs.filter((r) => {
      const parsed = parseDayRef(r);
      return !parsed || !known[parsed.kind].has(parsed.key);
    });
    for (const i of dayIssues) console.error(`${i.file} ${i.record} ${i.field}：${i.message}`);
    if (dangling.length > 0) console.error(`活动页引用了不存在的内容：${dangling.join("、")}`);
    if (dayIssues.length > 0 || dangling.length > 0) process.exitCode = 1;
    else
      console.log(
        `活动页内容校验通过：书单 ${Object.keys(days.lists).length}，分享解锁 ${Object.keys(days.unlocks).length}，日历补充 ${days.calendar.length}，往事 ${days.epidemics.length}，中国风 ${days.gallery.length} 组（引用 ${refs.length} 处均存在）`,
      );
    // The syllabus names without an entry, and syllabus entries without a source or a
    // relation (docs/content-format.md, "Syllabus"). A report: the unit test is the gate.
    const syllabus = readSyllabusNames(contentRoot);
    if (syllabus) {
      for (const line of formatSyllabusReport(syllabusReport(bundle, syllabus))) {
        console.log(line);
      }
    }
    return;
  }
  // Loaded only here so that `check` needs nothing but the content files.
  const { seedContent } = await import("@tongjian/content/seed-content");
  const { createDatabase } = await import("@tongjian/db/create-database");
  const { dropAll, migrateToLatest } = await import("@tongjian/db/migrate");
  const { readServerConfig } = await import("../apps/api/src/server-config.ts");
  const config = readServerConfig(process.env);
  const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    if (command === "reset") {
      await dropAll(handle.db);
      console.log(`已清空 ${handle.target}`);
    }
    if (command === "migrate" || command === "reset" || command === "seed") {
      const applied = await migrateToLatest(handle.db);
      console.log(
        `迁移完成（${handle.dialect}）：${applied.length ? applied.join(", ") : "已是最新"}`,
      );
    }
    if (command === "seed" || command === "reset") {
      const bundle = loadContent(contentRoot);
      const summary = await seedContent(handle, bundle, { searchIndex: !config.seedPoetry });
      console.log(`已载入内容：${JSON.stringify(summary)}`);
      // The sample circles and posts (content/community.yaml); readers' own posts stay.
      const { formatGraphReport, graphReport } = await import("@tongjian/content/graph-report");
      for (const line of formatGraphReport(graphReport(bundle))) console.log(line);
      const { music } = bundle;
      if (music.pieces.length > 0)
        console.log(
          `音乐校验通过：曲目 ${music.pieces.length}（简谱均可读，${music.pieces.filter((p) => p.notation.kind === "曲调").length} 首为原曲调），演奏者与出处 ${music.performers.length}，歌单 ${music.playlists.length}`,
        );
      const { loadCommunity } = await import("@tongjian/content/community-content");
      const { seedCommunity } = await import("@tongjian/content/seed-community");
      const community = loadCommunity(contentRoot);
      if (community)
        console.log(`已载入社区示例：${JSON.stringify(await seedCommunity(handle, community))}`);
      const { seedSampleNotes } = await import("@tongjian/content/seed-sample-notes");
      console.log(`已载入示例短评：${await seedSampleNotes(handle, contentRoot)} 条`);
      if (config.seedPoetry) {
        // The curated part of chinese-poetry, as on a first start; `npm run import:poetry --
        // --all` adds the rest.
        const { importPoetry } = await import("@tongjian/content/import-poetry");
        const poetry = await importPoetry(handle, {
          mode: "curated",
          readings: bundle.poemReadings,
          ...(config.poetryDir ? { dir: resolve(config.poetryDir) } : {}),
        });
        console.log(`已导入诗词（精选）：${JSON.stringify(poetry)}`);
      }
      // Books and lists after the poems, so chapters link to the classics' entries.
      const { loadBooks, seedBooks } = await import("@tongjian/content/book-content");
      const books = loadBooks(contentRoot);
      if (books)
        console.log(
          `已载入书籍：${JSON.stringify(
            await seedBooks(handle, books, {
              ...(config.poetryDir ? { poetryDir: resolve(config.poetryDir) } : {}),
            }),
          )}`,
        );
    }
    if (!["migrate", "seed", "reset"].includes(command ?? "")) {
      console.error("用法：tsx tools/db.ts migrate|seed|reset|check");
      process.exitCode = 2;
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ContentValidationError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
