import type { DatabaseHandle } from "@tongjian/db/create-database";
import { bodyTopics, cleanBody } from "@tongjian/domain/post-body";
import { sql } from "kysely";
import { type CommunityContent, sampleId } from "./community-content.ts";

export interface CommunitySeedSummary {
  readers: number;
  circles: number;
  posts: number;
  comments: number;
}

const HOUR_MS = 3600_000;

/**
 * Writes the sample community. Samples already there keep their time, counters and what readers
 * did with them (their likes, comments, reports); circles take the file's name and intro; what
 * is missing is added. Readers' own posts and memberships are never touched. Counters are then
 * recounted from the rows, so they stay true however often this runs.
 */
export async function seedCommunity(
  handle: DatabaseHandle,
  content: CommunityContent,
  options: { now?: Date } = {},
): Promise<CommunitySeedSummary> {
  const now = options.now ?? new Date();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString();
  const stamp = now.toISOString();
  const reader = (key: string) => sampleId("reader", key);
  const circle = (key: string) => sampleId("circle", key);
  let comments = 0;

  await handle.db.transaction().execute(async (trx) => {
    for (const r of content.readers) {
      // No phone, no password, no app id: a sample reader cannot sign in.
      await trx
        .insertInto("account")
        .values({
          id: reader(r.key),
          phone: null,
          password_hash: null,
          name: r.name,
          avatar: null,
          app_user_id: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column("id").doUpdateSet({ name: r.name }))
        .execute();
    }
    for (const [index, c] of content.circles.entries()) {
      await trx
        .insertInto("circle")
        .values({
          id: circle(c.key),
          key: c.key,
          name: c.name,
          intro: c.intro,
          sort: index,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) =>
          oc
            .column("id")
            .doUpdateSet({ name: c.name, intro: c.intro, sort: index, updated_at: stamp }),
        )
        .execute();
      for (const m of c.members) {
        await trx
          .insertInto("circle_member")
          .values({ circle_id: circle(c.key), account_id: reader(m), joined_at: stamp })
          .onConflict((oc) => oc.columns(["circle_id", "account_id"]).doNothing())
          .execute();
      }
    }
    for (const p of content.posts) {
      const postId = sampleId("post", p.key);
      const body = cleanBody(p.text);
      const created = at(p.hoursAgo);
      const inserted = await trx
        .insertInto("post")
        .values({
          id: postId,
          circle_id: circle(p.circle),
          author_id: reader(p.author),
          body_html: body.html,
          body_text: body.text,
          sample: 1,
          created_at: created,
          updated_at: created,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      const topics = bodyTopics(body.html);
      if (topics.length > 0)
        await trx
          .insertInto("post_topic")
          .values(
            topics.map((t) => ({
              topic: t.key,
              post_id: postId,
              name: t.name,
              created_at: created,
            })),
          )
          .onConflict((oc) => oc.columns(["topic", "post_id"]).doNothing())
          .execute();
      for (const liker of p.likedBy) {
        await trx
          .insertInto("post_like")
          .values({ post_id: postId, account_id: reader(liker), created_at: created })
          .onConflict((oc) => oc.columns(["post_id", "account_id"]).doNothing())
          .execute();
      }
      for (const [i, c] of p.comments.entries()) {
        const text = cleanBody(c.text);
        await trx
          .insertInto("post_comment")
          .values({
            id: sampleId("comment", `${p.key}-${i}`),
            post_id: postId,
            author_id: reader(c.author),
            body_html: text.html,
            body_text: text.text,
            created_at: at(c.hoursAgo),
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
        comments++;
      }
    }
    // Counters from the rows they count.
    await sql`UPDATE circle SET
      member_count = (SELECT COUNT(*) FROM circle_member m WHERE m.circle_id = circle.id),
      post_count = (SELECT COUNT(*) FROM post p WHERE p.circle_id = circle.id AND p.status = 'visible')`.execute(
      trx,
    );
    await sql`UPDATE post SET
      like_count = (SELECT COUNT(*) FROM post_like l WHERE l.post_id = post.id),
      comment_count = (SELECT COUNT(*) FROM post_comment c WHERE c.post_id = post.id)
      WHERE sample = 1`.execute(trx);
  });

  return {
    readers: content.readers.length,
    circles: content.circles.length,
    posts: content.posts.length,
    comments,
  };
}
