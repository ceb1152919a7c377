import type { Database } from "@tongjian/db/database-schema";
import type { Kysely, Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";

// The community's SQL (issue 16): circles and members, posts with their topics, comments,
// likes, views, reports, moderation and uploads. Counters on the rows change in the same
// transaction as the rows they count.

type Db = Kysely<Database> | Transaction<Database>;

export interface CircleRow {
  id: string;
  key: string;
  name: string;
  intro: string;
  memberCount: number;
  postCount: number;
}

export interface AuthorRow {
  id: string;
  name: string;
  avatar: string | null;
}

export interface PostRow {
  id: string;
  circleId: string;
  circleName: string;
  author: AuthorRow;
  bodyHtml: string;
  bodyText: string;
  imageIds: string[];
  status: string;
  likeCount: number;
  commentCount: number;
  viewCount: number;
  openReports: number;
  lastReportedAt: string | null;
  createdAt: string;
}

export interface CommentRow {
  id: string;
  postId: string;
  author: AuthorRow;
  bodyHtml: string;
  createdAt: string;
}

export interface UploadRow {
  id: string;
  ownerId: string;
  key: string;
  thumbKey: string;
  contentType: string;
  width: number;
  height: number;
  postId: string | null;
  createdAt: string;
}

/** Counts of one post within a window, per UTC day (YYYY-MM-DD). */
export interface ActivityCounts {
  postId: string;
  day: string;
  views: number;
  likes: number;
  comments: number;
}

const circleColumns = [
  "circle.id",
  "circle.key",
  "circle.name",
  "circle.intro",
  "circle.member_count",
  "circle.post_count",
] as const;

function toCircle(row: {
  id: string;
  key: string;
  name: string;
  intro: string;
  member_count: number;
  post_count: number;
}): CircleRow {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    intro: row.intro,
    memberCount: row.member_count,
    postCount: row.post_count,
  };
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export interface PostFilter {
  circleId?: string | undefined;
  topic?: string | undefined;
  authorId?: string | undefined;
  /** Only posts with open reports (the moderation queue). */
  reported?: boolean | undefined;
  status?: "visible" | "hidden" | undefined;
}

export function createCommunityRepository(db: Kysely<Database>) {
  function postQuery(executor: Db) {
    return executor
      .selectFrom("post")
      .innerJoin("circle", "circle.id", "post.circle_id")
      .leftJoin("account", "account.id", "post.author_id")
      .select([
        "post.id",
        "post.circle_id",
        "circle.name as circle_name",
        "post.author_id",
        "account.name as author_name",
        "account.avatar as author_avatar",
        "post.body_html",
        "post.body_text",
        "post.images",
        "post.status",
        "post.like_count",
        "post.comment_count",
        "post.view_count",
        "post.open_reports",
        "post.last_reported_at",
        "post.created_at",
      ]);
  }

  type PostSelect = Awaited<ReturnType<ReturnType<typeof postQuery>["execute"]>>[number];

  function toPost(row: PostSelect): PostRow {
    return {
      id: row.id,
      circleId: row.circle_id,
      circleName: row.circle_name,
      author: {
        id: row.author_id,
        name: row.author_name ?? "已注销的读者",
        avatar: row.author_avatar ?? null,
      },
      bodyHtml: row.body_html,
      bodyText: row.body_text,
      imageIds: parseIds(row.images),
      status: row.status,
      likeCount: row.like_count,
      commentCount: row.comment_count,
      viewCount: row.view_count,
      openReports: row.open_reports,
      lastReportedAt: row.last_reported_at,
      createdAt: row.created_at,
    };
  }

  function filtered(filter: PostFilter) {
    let query = postQuery(db);
    if (filter.status) query = query.where("post.status", "=", filter.status);
    if (filter.circleId) query = query.where("post.circle_id", "=", filter.circleId);
    if (filter.authorId) query = query.where("post.author_id", "=", filter.authorId);
    if (filter.reported) query = query.where("post.open_reports", ">", 0);
    if (filter.topic) {
      const topic = filter.topic;
      query = query.where("post.id", "in", (eb) =>
        eb
          .selectFrom("post_topic")
          .select("post_topic.post_id")
          .where("post_topic.topic", "=", topic),
      );
    }
    return query;
  }

  async function adjustCirclePosts(trx: Db, circleId: string, by: 1 | -1) {
    await trx
      .updateTable("circle")
      .set((eb) => ({ post_count: eb("post_count", "+", by) }))
      .where("id", "=", circleId)
      .$if(by < 0, (q) => q.where("post_count", ">", 0))
      .execute();
  }

  return {
    // Circles and members.

    async listCircles(page: number, size: number): Promise<{ list: CircleRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("circle")
          .select(circleColumns)
          .orderBy("circle.sort")
          .orderBy("circle.member_count", "desc")
          .orderBy("circle.id")
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom("circle")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(toCircle), total: Number(total.n) };
    },

    async circleById(id: string): Promise<CircleRow | undefined> {
      const row = await db
        .selectFrom("circle")
        .select(circleColumns)
        .where("circle.id", "=", id)
        .executeTakeFirst();
      return row ? toCircle(row) : undefined;
    },

    async joinedCircles(accountId: string): Promise<CircleRow[]> {
      const rows = await db
        .selectFrom("circle_member")
        .innerJoin("circle", "circle.id", "circle_member.circle_id")
        .select(circleColumns)
        .where("circle_member.account_id", "=", accountId)
        .orderBy("circle_member.joined_at", "desc")
        .execute();
      return rows.map(toCircle);
    },

    /** Of the given circles, those the account is a member of. */
    async memberOf(accountId: string, circleIds: string[]): Promise<Set<string>> {
      if (circleIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("circle_member")
        .select("circle_id")
        .where("account_id", "=", accountId)
        .where("circle_id", "in", circleIds)
        .execute();
      return new Set(rows.map((r) => r.circle_id));
    },

    /** Joins or leaves; answers whether anything changed. Idempotent. */
    async setMember(circleId: string, accountId: string, member: boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (member) {
          const inserted = await trx
            .insertInto("circle_member")
            .values({
              circle_id: circleId,
              account_id: accountId,
              joined_at: new Date().toISOString(),
            })
            .onConflict((oc) => oc.columns(["circle_id", "account_id"]).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
          await trx
            .updateTable("circle")
            .set((eb) => ({ member_count: eb("member_count", "+", 1) }))
            .where("id", "=", circleId)
            .execute();
          return true;
        }
        const deleted = await trx
          .deleteFrom("circle_member")
          .where("circle_id", "=", circleId)
          .where("account_id", "=", accountId)
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return false;
        await trx
          .updateTable("circle")
          .set((eb) => ({ member_count: eb("member_count", "-", 1) }))
          .where("id", "=", circleId)
          .where("member_count", ">", 0)
          .execute();
        return true;
      });
    },

    async accountName(id: string): Promise<AuthorRow | undefined> {
      const row = await db
        .selectFrom("account")
        .select(["id", "name", "avatar"])
        .where("id", "=", id)
        .executeTakeFirst();
      return row ?? undefined;
    },

    // Posts.

    async insertPost(input: {
      circleId: string;
      authorId: string;
      bodyHtml: string;
      bodyText: string;
      imageIds: string[];
      topics: { key: string; name: string }[];
    }): Promise<{ id: string } | { missingImages: true }> {
      return db
        .transaction()
        .execute(async (trx) => {
          const id = newId();
          const at = new Date().toISOString();
          await trx
            .insertInto("post")
            .values({
              id,
              circle_id: input.circleId,
              author_id: input.authorId,
              body_html: input.bodyHtml,
              body_text: input.bodyText,
              images: JSON.stringify(input.imageIds),
              created_at: at,
              updated_at: at,
            })
            .execute();
          if (input.imageIds.length > 0) {
            // Only the author's own images that no post has taken yet.
            const attached = await trx
              .updateTable("upload")
              .set({ post_id: id })
              .where("id", "in", input.imageIds)
              .where("owner_id", "=", input.authorId)
              .where("post_id", "is", null)
              .executeTakeFirst();
            if (Number(attached.numUpdatedRows) !== input.imageIds.length) {
              throw new MissingImagesSignal();
            }
          }
          if (input.topics.length > 0) {
            await trx
              .insertInto("post_topic")
              .values(
                input.topics.map((t) => ({
                  topic: t.key,
                  post_id: id,
                  name: t.name,
                  created_at: at,
                })),
              )
              .execute();
          }
          await adjustCirclePosts(trx, input.circleId, 1);
          return { id };
        })
        .catch((error: unknown) => {
          if (error instanceof MissingImagesSignal) return { missingImages: true as const };
          throw error;
        });
    },

    async postById(id: string): Promise<PostRow | undefined> {
      const row = await postQuery(db).where("post.id", "=", id).executeTakeFirst();
      return row ? toPost(row) : undefined;
    },

    /** Newest first (reported: most recently reported first). */
    async listPosts(
      filter: PostFilter,
      page: number,
      size: number,
    ): Promise<{ list: PostRow[]; total: number }> {
      let list = filtered(filter);
      list = filter.reported
        ? list.orderBy("post.last_reported_at", "desc").orderBy("post.id", "desc")
        : list.orderBy("post.created_at", "desc").orderBy("post.id", "desc");
      const [rows, total] = await Promise.all([
        list
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        filtered(filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(toPost), total: Number(total.n) };
    },

    /** The name a topic was first written with, if any visible post has it. */
    async topicName(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("post_topic")
        .select("name")
        .where("topic", "=", key)
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
      return row?.name;
    },

    async uploadsByIds(ids: string[]): Promise<Map<string, UploadRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom("upload").selectAll().where("id", "in", ids).execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            ownerId: r.owner_id,
            key: r.key,
            thumbKey: r.thumb_key,
            contentType: r.content_type,
            width: r.width,
            height: r.height,
            postId: r.post_id,
            createdAt: r.created_at,
          },
        ]),
      );
    },

    // Likes.

    async likedOf(accountId: string, postIds: string[]): Promise<Set<string>> {
      if (postIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("post_like")
        .select("post_id")
        .where("account_id", "=", accountId)
        .where("post_id", "in", postIds)
        .execute();
      return new Set(rows.map((r) => r.post_id));
    },

    /** Idempotent like or unlike; answers the post's like count after it. */
    async setLike(postId: string, accountId: string, like: boolean): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (like) {
          const inserted = await trx
            .insertInto("post_like")
            .values({
              post_id: postId,
              account_id: accountId,
              created_at: new Date().toISOString(),
            })
            .onConflict((oc) => oc.columns(["post_id", "account_id"]).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
            await trx
              .updateTable("post")
              .set((eb) => ({ like_count: eb("like_count", "+", 1) }))
              .where("id", "=", postId)
              .execute();
        } else {
          const deleted = await trx
            .deleteFrom("post_like")
            .where("post_id", "=", postId)
            .where("account_id", "=", accountId)
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) > 0)
            await trx
              .updateTable("post")
              .set((eb) => ({ like_count: eb("like_count", "-", 1) }))
              .where("id", "=", postId)
              .where("like_count", ">", 0)
              .execute();
        }
        const row = await trx
          .selectFrom("post")
          .select("like_count")
          .where("id", "=", postId)
          .executeTakeFirst();
        return row?.like_count ?? 0;
      });
    },

    // Comments.

    async insertComment(input: {
      postId: string;
      authorId: string;
      bodyHtml: string;
      bodyText: string;
    }): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const id = newId();
        await trx
          .insertInto("post_comment")
          .values({
            id,
            post_id: input.postId,
            author_id: input.authorId,
            body_html: input.bodyHtml,
            body_text: input.bodyText,
            created_at: new Date().toISOString(),
          })
          .execute();
        await trx
          .updateTable("post")
          .set((eb) => ({ comment_count: eb("comment_count", "+", 1) }))
          .where("id", "=", input.postId)
          .execute();
        return id;
      });
    },

    /** Oldest first: a conversation reads downwards. */
    async listComments(
      postId: string,
      page: number,
      size: number,
    ): Promise<{ list: CommentRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("post_comment")
          .leftJoin("account", "account.id", "post_comment.author_id")
          .select([
            "post_comment.id",
            "post_comment.post_id",
            "post_comment.author_id",
            "account.name as author_name",
            "account.avatar as author_avatar",
            "post_comment.body_html",
            "post_comment.created_at",
          ])
          .where("post_comment.post_id", "=", postId)
          .orderBy("post_comment.created_at")
          .orderBy("post_comment.id")
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom("post_comment")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("post_id", "=", postId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          postId: r.post_id,
          author: {
            id: r.author_id,
            name: r.author_name ?? "已注销的读者",
            avatar: r.author_avatar,
          },
          bodyHtml: r.body_html,
          createdAt: r.created_at,
        })),
        total: Number(total.n),
      };
    },

    // Views.

    /** Adds views to posts for a day (the buffered counter writes these). */
    async addViews(day: string, counts: Map<string, number>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [postId, n] of counts) {
          const updated = await trx
            .updateTable("post")
            .set((eb) => ({ view_count: eb("view_count", "+", n) }))
            .where("id", "=", postId)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) continue;
          await trx
            .insertInto("post_view_day")
            .values({ post_id: postId, day, views: n })
            .onConflict((oc) =>
              oc.columns(["post_id", "day"]).doUpdateSet((eb) => ({
                views: eb("post_view_day.views", "+", n),
              })),
            )
            .execute();
        }
      });
    },

    // Reports and moderation.

    /** Records a report once per reader and post; answers false when the reader had already. */
    async insertReport(input: {
      postId: string;
      reporterId: string;
      reason: string;
      note: string | null;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const at = new Date().toISOString();
        const inserted = await trx
          .insertInto("post_report")
          .values({
            id: newId(),
            post_id: input.postId,
            reporter_id: input.reporterId,
            reason: input.reason,
            note: input.note,
            created_at: at,
          })
          .onConflict((oc) => oc.columns(["post_id", "reporter_id"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .updateTable("post")
          .set((eb) => ({ open_reports: eb("open_reports", "+", 1), last_reported_at: at }))
          .where("id", "=", input.postId)
          .execute();
        return true;
      });
    },

    /** The open reports of posts, counted by reason. */
    async openReportReasons(postIds: string[]): Promise<Map<string, Record<string, number>>> {
      const result = new Map<string, Record<string, number>>();
      if (postIds.length === 0) return result;
      const rows = await db
        .selectFrom("post_report")
        .select(["post_id", "reason", (eb) => eb.fn.countAll<number>().as("n")])
        .where("post_id", "in", postIds)
        .where("resolved_at", "is", null)
        .groupBy(["post_id", "reason"])
        .execute();
      for (const row of rows) {
        const counts = result.get(row.post_id) ?? {};
        counts[row.reason] = Number(row.n);
        result.set(row.post_id, counts);
      }
      return result;
    },

    /**
     * A moderator's decision: the post's new status (or the same, to keep it), every open
     * report resolved, the circle's count of visible posts kept true, and a line in the log.
     */
    async moderate(input: {
      postId: string;
      moderatorId: string;
      action: "hide" | "restore" | "keep";
      reason: string | null;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const post = await trx
          .selectFrom("post")
          .select(["status", "circle_id"])
          .where("id", "=", input.postId)
          .executeTakeFirstOrThrow();
        const at = new Date().toISOString();
        const status =
          input.action === "hide" ? "hidden" : input.action === "restore" ? "visible" : post.status;
        await trx
          .updateTable("post")
          .set({ status, open_reports: 0, updated_at: at })
          .where("id", "=", input.postId)
          .execute();
        if (status !== post.status)
          await adjustCirclePosts(trx, post.circle_id, status === "visible" ? 1 : -1);
        await trx
          .updateTable("post_report")
          .set({ resolved_at: at })
          .where("post_id", "=", input.postId)
          .where("resolved_at", "is", null)
          .execute();
        await trx
          .insertInto("post_moderation")
          .values({
            id: newId(),
            post_id: input.postId,
            moderator_id: input.moderatorId,
            action: input.action,
            reason: input.reason,
            created_at: at,
          })
          .execute();
      });
    },

    /** The last decision on each post, for the queue. */
    async lastModeration(
      postIds: string[],
    ): Promise<Map<string, { action: string; reason: string | null; at: string; by: string }>> {
      const result = new Map<
        string,
        { action: string; reason: string | null; at: string; by: string }
      >();
      if (postIds.length === 0) return result;
      const rows = await db
        .selectFrom("post_moderation")
        .leftJoin("account", "account.id", "post_moderation.moderator_id")
        .select([
          "post_moderation.post_id",
          "post_moderation.action",
          "post_moderation.reason",
          "post_moderation.created_at",
          "account.name",
        ])
        .where("post_moderation.post_id", "in", postIds)
        .orderBy("post_moderation.created_at")
        .execute();
      for (const row of rows)
        result.set(row.post_id, {
          action: row.action,
          reason: row.reason,
          at: row.created_at,
          by: row.name ?? "管理员",
        });
      return result;
    },

    // Uploads.

    async insertUpload(row: {
      id: string;
      ownerId: string;
      key: string;
      thumbKey: string;
      contentType: string;
      width: number;
      height: number;
      bytes: number;
    }): Promise<void> {
      await db
        .insertInto("upload")
        .values({
          id: row.id,
          owner_id: row.ownerId,
          key: row.key,
          thumb_key: row.thumbKey,
          content_type: row.contentType,
          width: row.width,
          height: row.height,
          bytes: row.bytes,
          created_at: new Date().toISOString(),
        })
        .execute();
    },

    /** An owner's images no post took, oldest first. */
    async unattachedUploads(ownerId: string): Promise<UploadRow[]> {
      const rows = await db
        .selectFrom("upload")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("post_id", "is", null)
        .orderBy("created_at")
        .execute();
      return rows.map((r) => ({
        id: r.id,
        ownerId: r.owner_id,
        key: r.key,
        thumbKey: r.thumb_key,
        contentType: r.content_type,
        width: r.width,
        height: r.height,
        postId: r.post_id,
        createdAt: r.created_at,
      }));
    },

    async deleteUploads(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom("upload").where("id", "in", ids).where("post_id", "is", null).execute();
    },

    /** The upload whose image or thumbnail is stored under the key. */
    async uploadByKey(key: string): Promise<UploadRow | undefined> {
      const row = await db
        .selectFrom("upload")
        .selectAll()
        .where((eb) => eb.or([eb("key", "=", key), eb("thumb_key", "=", key)]))
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            ownerId: row.owner_id,
            key: row.key,
            thumbKey: row.thumb_key,
            contentType: row.content_type,
            width: row.width,
            height: row.height,
            postId: row.post_id,
            createdAt: row.created_at,
          }
        : undefined;
    },

    // Activity, for rankings (the boards) and featured readers.

    /**
     * Views, likes and comments of visible posts since `since` (an ISO time; views by whole UTC
     * day from its day), per post and day.
     */
    async activitySince(since: string, until: string): Promise<ActivityCounts[]> {
      const sinceDay = since.slice(0, 10);
      const untilDay = until.slice(0, 10);
      const [views, likes, comments] = await Promise.all([
        db
          .selectFrom("post_view_day")
          .innerJoin("post", "post.id", "post_view_day.post_id")
          .select(["post_view_day.post_id", "post_view_day.day", "post_view_day.views as n"])
          .where("post.status", "=", "visible")
          .where("post_view_day.day", ">=", sinceDay)
          .where("post_view_day.day", "<=", untilDay)
          .execute(),
        db
          .selectFrom("post_like")
          .innerJoin("post", "post.id", "post_like.post_id")
          .select([
            "post_like.post_id",
            (eb) =>
              eb.fn<string>("substr", ["post_like.created_at", eb.val(1), eb.val(10)]).as("day"),
            (eb) => eb.fn.countAll<number>().as("n"),
          ])
          .where("post.status", "=", "visible")
          .where("post_like.created_at", ">=", since)
          .where("post_like.created_at", "<", until)
          .groupBy(["post_like.post_id", "day"])
          .execute(),
        db
          .selectFrom("post_comment")
          .innerJoin("post", "post.id", "post_comment.post_id")
          .select([
            "post_comment.post_id",
            (eb) =>
              eb.fn<string>("substr", ["post_comment.created_at", eb.val(1), eb.val(10)]).as("day"),
            (eb) => eb.fn.countAll<number>().as("n"),
          ])
          .where("post.status", "=", "visible")
          .where("post_comment.created_at", ">=", since)
          .where("post_comment.created_at", "<", until)
          .groupBy(["post_comment.post_id", "day"])
          .execute(),
      ]);
      const byKey = new Map<string, ActivityCounts>();
      const at = (postId: string, day: string) => {
        const key = `${postId}|${day}`;
        let counts = byKey.get(key);
        if (!counts) {
          counts = { postId, day, views: 0, likes: 0, comments: 0 };
          byKey.set(key, counts);
        }
        return counts;
      };
      for (const r of views) at(r.post_id, r.day).views += Number(r.n);
      for (const r of likes) at(r.post_id, String(r.day)).likes += Number(r.n);
      for (const r of comments) at(r.post_id, String(r.day)).comments += Number(r.n);
      return [...byKey.values()];
    },

    async postsByIds(ids: string[]): Promise<Map<string, PostRow>> {
      if (ids.length === 0) return new Map();
      const rows = await postQuery(db).where("post.id", "in", ids).execute();
      return new Map(rows.map((r) => [r.id, toPost(r)]));
    },

    /**
     * Readers by what they gave the community: visible posts, and the likes and comments those
     * drew. Ties go to the reader who posted last.
     */
    async activeAuthors(
      limit: number,
    ): Promise<
      (AuthorRow & { posts: number; likes: number; comments: number; lastPostAt: string })[]
    > {
      const rows = await db
        .selectFrom("post")
        .innerJoin("account", "account.id", "post.author_id")
        .select([
          "account.id",
          "account.name",
          "account.avatar",
          (eb) => eb.fn.countAll<number>().as("posts"),
          (eb) => eb.fn.sum<number>("post.like_count").as("likes"),
          (eb) => eb.fn.sum<number>("post.comment_count").as("comments"),
          (eb) => eb.fn.max("post.created_at").as("last_post_at"),
        ])
        .where("post.status", "=", "visible")
        .groupBy(["account.id", "account.name", "account.avatar"])
        .orderBy(
          (eb) =>
            eb(
              eb(eb.fn.countAll<number>(), "*", 3),
              "+",
              eb(
                eb.fn.sum<number>("post.like_count"),
                "+",
                eb(eb.fn.sum<number>("post.comment_count"), "*", 2),
              ),
            ),
          "desc",
        )
        .orderBy("last_post_at", "desc")
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        avatar: r.avatar,
        posts: Number(r.posts),
        likes: Number(r.likes ?? 0),
        comments: Number(r.comments ?? 0),
        lastPostAt: String(r.last_post_at),
      }));
    },
  };
}

/** Thrown inside the post transaction to roll it back when an image is not the author's. */
class MissingImagesSignal extends Error {}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
