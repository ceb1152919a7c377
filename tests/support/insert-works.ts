import { createHash } from "node:crypto";
import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/**
 * Poems of one author written straight into the database, in the shape the chinese-poetry
 * importer stores (kind "poem", a 作品 relation from the poet labelled with the collection), so
 * entry pages can be tested before and independently of the importer.
 */
export interface TestPoem {
  id: string;
  name: string;
  paragraphs: string[];
}

const CHUNK = 200;

export async function insertWorks(
  db: Kysely<Database>,
  author: { id: string; name: string },
  count: number,
  collection = "测试诗集",
): Promise<TestPoem[]> {
  const stamp = new Date().toISOString();
  const poems: TestPoem[] = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, "0");
    return {
      id: createHash("sha1").update(`poem:test:${author.id}:${n}`).digest("hex").slice(0, 24),
      name: `测试诗${n}`,
      paragraphs: [`第${n}首第一句，风吹草低见牛羊。`, `第${n}首第二句，明月松间照清泉。`],
    };
  });
  for (let i = 0; i < poems.length; i += CHUNK) {
    const batch = poems.slice(i, i + CHUNK);
    await db
      .insertInto("entry")
      .values(
        batch.map((p) => ({
          id: p.id,
          key: `test-poem-${p.id}`,
          kind: "poem",
          name: p.name,
          aliases: "[]",
          summary: p.paragraphs.join(""),
          start_year: null,
          end_year: null,
          time_desc: null,
          regime_id: null,
          data: JSON.stringify({
            author: author.name,
            authorId: author.id,
            dynasty: "唐",
            collection,
            paragraphs: p.paragraphs,
            notes: ["测试用注释。"],
          }),
          image_url: null,
          search_names: p.name,
          pinyin: "",
          pinyin_initials: "",
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    await db
      .insertInto("relation")
      .values(
        batch.map((p) => ({
          id: createHash("sha1").update(`${author.id}|${p.id}|作品`).digest("hex").slice(0, 24),
          from_id: author.id,
          to_id: p.id,
          type: "作品",
          label: collection,
          twoway: 0,
          note: null,
          year: null,
        })),
      )
      .execute();
  }
  return poems;
}
