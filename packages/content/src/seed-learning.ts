import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";
import { type ContentLearning, learningId } from "./learning-content.ts";
import type { ContentBundle } from "./load-content.ts";

const CHUNK = 200;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Knowledge points, questions, ladders and levels are content: replaced whole on every seed.
 * What readers did with them (tests, progress, reviews, activity) is keyed by the content keys
 * and stays.
 */
export async function writeLearning(
  trx: Kysely<Database>,
  learning: ContentLearning,
  stamp: string,
): Promise<void> {
  await trx.deleteFrom("learning_question").execute();
  await trx.deleteFrom("learning_point").execute();
  await trx.deleteFrom("learning_level").execute();
  await trx.deleteFrom("learning_ladder").execute();
  const { points, questions, ladders } = learning;
  for (const batch of chunks(points.map((p, i) => [p, i] as const))) {
    await trx
      .insertInto("learning_point")
      .values(
        batch.map(([p, i]) => ({
          key: p.key,
          id: learningId("point", p.key),
          title: p.title,
          era: p.era,
          theme: p.theme,
          grades: JSON.stringify(p.grades),
          data: JSON.stringify({
            lesson: p.lesson,
            entries: p.entries,
            articles: p.articles,
            questionKeys: p.questionKeys,
          }),
          question_count: p.questionKeys.length,
          sort_key: i,
          updated_at: stamp,
        })),
      )
      .execute();
  }
  for (const batch of chunks(questions.map((q, i) => [q, i] as const))) {
    await trx
      .insertInto("learning_question")
      .values(
        batch.map(([q, i]) => ({
          key: q.key,
          id: learningId("question", q.key),
          point_key: q.pointKey,
          era: q.era,
          theme: q.theme,
          grade: q.grade,
          type: q.type,
          difficulty: q.difficulty,
          data: JSON.stringify({
            stem: q.stem,
            options: q.options,
            answer: q.answer,
            explanation: q.explanation,
            entries: q.entries,
            media: q.media,
          }),
          sort_key: i,
          updated_at: stamp,
        })),
      )
      .execute();
  }
  for (const [i, ladder] of ladders.entries()) {
    await trx
      .insertInto("learning_ladder")
      .values({
        key: ladder.key,
        id: learningId("ladder", ladder.key),
        kind: ladder.kind,
        title: ladder.title,
        data: JSON.stringify({
          intro: ladder.intro,
          grade: ladder.grade,
          levels: ladder.levels.map((l) => l.key),
        }),
        sort_key: i,
        updated_at: stamp,
      })
      .execute();
    for (const batch of chunks(ladder.levels.map((l, position) => [l, position] as const))) {
      await trx
        .insertInto("learning_level")
        .values(
          batch.map(([level, position]) => ({
            key: level.key,
            id: learningId("level", level.key),
            ladder_key: ladder.key,
            ladder_kind: ladder.kind,
            position,
            title: level.title,
            sample: level.sample ? 1 : 0,
            data: JSON.stringify({
              intro: level.intro,
              pointKeys: level.pointKeys,
              articles: level.articles,
            }),
            updated_at: stamp,
          })),
        )
        .execute();
    }
  }
}

/**
 * Loads only the learning content of a bundle, for a database whose other content is in place:
 * the first start after migration 0021-learning on a corpus loaded before it.
 */
export async function seedLearning(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  now = new Date(),
): Promise<number> {
  await handle.db
    .transaction()
    .execute((trx) => writeLearning(trx, bundle.learning, now.toISOString()));
  await bumpContentVersion(handle.db, now);
  return bundle.learning.questions.length;
}
