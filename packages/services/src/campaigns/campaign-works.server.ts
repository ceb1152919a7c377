import type {
  MyWorks,
  Work,
  WorkImage,
  WorkLikeStatus,
  WorkList,
  WorksData,
} from "@tongjian/contracts/campaign-works";
import type { CampaignWorkTable, Database } from "@tongjian/db/database-schema";
import { plainWorkText, plainWorkTitle } from "@tongjian/domain/campaign-work-text";
import {
  countsPerDay,
  placeAwards,
  type RankedWork,
  standing,
  WORK_IMAGE_MAX,
  WORK_STATUS_LABELS,
  type WorkCampaign,
  type WorkOrder,
  type WorkStatus,
  workCampaign,
  workExcerpt,
  workProblems,
} from "@tongjian/domain/campaign-works";
import { chinaDay } from "@tongjian/domain/china-time";
import { maskPhone } from "@tongjian/domain/phone-number";
import { ownerIdOf, type UserViewer, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable, Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { type AttemptLimit, createAttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireAdmin, requireUser } from "../accounts/require-login.ts";
import { checkImage } from "../community/image-check.ts";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";
import type { ObjectStorage, StoredObject } from "../storage/object-storage.ts";
import { CampaignConflictError, type Campaigns } from "./campaigns.server.ts";

type WorkRow = Selectable<CampaignWorkTable>;

/** Where the server serves a work's stored image (apps/api's media route). */
export const WORK_MEDIA_PREFIX = "/media/works/";
const STORAGE_PREFIX = "works/";

/** Uploads per account per hour (each image is decoded and re-encoded). */
export const WORK_UPLOAD_LIMIT: AttemptLimit = {
  name: "campaign-works:upload:hour",
  max: 60,
  windowSeconds: 3600,
};
/** Images uploaded but never submitted are kept a day (a draft may be sent later). */
const UNATTACHED_TTL_MS = 24 * 3600 * 1000;
/** At most this many images waiting for a work per reader. */
const UNATTACHED_MAX = 36;
const TOP_SHOWN = 10;

const mediaUrl = (key: string) => `${WORK_MEDIA_PREFIX}${key.slice(STORAGE_PREFIX.length)}`;

/**
 * Readers' works in campaigns (decision 46): submission through the engine's `participate` (the
 * campaign's schedule and limits, the work and its images in one transaction), images checked
 * and re-encoded by the community's pipeline, moderation by the admin role, likes as one row per
 * reader per work plus the engine's tally and ranking, the data page's numbers, and the prizes
 * by place given exactly once when the campaign has ended.
 */
export function createCampaignWorks(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  storage: ObjectStorage;
  store: KeyValueStore;
  now?: () => Date;
}) {
  const { db, campaigns } = deps;
  const clock = deps.now ?? (() => new Date());
  const limiter = createAttemptLimiter(deps.store);

  function activity(key: string): WorkCampaign {
    const c = workCampaign(key);
    if (!c) throw new NotFoundError("活动不存在");
    return c;
  }

  async function names(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const map = new Map<string, string>();
    if (unique.length === 0) return map;
    const rows = await db
      .selectFrom("account")
      .select(["id", "name", "phone"])
      .where("id", "in", unique)
      .execute();
    for (const a of rows) map.set(a.id, a.name || (a.phone ? maskPhone(a.phone) : "通鉴读者"));
    return map;
  }

  async function likeCounts(key: string, ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom("campaign_tally")
      .select(["subject", "count"])
      .where("campaign_key", "=", key)
      .where("subject", "in", [...ids])
      .execute();
    return new Map(rows.map((r) => [r.subject, Number(r.count)]));
  }

  async function toWorks(rows: WorkRow[], viewer: Viewer): Promise<Work[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const owner = ownerIdOf(viewer);
    const key = rows[0]?.campaign_key ?? "";
    const [images, likes, who, liked] = await Promise.all([
      db
        .selectFrom("campaign_work_image")
        .selectAll()
        .where("work_id", "in", ids)
        .orderBy("position")
        .execute(),
      likeCounts(key, ids),
      names(rows.map((r) => r.author_id)),
      owner
        ? db
            .selectFrom("campaign_work_like")
            .select("work_id")
            .where("owner_id", "=", owner)
            .where("work_id", "in", ids)
            .execute()
            .then((r) => new Set(r.map((x) => x.work_id)))
        : Promise.resolve(new Set<string>()),
    ]);
    return rows.map((r) => {
      const status = r.status as WorkStatus;
      const mine = owner === r.author_id;
      return {
        id: r.id,
        campaignKey: r.campaign_key,
        title: r.title,
        text: r.body,
        excerpt: workExcerpt(r.body),
        images: images
          .filter((i) => i.work_id === r.id)
          .map((i) => ({
            id: i.id,
            url: mediaUrl(i.key),
            thumbUrl: mediaUrl(i.thumb_key),
            width: Number(i.width),
            height: Number(i.height),
          })),
        author: { id: r.author_id, name: who.get(r.author_id) ?? "通鉴读者" },
        status,
        statusLabel: WORK_STATUS_LABELS[status] ?? status,
        reason: mine || (viewer.kind === "user" && viewer.role === "admin") ? r.reason : null,
        likes: likes.get(r.id) ?? 0,
        liked: liked.has(r.id),
        mine,
        createdAt: r.created_at,
      };
    });
  }

  async function workRow(key: string, id: string): Promise<WorkRow> {
    const row = await db
      .selectFrom("campaign_work")
      .selectAll()
      .where("campaign_key", "=", key)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("作品不存在或未通过审核");
    return row;
  }

  /** The account as the engine's rewards see it (identities: account, phone, unionid). */
  async function accountViewer(accountId: string): Promise<UserViewer | null> {
    const a = await db
      .selectFrom("account")
      .select(["id", "name", "phone", "role"])
      .where("id", "=", accountId)
      .executeTakeFirst();
    if (!a) return null;
    return {
      kind: "user",
      userId: a.id,
      role: a.role === "admin" ? "admin" : "user",
      phone: a.phone,
      name: a.name,
      appUserId: null,
      visitorId: null,
      via: "browser",
      sessionId: null,
    };
  }

  /** The author's ranking score: the likes of their best approved work (engine's ranking). */
  async function rescore(trx: Transaction<Database>, key: string, authorId: string) {
    const works = await trx
      .selectFrom("campaign_work as w")
      .leftJoin("campaign_tally as t", (j) =>
        j.onRef("t.subject", "=", "w.id").on("t.campaign_key", "=", key),
      )
      .select(["w.id", "w.title", "t.count"])
      .where("w.campaign_key", "=", key)
      .where("w.author_id", "=", authorId)
      .where("w.status", "=", "approved")
      .execute();
    await trx
      .deleteFrom("campaign_score")
      .where("campaign_key", "=", key)
      .where("owner_id", "=", authorId)
      .execute();
    const best = works
      .map((w) => ({ ...w, likes: Number(w.count ?? 0) }))
      .sort((a, b) => b.likes - a.likes)[0];
    if (best && best.likes > 0)
      await campaigns.setScore(
        key,
        authorId,
        best.likes,
        { workId: best.id, title: best.title },
        trx,
      );
  }

  async function dropStaleUploads(ownerId: string): Promise<number> {
    const waiting = await db
      .selectFrom("campaign_work_image")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("work_id", "is", null)
      .execute();
    const cutoff = clock().getTime() - UNATTACHED_TTL_MS;
    const stale = waiting.filter((u) => Date.parse(u.created_at) < cutoff);
    if (stale.length > 0) {
      await db
        .deleteFrom("campaign_work_image")
        .where(
          "id",
          "in",
          stale.map((u) => u.id),
        )
        .where("work_id", "is", null)
        .execute();
      await Promise.all(
        stale.flatMap((u) => [deps.storage.delete(u.key), deps.storage.delete(u.thumb_key)]),
      );
    }
    return waiting.length - stale.length;
  }

  const works = {
    /** Approved works, newest or most liked first. */
    async list(
      key: string,
      viewer: Viewer,
      query: { order: WorkOrder; page: number; size: number },
    ): Promise<WorkList> {
      activity(key);
      const { page, size } = query;
      const total = await db
        .selectFrom("campaign_work")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("campaign_key", "=", key)
        .where("status", "=", "approved")
        .executeTakeFirst();
      let q = db
        .selectFrom("campaign_work as w")
        .leftJoin("campaign_tally as t", (j) =>
          j.onRef("t.subject", "=", "w.id").on("t.campaign_key", "=", key),
        )
        .selectAll("w")
        .where("w.campaign_key", "=", key)
        .where("w.status", "=", "approved");
      q =
        query.order === "popular"
          ? q
              .orderBy((eb) => eb.fn.coalesce("t.count", eb.lit(0)), "desc")
              .orderBy("w.liked_at", "asc")
              .orderBy("w.id", "asc")
          : q.orderBy("w.created_at", "desc").orderBy("w.id", "desc");
      const rows = await q
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const n = Number(total?.n ?? 0);
      return {
        page,
        size,
        total: n,
        hasMore: page * size < n,
        list: await toWorks(rows, viewer),
      };
    },

    /** The reader's own works in the campaign, with their status (审核中, 已通过, 未通过). */
    async mine(key: string, viewer: Viewer): Promise<MyWorks> {
      activity(key);
      const owner = ownerIdOf(viewer);
      if (!owner) return { signedIn: false, list: [] };
      const rows = await db
        .selectFrom("campaign_work")
        .selectAll()
        .where("campaign_key", "=", key)
        .where("author_id", "=", owner)
        .orderBy("created_at", "desc")
        .limit(100)
        .execute();
      return { signedIn: true, list: await toWorks(rows, viewer) };
    },

    /** One work: approved ones for everyone; others only for their author and moderators. */
    async work(key: string, id: string, viewer: Viewer): Promise<Work> {
      activity(key);
      const row = await workRow(key, id);
      const owner = ownerIdOf(viewer);
      const admin = viewer.kind === "user" && viewer.role === "admin";
      if (row.status !== "approved" && owner !== row.author_id && !admin)
        throw new NotFoundError("作品不存在或未通过审核");
      const [w] = await toWorks([row], viewer);
      return w as Work;
    },

    /**
     * Submits a work: cleaned and checked against the activity's rules, then recorded through
     * the engine (schedule and limits) with its images taken in the same transaction. It waits
     * for a moderator.
     */
    async submit(
      key: string,
      viewer: Viewer,
      deviceId: string | null,
      input: { title: string; text: string; imageIds: string[] },
    ): Promise<Work> {
      const c = activity(key);
      const user = requireUser(viewer, "请先登录再投稿");
      const title = plainWorkTitle(input.title);
      const text = plainWorkText(input.text);
      const imageIds = [...new Set(input.imageIds)];
      if (imageIds.length > WORK_IMAGE_MAX)
        throw new BadRequestError(`图片至多 ${WORK_IMAGE_MAX} 张`);
      const problems = workProblems({ title, text, imageCount: imageIds.length }, c.rules);
      if (problems.length > 0) throw new BadRequestError(problems.join("；"));
      const id = newId();
      await campaigns.participate(
        key,
        user,
        { deviceId, kind: "work", subject: id },
        async (trx, action) => {
          await trx
            .insertInto("campaign_work")
            .values({
              id,
              campaign_key: key,
              author_id: user.userId,
              title,
              body: text,
              image_count: imageIds.length,
              status: "pending",
              reason: null,
              moderated_by: null,
              moderated_at: null,
              liked_at: null,
              day: action.day,
              created_at: action.createdAt,
            })
            .execute();
          for (const [position, imageId] of imageIds.entries()) {
            // Only the author's own images that no work has taken yet.
            const taken = await trx
              .updateTable("campaign_work_image")
              .set({ work_id: id, position })
              .where("id", "=", imageId)
              .where("owner_id", "=", user.userId)
              .where("work_id", "is", null)
              .executeTakeFirst();
            if (Number(taken.numUpdatedRows) !== 1)
              throw new BadRequestError("有图片已失效或不属于你，请删除后重新上传");
          }
        },
      );
      return works.work(key, id, user);
    },

    /** Checks, re-encodes (no metadata) and stores an image for a work to come. */
    async uploadImage(viewer: Viewer, data: Buffer): Promise<WorkImage> {
      const user = requireUser(viewer, "请先登录后再上传图片");
      await limiter.spend(WORK_UPLOAD_LIMIT, user.userId, "上传太频繁了，请稍后再试");
      if ((await dropStaleUploads(user.userId)) >= UNATTACHED_MAX)
        throw new ServiceError(429, "未投稿的图片太多了，请先投稿或稍后再试");
      const { image, thumb } = await checkImage(data);
      const id = newId();
      const key = `${STORAGE_PREFIX}${id}.${image.ext}`;
      const thumbKey = `${STORAGE_PREFIX}${id}.thumb.${thumb.ext}`;
      await deps.storage.put(key, image.data, image.contentType);
      await deps.storage.put(thumbKey, thumb.data, thumb.contentType);
      await db
        .insertInto("campaign_work_image")
        .values({
          id,
          owner_id: user.userId,
          work_id: null,
          position: 0,
          key,
          thumb_key: thumbKey,
          content_type: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
          created_at: clock().toISOString(),
        })
        .execute();
      return {
        id,
        url: mediaUrl(key),
        thumbUrl: mediaUrl(thumbKey),
        width: image.width,
        height: image.height,
      };
    },

    /** A stored image by its file name under WORK_MEDIA_PREFIX, or null. */
    async image(file: string): Promise<StoredObject | null> {
      return deps.storage.get(`${STORAGE_PREFIX}${file}`);
    },

    /**
     * Likes an approved work while the campaign runs: one row per reader per work (a second
     * like changes nothing), the engine's tally and the author's ranking score in the same
     * transaction. A like is a vote and is not taken back.
     */
    async like(key: string, id: string, viewer: Viewer): Promise<WorkLikeStatus> {
      activity(key);
      // An account, as for writing: a WeChat visitor's like would count again once they bind.
      const owner = requireUser(viewer, "请先登录再点赞").userId;
      const def = await campaigns.definition(key);
      if (def.phase !== "running")
        throw new CampaignConflictError(
          def.phase === "ended" ? "活动已结束，点赞已截止" : "活动尚未开始",
        );
      const row = await workRow(key, id);
      if (row.status !== "approved") throw new NotFoundError("作品不存在或未通过审核");
      if (row.author_id === owner) throw new BadRequestError("不能给自己的作品点赞");
      const at = clock();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("campaign_work_like")
          .values({
            work_id: id,
            owner_id: owner,
            campaign_key: key,
            day: chinaDay(at),
            created_at: at.toISOString(),
          })
          .onConflict((oc) => oc.columns(["work_id", "owner_id"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          await campaigns.tally(trx, key, id, 1);
          await trx
            .updateTable("campaign_work")
            .set({ liked_at: at.toISOString() })
            .where("id", "=", id)
            .execute();
          const count = await trx
            .selectFrom("campaign_tally")
            .select("count")
            .where("campaign_key", "=", key)
            .where("subject", "=", id)
            .executeTakeFirst();
          await campaigns.setScore(
            key,
            row.author_id,
            Number(count?.count ?? 0),
            { workId: id, title: row.title },
            trx,
          );
        }
        const count = await trx
          .selectFrom("campaign_tally")
          .select("count")
          .where("campaign_key", "=", key)
          .where("subject", "=", id)
          .executeTakeFirst();
        return { liked: true, likes: Number(count?.count ?? 0) };
      });
    },

    /** Works by status for moderators: pending ones oldest first. */
    async moderationQueue(key: string, viewer: Viewer, status: WorkStatus): Promise<Work[]> {
      activity(key);
      requireAdmin(viewer);
      const rows = await db
        .selectFrom("campaign_work")
        .selectAll()
        .where("campaign_key", "=", key)
        .where("status", "=", status)
        .orderBy("created_at", status === "pending" ? "asc" : "desc")
        .limit(100)
        .execute();
      return toWorks(rows, viewer);
    },

    /**
     * Approves or rejects a work (a rejection needs its reason, which the author sees). The
     * author's ranking score follows their approved works; a first approval gives the rewards
     * due by approved works (the participation badge).
     */
    async moderate(
      key: string,
      viewer: Viewer,
      input: { workId: string; action: "approve" | "reject"; reason?: string | undefined },
    ): Promise<Work> {
      activity(key);
      const admin = requireAdmin(viewer);
      const row = await workRow(key, input.workId);
      const reason = input.reason?.trim() || null;
      if (input.action === "reject" && !reason) throw new BadRequestError("请写明不通过的理由");
      const status: WorkStatus = input.action === "approve" ? "approved" : "rejected";
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("campaign_work")
          .set({
            status,
            reason: status === "rejected" ? reason : null,
            moderated_by: admin.userId,
            moderated_at: clock().toISOString(),
          })
          .where("id", "=", row.id)
          .execute();
        if (row.status === "approved" || status === "approved")
          await rescore(trx, key, row.author_id);
      });
      if (status === "approved") {
        const author = await accountViewer(row.author_id);
        if (author) {
          const approved = await db
            .selectFrom("campaign_work")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("campaign_key", "=", key)
            .where("author_id", "=", row.author_id)
            .where("status", "=", "approved")
            .executeTakeFirst();
          await campaigns.grantDue(key, author, Number(approved?.n ?? 0));
        }
      }
      return works.work(key, row.id, viewer);
    },

    /** The data page: numbers, works and likes per day, the top works and the prizes given. */
    async data(key: string): Promise<WorksData> {
      activity(key);
      const def = await campaigns.view(key, { kind: "anonymous" });
      const [counts, authors, pending, likeTotal, workDays, likeDays, top, awards] =
        await Promise.all([
          db
            .selectFrom("campaign_work")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("campaign_key", "=", key)
            .where("status", "=", "approved")
            .executeTakeFirst(),
          db
            .selectFrom("campaign_work")
            .select((eb) => eb.fn.count<number>("author_id").distinct().as("n"))
            .where("campaign_key", "=", key)
            .where("status", "=", "approved")
            .executeTakeFirst(),
          db
            .selectFrom("campaign_work")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("campaign_key", "=", key)
            .where("status", "=", "pending")
            .executeTakeFirst(),
          db
            .selectFrom("campaign_work_like")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("campaign_key", "=", key)
            .executeTakeFirst(),
          db
            .selectFrom("campaign_work")
            .select(["day", (eb) => eb.fn.countAll<number>().as("n")])
            .where("campaign_key", "=", key)
            .where("status", "=", "approved")
            .groupBy("day")
            .execute(),
          db
            .selectFrom("campaign_work_like")
            .select(["day", (eb) => eb.fn.countAll<number>().as("n")])
            .where("campaign_key", "=", key)
            .groupBy("day")
            .execute(),
          works.list(key, { kind: "anonymous" }, { order: "popular", page: 1, size: TOP_SHOWN }),
          db
            .selectFrom("campaign_work_award as a")
            .innerJoin("campaign_work as w", "w.id", "a.work_id")
            .select(["a.place", "a.work_id", "a.owner_id", "a.reward_key", "a.likes", "w.title"])
            .where("a.campaign_key", "=", key)
            .orderBy("a.place")
            .execute(),
        ]);
      const today = chinaDay(clock());
      const first = chinaDay(new Date(def.startsAt));
      const endDay = chinaDay(new Date(def.closedAt ?? def.endsAt));
      const last = [today, endDay].sort()[0] ?? today;
      const perWorks = countsPerDay(
        workDays.map((d) => ({ day: d.day, count: Number(d.n) })),
        first,
        last,
      );
      const likesByDay = new Map(likeDays.map((d) => [d.day, Number(d.n)]));
      // Only days with something (a long campaign's empty days would bury the chart).
      const active = perWorks
        .map((d) => ({ day: d.day, works: d.count, likes: likesByDay.get(d.day) ?? 0 }))
        .filter((d) => d.works > 0 || d.likes > 0);
      const who = await names(awards.map((a) => a.owner_id));
      const labels = new Map(def.rewards.map((r) => [r.key, r.label]));
      return {
        key,
        works: Number(counts?.n ?? 0),
        authors: Number(authors?.n ?? 0),
        likes: Number(likeTotal?.n ?? 0),
        pending: Number(pending?.n ?? 0),
        perDay: active,
        top: top.list
          .filter((w) => w.likes > 0)
          .map((w) => ({ id: w.id, title: w.title, author: w.author.name, likes: w.likes })),
        awards: awards.map((a) => ({
          place: Number(a.place),
          workId: a.work_id,
          title: a.title,
          author: who.get(a.owner_id) ?? "通鉴读者",
          likes: Number(a.likes),
          reward: labels.get(a.reward_key) ?? a.reward_key,
        })),
      };
    },

    /**
     * Gives the prizes by place once the campaign has ended (`npm run campaign:award <key>`):
     * the places are fixed by the first run (one row per place), and each prize goes through the
     * engine, which gives a reward once per account, phone and unionid. Running it again gives
     * nothing new.
     */
    async award(key: string): Promise<{
      places: { place: number; workId: string; ownerId: string; reward: string; given: boolean }[];
      alreadyAwarded: boolean;
    }> {
      activity(key);
      const def = await campaigns.definition(key);
      if (def.phase !== "ended")
        throw new CampaignConflictError(
          "活动尚未结束，结束后才能评奖（提前结束：npm run campaign -- close <键>）",
        );
      let rows = await db
        .selectFrom("campaign_work_award")
        .selectAll()
        .where("campaign_key", "=", key)
        .orderBy("place")
        .execute();
      const alreadyAwarded = rows.length > 0;
      if (!alreadyAwarded) {
        const approved = await db
          .selectFrom("campaign_work as w")
          .leftJoin("campaign_tally as t", (j) =>
            j.onRef("t.subject", "=", "w.id").on("t.campaign_key", "=", key),
          )
          .select(["w.id", "w.author_id", "w.liked_at", "w.created_at", "t.count"])
          .where("w.campaign_key", "=", key)
          .where("w.status", "=", "approved")
          .execute();
        const ranked = standing(
          approved.map(
            (w): RankedWork => ({
              id: w.id,
              authorId: w.author_id,
              likes: Number(w.count ?? 0),
              reachedAt: w.liked_at ?? w.created_at,
            }),
          ),
        );
        const at = clock().toISOString();
        for (const a of placeAwards(ranked, def.rewards))
          await db
            .insertInto("campaign_work_award")
            .values({
              campaign_key: key,
              place: a.place,
              work_id: a.work.id,
              owner_id: a.work.authorId,
              reward_key: a.reward.key,
              likes: a.work.likes,
              granted: 0,
              awarded_at: at,
            })
            .onConflict((oc) => oc.columns(["campaign_key", "place"]).doNothing())
            .execute();
        rows = await db
          .selectFrom("campaign_work_award")
          .selectAll()
          .where("campaign_key", "=", key)
          .orderBy("place")
          .execute();
      }
      const places = [];
      for (const r of rows) {
        const author = await accountViewer(r.owner_id);
        const given = author ? await campaigns.grantReward(key, author, r.reward_key) : false;
        if (given)
          await db
            .updateTable("campaign_work_award")
            .set({ granted: 1 })
            .where("campaign_key", "=", key)
            .where("place", "=", r.place)
            .execute();
        places.push({
          place: Number(r.place),
          workId: r.work_id,
          ownerId: r.owner_id,
          reward: r.reward_key,
          given,
        });
      }
      return { places, alreadyAwarded };
    },
  };
  return works;
}

export type CampaignWorks = ReturnType<typeof createCampaignWorks>;
