import type { Kysely, Migration } from "kysely";

// 中国音乐 (issue 19, /music/*): performers, pieces and playlists from content/music.yaml, and
// the pieces' play and like counts.
//
// Performers, pieces and playlists are content, replaced whole on every seed; each keeps its
// record as JSON text in `data` (like the panoramas), with the columns the pages sort and filter
// by beside it. The counts live in their own table keyed by piece id, so a reseed keeps them.
// Who liked what is kept in `like_record` (type "music"), like the likes of entries.
export const musicMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("music_performer")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("music_piece")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("genre", "text", (c) => c.notNull())
      .addColumn("added_on", "text", (c) => c.notNull())
      .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("music_piece_genre_idx")
      .on("music_piece")
      .columns(["genre", "sort_key"])
      .execute();

    await db.schema
      .createTable("music_playlist")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("key", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("music_piece_stat")
      .addColumn("piece_id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("play_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("music_piece_stat").execute();
    await db.schema.dropTable("music_playlist").execute();
    await db.schema.dropTable("music_piece").execute();
    await db.schema.dropTable("music_performer").execute();
  },
};
