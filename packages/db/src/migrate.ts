import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Database } from "./database-schema.ts";
import { initialMigration } from "./migrations/0001-initial.ts";
import { visitorMigration } from "./migrations/0002-visitor.ts";
import { searchMigration } from "./migrations/0003-search.ts";
import { relationTypeIndexMigration } from "./migrations/0004-relation-type-index.ts";
import { popularityIndexMigration } from "./migrations/0005-popularity-index.ts";
import { worksOrderMigration } from "./migrations/0006-works-order.ts";
import { verseSearchMigration } from "./migrations/0007-verse-search.ts";
import { searchGroupsMigration } from "./migrations/0008-search-groups.ts";
import { readingRoomsMigration } from "./migrations/0009-reading-rooms.ts";
import { accountsMigration } from "./migrations/0010-accounts.ts";
import { socialMigration } from "./migrations/0011-social.ts";
import { communityMigration } from "./migrations/0012-community.ts";
import { boardsMigration } from "./migrations/0013-boards.ts";
import { graphMigration } from "./migrations/0014-graph.ts";
import { territoriesMigration } from "./migrations/0015-territories.ts";
import { panoramaCodesMigration } from "./migrations/0016-panorama-codes.ts";
import { musicMigration } from "./migrations/0018-music.ts";
import { booksMigration } from "./migrations/0019-books.ts";
import { videoLiveMigration } from "./migrations/0020-video-live.ts";
import { learningMigration } from "./migrations/0021-learning.ts";
import { depthTestsMigration } from "./migrations/0022-depth-tests.ts";
import { ladderProgressMigration } from "./migrations/0023-ladder-progress.ts";
import { knowledgePointsMigration } from "./migrations/0024-knowledge-points.ts";
import { challengesMigration } from "./migrations/0025-challenges.ts";
import { studyRecordsMigration } from "./migrations/0026-study-records.ts";
import { commerceMigration } from "./migrations/0027-commerce.ts";
import { promotionsMigration } from "./migrations/0028-promotions.ts";
import { storeNoticesMigration } from "./migrations/0029-store-notices.ts";
import { memberEntriesMigration } from "./migrations/0030-member-entries.ts";
import { campaignsMigration } from "./migrations/0031-campaigns.ts";
import { agreementsMigration } from "./migrations/0032-agreements.ts";
import { greetingCardsMigration } from "./migrations/0033-greeting-cards.ts";
import { quizMigration } from "./migrations/0035-quiz.ts";
import { voteBallotsMigration } from "./migrations/0036-vote-ballots.ts";
import { campaignWorksMigration } from "./migrations/0037-campaign-works.ts";
import { liveRemindersMigration } from "./migrations/0038-live-reminders.ts";

// Migrations are listed in code (not read from a folder) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  "0001-initial": initialMigration,
  "0002-visitor": visitorMigration,
  "0003-search": searchMigration,
  "0004-relation-type-index": relationTypeIndexMigration,
  "0005-popularity-index": popularityIndexMigration,
  "0006-works-order": worksOrderMigration,
  "0007-verse-search": verseSearchMigration,
  "0008-search-groups": searchGroupsMigration,
  "0009-reading-rooms": readingRoomsMigration,
  "0010-accounts": accountsMigration,
  "0011-social": socialMigration,
  "0012-community": communityMigration,
  "0013-boards": boardsMigration,
  "0014-graph": graphMigration,
  "0015-territories": territoriesMigration,
  "0016-panorama-codes": panoramaCodesMigration,
  "0018-music": musicMigration,
  "0019-books": booksMigration,
  "0020-video-live": videoLiveMigration,
  "0021-learning": learningMigration,
  "0022-depth-tests": depthTestsMigration,
  "0023-ladder-progress": ladderProgressMigration,
  "0024-knowledge-points": knowledgePointsMigration,
  "0025-challenges": challengesMigration,
  "0026-study-records": studyRecordsMigration,
  "0027-commerce": commerceMigration,
  "0028-promotions": promotionsMigration,
  "0029-store-notices": storeNoticesMigration,
  "0030-member-entries": memberEntriesMigration,
  "0031-campaigns": campaignsMigration,
  "0032-agreements": agreementsMigration,
  "0033-greeting-cards": greetingCardsMigration,
  "0035-quiz": quizMigration,
  "0036-vote-ballots": voteBallotsMigration,
  "0037-campaign-works": campaignWorksMigration,
  "0038-live-reminders": liveRemindersMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export function createMigrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export async function dropAll(db: Kysely<Database>): Promise<void> {
  const migrator = createMigrator(db);
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (!results || results.length === 0) break;
  }
}
