import type { Kysely, Migration } from "kysely";

// Accounts and server-side sessions (issue 16, decision 18).
//
// An account is a reader known by a phone number (password and/or SMS code), by the app's user
// id (the app's signed token), or both. A WeChat visitor (migration 0002) may be bound to one
// account; what it owned (likes) moves to the account then. A session row is one signed-in
// browser or app webview: only the SHA-256 of its token is stored, so a copy of the table lets
// no one sign in, and a reader can list and end their sessions.
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("phone", "varchar(20)", (c) => c.unique())
      .addColumn("password_hash", "text")
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("avatar", "text")
      .addColumn("app_user_id", "varchar(64)", (c) => c.unique())
      .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("user"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema.alterTable("visitor").addColumn("account_id", "varchar(24)").execute();
    await db.schema.createIndex("visitor_account_idx").on("visitor").column("account_id").execute();

    await db.schema
      .createTable("auth_session")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
      .addColumn("account_id", "varchar(24)")
      .addColumn("visitor_id", "varchar(24)")
      .addColumn("kind", "varchar(16)", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("last_seen_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addColumn("user_agent", "text")
      .addColumn("address", "varchar(64)")
      .execute();
    await db.schema
      .createIndex("auth_session_account_idx")
      .on("auth_session")
      .columns(["account_id", "last_seen_at"])
      .execute();
    await db.schema
      .createIndex("auth_session_visitor_idx")
      .on("auth_session")
      .column("visitor_id")
      .execute();
    // Likes are read per reader (check) as well as per item.
    await db.schema
      .createIndex("like_record_user_idx")
      .on("like_record")
      .columns(["user_id", "type"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("like_record_user_idx").ifExists().execute();
    await db.schema.dropTable("auth_session").ifExists().execute();
    await db.schema.dropIndex("visitor_account_idx").ifExists().execute();
    await db.schema.alterTable("visitor").dropColumn("account_id").execute();
    await db.schema.dropTable("account").ifExists().execute();
  },
};
