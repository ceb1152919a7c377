import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import { noteHtml } from "@tongjian/domain/entry-note-html";
import { normalizeNoteText, noteTextProblem } from "@tongjian/domain/entry-notes";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { contentId } from "./load-content.ts";

const key = z.string().regex(/^[a-z0-9-]+$/, "key 只能是小写字母、数字和连字符");
export const samplesSchema = z.object({
  authors: z.array(
    z.object({ key, name: z.string().regex(/^示例读者·/, "示例作者的名字以“示例读者·”开头") }),
  ),
  notes: z.array(
    z.object({
      key,
      author: key,
      entry: z.string().regex(/^(person|regime|event|place|work)\/[a-z0-9-]+$/),
      hoursAgo: z
        .number()
        .min(0)
        .max(24 * 365),
      likedBy: z.array(key).default([]),
      text: z.string(),
    }),
  ),
});

const sampleId = (kind: string, k: string) =>
  createHash("sha1").update(`sample-${kind}:${k}`).digest("hex").slice(0, 24);

/**
 * Loads `samples/notes.yaml` of a content folder: sample accounts (no phone, no password, no app
 * id: no one signs in as them) and their notes on entries, so /words and the boards are alive on
 * a first start. Rows that exist are left alone (a re-seed keeps readers' likes and hides), and
 * a note on an entry the corpus does not have is skipped. Answers how many notes were added.
 */
export async function seedSampleNotes(
  handle: DatabaseHandle,
  contentDir: string,
  now = new Date(),
): Promise<number> {
  const file = join(contentDir, "samples", "notes.yaml");
  if (!existsSync(file)) return 0;
  const samples = samplesSchema.parse(parseYaml(readFileSync(file, "utf8")));
  const db = handle.db;
  const stamp = now.toISOString();
  const authors = new Map(samples.authors.map((a) => [a.key, sampleId("account", a.key)]));
  let added = 0;
  await db.transaction().execute(async (trx) => {
    for (const author of samples.authors) {
      await trx
        .insertInto("account")
        .values({
          id: sampleId("account", author.key),
          phone: null,
          password_hash: null,
          name: author.name,
          avatar: null,
          app_user_id: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
    for (const note of samples.notes) {
      const [kind = "", entryKey = ""] = note.entry.split("/");
      const entryId = contentId(kind as "person", entryKey);
      const entry = await trx
        .selectFrom("entry")
        .select("id")
        .where("id", "=", entryId)
        .executeTakeFirst();
      const ownerId = authors.get(note.author);
      if (!entry || !ownerId) continue;
      const text = normalizeNoteText(note.text);
      const problem = noteTextProblem(text);
      if (problem) throw new Error(`samples/notes.yaml ${note.key}: ${problem}`);
      const id = sampleId("note", note.key);
      const inserted = await trx
        .insertInto("entry_note")
        .values({
          id,
          entry_id: entryId,
          owner_id: ownerId,
          body: text,
          html: noteHtml(text),
          sample: 1,
          created_at: new Date(now.getTime() - note.hoursAgo * 3_600_000).toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      added++;
      const likers = note.likedBy.flatMap((k) => {
        const liker = authors.get(k);
        return liker && liker !== ownerId ? [liker] : [];
      });
      if (likers.length === 0) continue;
      await trx
        .insertInto("entry_note_like")
        .values(likers.map((liker) => ({ note_id: id, owner_id: liker, created_at: stamp })))
        .onConflict((oc) => oc.columns(["note_id", "owner_id"]).doNothing())
        .execute();
      await trx
        .updateTable("entry_note")
        .set({ like_count: likers.length })
        .where("id", "=", id)
        .execute();
    }
  });
  return added;
}
