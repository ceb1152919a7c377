import type { Kysely, Migration } from "kysely";

// Books and the reader (issue 19 §3): books with their chapters, theme lists (书单), the reading
// challenge (/readbook) and the book-donation activity (/donatebooks).
//
// Books, lists and the two activities are content (content/books.yaml); a book's chapters are
// the public-domain texts of the chinese-poetry package, copied here at seeding so the reader
// never depends on how the poetry importer keys its entries. A chapter may name the entry the
// importer made for it (`entry_id`), so the reader can link to it.
//
// What a reader does is theirs: where they are in a book, their bookmarks, whether they joined
// the challenge, their notes (images in object storage, keys in `images`), their postal address
// for the reward, and their pledges to the donation activity. Rows are keyed by the account.
export const booksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("book")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("chapter_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("read_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("book_chapter")
      .addColumn("book_key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("paragraphs", "text", (c) => c.notNull())
      .addColumn("chars", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("entry_id", "varchar(24)")
      .addPrimaryKeyConstraint("book_chapter_pk", ["book_key", "position"])
      .execute();

    await db.schema
      .createTable("book_list")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("sort_key", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("book_activity")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("data", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("reading_progress")
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("book_key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("offset", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("reading_progress_pk", ["owner_id", "book_key"])
      .execute();

    await db.schema
      .createTable("book_bookmark")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("book_key", "text", (c) => c.notNull())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("offset", "real", (c) => c.notNull().defaultTo(0))
      .addColumn("excerpt", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("book_bookmark_owner_idx")
      .on("book_bookmark")
      .columns(["owner_id", "book_key"])
      .execute();

    await db.schema
      .createTable("reading_challenge")
      .addColumn("owner_id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("joined_at", "text", (c) => c.notNull())
      .addColumn("address", "text")
      .addColumn("address_at", "text")
      .execute();

    await db.schema
      .createTable("reading_note")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("book_key", "text")
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("images", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("reading_note_owner_idx")
      .on("reading_note")
      .columns(["owner_id", "created_at"])
      .execute();

    await db.schema
      .createTable("donation_pledge")
      .addColumn("id", "varchar(24)", (c) => c.primaryKey())
      .addColumn("owner_id", "varchar(24)", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("book_key", "text")
      .addColumn("minutes", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("donation_pledge_owner_idx")
      .on("donation_pledge")
      .column("owner_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      "donation_pledge",
      "reading_note",
      "reading_challenge",
      "book_bookmark",
      "reading_progress",
      "book_activity",
      "book_list",
      "book_chapter",
      "book",
    ])
      await db.schema.dropTable(table).execute();
  },
};
