import { resolve } from "node:path";
import { loadBooks, seedBooks } from "@tongjian/content/book-content";
import { loadCommunity } from "@tongjian/content/community-content";
import { loadDayContent } from "@tongjian/content/day-content";
import { importPoetry } from "@tongjian/content/import-poetry";
import type { KeyedFileIssue } from "@tongjian/content/keyed-file";
import { loadContent } from "@tongjian/content/load-content";
import { seedCommunity } from "@tongjian/content/seed-community";
import { seedContent, seedMusic, seedPanoramas, seedTopics } from "@tongjian/content/seed-content";
import { seedLearning } from "@tongjian/content/seed-learning";
import { seedSampleNotes } from "@tongjian/content/seed-sample-notes";
import { seedTerritories } from "@tongjian/content/territories/seed-territories";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import { createDatabase } from "@tongjian/db/create-database";
import { migrateToLatest } from "@tongjian/db/migrate";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { loadAuthSecret } from "@tongjian/services/accounts/auth-secret";
import {
  createConsoleSmsProvider,
  createSimulatorSmsProvider,
  type SmsProvider,
} from "@tongjian/services/accounts/sms-provider";
import type { PaymentChannels } from "@tongjian/services/commerce/orders.server";
import { createEntryRepository } from "@tongjian/services/content/entry-repository";
import { createServices } from "@tongjian/services/create-services";
import { createDatabaseStore } from "@tongjian/services/key-value-repository";
import type { KeyValueStore } from "@tongjian/services/key-value-store";
import { createObjectStorage } from "@tongjian/services/storage/create-object-storage";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "./app-deps.ts";
import { createAlipayChannel } from "./providers/alipay/alipay-channel.ts";
import { createHttpWeChatProvider } from "./providers/wechat/http-wechat-provider.ts";
import { createWeChatExtras } from "./providers/wechat/wechat-extras.ts";
import { createWeChatPayChannel } from "./providers/wechat-pay/wechat-pay-channel.ts";
import type { ServerConfig } from "./server-config.ts";
import { createRedisStore } from "./stores/redis-store.ts";
import { createMemoryChannel } from "./test-payment-channel.ts";

/** Migrations that add search index tables, which only a rebuild fills. */
const SEARCH_INDEX_MIGRATIONS = new Set(["0003-search", "0007-verse-search", "0008-search-groups"]);
/** The migration that adds the 洞察 topic tables, which only the content files fill. */
const TOPIC_MIGRATION = "0009-reading-rooms";
/** The community tables: their sample circles and posts come with the first start or with them. */
const COMMUNITY_MIGRATION = "0012-community";
/** The migration that adds readers' notes, which start with the corpus's sample notes. */
const NOTES_MIGRATION = "0013-boards";
/** The migration that adds relation places, descriptions, birth orders and curated networks. */
const GRAPH_MIGRATION = "0014-graph";
/** The migration that adds the time map's territories, composed from the content files. */
const TERRITORY_MIGRATION = "0015-territories";
/** The migration that adds the panorama tables, which only the content files fill. */
const PANORAMA_MIGRATION = "0016-panorama-codes";
/** The migration that adds the music tables, which only the content files fill. */
const MUSIC_MIGRATION = "0018-music";
/** The migration that adds the books, lists and reading tables, which only the content files fill. */
const BOOKS_MIGRATION = "0019-books";
/** The migration that adds the learning tables, which only the content files fill. */
const LEARNING_MIGRATION = "0021-learning";

function smsProvider(config: ServerConfig, store: KeyValueStore): SmsProvider {
  if (config.auth.smsProvider === "simulator") return createSimulatorSmsProvider(store);
  // The sample deployment's codes are read from the server's log.
  // One JSON line like the rest of the log (pino), readable with `grep 短信`.
  return createConsoleSmsProvider((line) =>
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: line })}\n`),
  );
}

/**
 * Opens the database, brings it to the latest migration and, on a first start, loads the sample
 * content. A database that already holds content is left as it is.
 */
export async function createDeps(
  config: ServerConfig,
  log?: Pick<FastifyBaseLogger, "info">,
  overrides: { paymentChannels?: PaymentChannels } = {},
): Promise<AppDeps> {
  const handle = createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log?.info({ applied, dialect: handle.dialect }, "migrations applied");
  const entries = createEntryRepository(handle.db);
  const empty = (await entries.count()) === 0;
  // The content folder is read once, however many of the loads below need it (a database several
  // releases old needs five).
  let loaded: ReturnType<typeof loadContent> | undefined;
  const content = () => {
    loaded ??= loadContent(resolve(config.contentDir));
    return loaded;
  };
  if (config.seedOnStart && empty) {
    const bundle = content();
    const summary = await seedContent(handle, bundle, { searchIndex: !config.seedPoetry });
    log?.info({ summary }, "sample content loaded");
    if (config.seedPoetry) {
      const poetry = await importPoetry(handle, {
        mode: "curated",
        readings: bundle.poemReadings,
        ...(config.poetryDir ? { dir: resolve(config.poetryDir) } : {}),
      });
      log?.info({ poetry }, "poetry imported");
    }
    const notes = await seedSampleNotes(handle, resolve(config.contentDir));
    log?.info({ notes }, "sample notes loaded");
  } else if (
    applied.some((name) => SEARCH_INDEX_MIGRATIONS.has(name)) &&
    (await entries.count()) > 0
  ) {
    // Content loaded before (part of) the search index existed: build it once now.
    await refreshSearchIndex(handle);
    log?.info("search index built");
  }
  if (applied.includes(TOPIC_MIGRATION) && !empty) {
    // A corpus loaded before the topic tables existed: its topics, and nothing else, are loaded
    // now. A content folder that cannot be read leaves the topics empty until `npm run db:seed`,
    // rather than stopping the server.
    try {
      const topics = await seedTopics(handle, content());
      log?.info({ topics }, "insight topics loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "insight topics not loaded; run npm run db:seed");
    }
  }
  if (config.seedOnStart && (empty || applied.includes(COMMUNITY_MIGRATION))) {
    const community = loadCommunity(resolve(config.contentDir));
    if (community)
      log?.info({ community: await seedCommunity(handle, community) }, "sample community loaded");
  }
  if (applied.includes(NOTES_MIGRATION) && !empty) {
    // A corpus loaded before notes existed gets the sample notes once.
    try {
      const notes = await seedSampleNotes(handle, resolve(config.contentDir));
      log?.info({ notes }, "sample notes loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "sample notes not loaded; run npm run db:seed");
    }
  }
  if (applied.includes(GRAPH_MIGRATION) && !empty && config.seedOnStart) {
    // A corpus loaded before the graph columns existed: load the content again (what readers
    // added is kept) so relations carry their places and descriptions and the networks exist.
    try {
      const summary = await seedContent(handle, content());
      log?.info({ summary }, "content reloaded for the knowledge graph");
    } catch (error) {
      log?.info({ error: String(error) }, "content not reloaded; run npm run db:seed");
    }
  }
  // A full reload above already wrote the territories and panoramas.
  const reloaded = applied.includes(GRAPH_MIGRATION) && !empty && config.seedOnStart;
  if (applied.includes(TERRITORY_MIGRATION) && !empty && config.seedOnStart && !reloaded) {
    // A corpus loaded before the territory table existed: its territories, and nothing else,
    // are composed and loaded now (as 0014 reloaded the content for its columns).
    try {
      const territories = await seedTerritories(handle, content());
      log?.info({ territories }, "territories loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "territories not loaded; run npm run db:seed");
    }
  }
  if (applied.includes(PANORAMA_MIGRATION) && !empty && !reloaded) {
    // A corpus loaded before the panorama tables existed: its panoramas, and nothing else.
    try {
      const scenes = await seedPanoramas(handle, content());
      log?.info({ scenes }, "panoramas loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "panoramas not loaded; run npm run db:seed");
    }
  }
  if (applied.includes(MUSIC_MIGRATION) && !empty && !reloaded) {
    // A corpus loaded before the music tables existed: its music, and nothing else.
    try {
      const pieces = await seedMusic(handle, content());
      log?.info({ pieces }, "music loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "music not loaded; run npm run db:seed");
    }
  }
  if (applied.includes(LEARNING_MIGRATION) && !empty && !reloaded) {
    // A corpus loaded before the learning tables existed: its learning content, and nothing else.
    try {
      const questions = await seedLearning(handle, content());
      log?.info({ questions }, "learning content loaded");
    } catch (error) {
      log?.info({ error: String(error) }, "learning content not loaded; run npm run db:seed");
    }
  }
  if (config.seedOnStart && (empty || applied.includes(BOOKS_MIGRATION))) {
    // Books, lists and the reading activities; chapters from the poetry package folder.
    try {
      const file = loadBooks(resolve(config.contentDir));
      if (file) {
        const books = await seedBooks(handle, file, {
          ...(config.poetryDir ? { poetryDir: resolve(config.poetryDir) } : {}),
        });
        log?.info({ books }, "books loaded");
      }
    } catch (error) {
      log?.info({ error: String(error) }, "books not loaded; run npm run db:seed");
    }
  }
  const store = config.redisUrl
    ? createRedisStore(config.redisUrl)
    : createDatabaseStore(handle.db);
  const sms = smsProvider(config, store);
  const wechat = createHttpWeChatProvider({ config: config.wechat, store });
  const wechatExtras = createWeChatExtras({ config: config.wechatExtras, wechat, store });
  return {
    config,
    handle,
    store,
    wechat,
    wechatExtras,
    sms,
    authSecret: await loadAuthSecret(handle.db, config.auth.secret),
    services: createServices({
      handle,
      store,
      contentPollMs: config.contentPollMs,
      sms,
      appTokenSecret: config.auth.appTokenSecret,
      passwordScryptN: config.auth.passwordScryptN,
      uploads: createObjectStorage(config.uploads),
      contentDir: resolve(config.contentDir),
      dayContent: loadDays(resolve(config.contentDir), log),
      musicCacheDir: resolve(config.musicCacheDir),
      // WeChat Pay (API v3) and Alipay where their settings are given (decisions 34, 35); a
      // method whose channel is not configured is refused with 暂不支持该支付方式.
      paymentChannels: {
        ...configuredChannels(config, handle),
        ...(config.commerceTest.memoryChannel ? { wechat: createMemoryChannel("wechat") } : {}),
        ...overrides.paymentChannels,
      },
      // 订单通知 and 会员到期提醒 as WeChat subscription messages (issue 21).
      storeNotices: {
        ...(wechat.configured ? { send: (m) => wechatExtras.sendSubscribeMessage(m) } : {}),
        templates: config.wechatExtras.templates,
        log: (message, detail) => log?.info(detail ?? {}, message),
      },
      // 直播提醒 (decision 48): the same official account's subscription messages.
      liveReminders: {
        ...(wechat.configured ? { send: (m) => wechatExtras.sendSubscribeMessage(m) } : {}),
        template: config.wechatExtras.templates.live,
        leadMinutes: config.liveReminderLeadMinutes,
        log: (message, detail) => log?.info(detail ?? {}, message),
      },
      ...(config.commerceTest.killAfterPaid
        ? { afterOrderPaid: () => process.kill(process.pid, "SIGKILL") }
        : {}),
    }),
  };
}

/** The day pages' files (decision 47); a file with problems is left out and its problems logged. */
function loadDays(contentDir: string, log?: Pick<FastifyBaseLogger, "info">) {
  const issues: KeyedFileIssue[] = [];
  const content = loadDayContent(contentDir, issues);
  if (issues.length > 0) log?.info({ issues }, "day pages' files with problems left out");
  return content;
}

/** The payment channels whose settings are complete (decisions 34, 35). */
function configuredChannels(config: ServerConfig, handle: DatabaseHandle): PaymentChannels {
  const wechat = createWeChatPayChannel(config.wechat);
  const alipay = createAlipayChannel(config.alipay, {
    // Alipay finds a refund by its order and refund numbers; after a restart the order's is read.
    orderNumOfRefund: async (refundNum) =>
      (
        await handle.db
          .selectFrom("refund")
          .select("order_num")
          .where("refund_num", "=", refundNum)
          .executeTakeFirst()
      )?.order_num ?? null,
  });
  return {
    ...(wechat.configured ? { wechat } : {}),
    ...(alipay.configured ? { alipay } : {}),
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.services.close();
  await deps.store.close();
  await deps.handle.close();
}
