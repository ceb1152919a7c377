import type { Kysely, Migration } from "kysely";

// Videos, live sessions and recordings (issue 19 §4–5).
//
// The sample videos themselves are files (content/videos, made by `npm run video:build`); the
// database keeps what readers do with them: where each reader stopped (video_progress), the live
// programme and who asked to be reminded of a session (live_session, live_reminder), and the
// recordings readers upload (audio_upload, the bytes in object storage under `key`).
export const videoLiveMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("video_progress")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("video_id", "text", (c) => c.notNull())
      .addColumn("position_seconds", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("video_progress_pk", ["owner_id", "video_id"])
      .execute();

    await db.schema
      .createTable("live_session")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("channel", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("host", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("starts_at", "text", (c) => c.notNull())
      .addColumn("ends_at", "text", (c) => c.notNull())
      .addColumn("video_id", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("live_session_channel_idx")
      .on("live_session")
      .columns(["channel", "starts_at"])
      .execute();

    await db.schema
      .createTable("live_reminder")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("session_key", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("live_reminder_pk", ["owner_id", "session_key"])
      .execute();

    await db.schema
      .createTable("audio_upload")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("format", "text", (c) => c.notNull())
      .addColumn("content_type", "text", (c) => c.notNull())
      .addColumn("bytes", "integer", (c) => c.notNull())
      .addColumn("duration_ms", "integer", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("audio_upload_owner_idx")
      .on("audio_upload")
      .columns(["owner_id", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("audio_upload").execute();
    await db.schema.dropTable("live_reminder").execute();
    await db.schema.dropTable("live_session").execute();
    await db.schema.dropTable("video_progress").execute();
  },
};
