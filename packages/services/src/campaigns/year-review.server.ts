import type {
  ReviewOthersView,
  ReviewShareResult,
  YearReviewView,
} from "@tongjian/contracts/year-review";
import type { Database } from "@tongjian/db/database-schema";
import { chinaDay, chinaDayRange } from "@tongjian/domain/china-time";
import { maskPhone } from "@tongjian/domain/phone-number";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import {
  buildYearReview,
  REVIEW_EDITION_SPECS,
  type ReviewEdition,
  type ReviewSharePart,
  reviewCards,
  reviewWindow,
  type SharedReview,
  shareableReview,
  type YearReview,
} from "@tongjian/domain/year-review";
import type { Kysely } from "kysely";
import { requireSignedIn } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import { NotFoundError } from "../service-error.ts";
import type { Campaigns } from "./campaigns.server.ts";

/** Reads counted in a year at most (a reader's history is far shorter in practice). */
const READS_MAX = 5000;
/** The campaign action that holds a shared snapshot. */
const SNAPSHOT = "snapshot";

/**
 * 天梯周年 (decision 43): a reader's year in review from their study records and reading
 * history, in two editions (the 文史天梯 year and the 少儿天梯 year). Sharing saves a snapshot of
 * the parts the reader chose as a campaign action; a friend's page reads that snapshot only.
 */
export function createYearReview(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  /** Writes reads still held in memory, so today's reads are in the review. */
  flushReads: () => Promise<void>;
  now?: () => Date;
}) {
  const { db, campaigns } = deps;
  const clock = deps.now ?? (() => new Date());

  async function displayName(id: string) {
    const account = await db
      .selectFrom("account")
      .select(["name", "avatar", "phone"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (account)
      return {
        name: account.name || (account.phone ? maskPhone(account.phone) : "通鉴读者"),
        avatar: account.avatar,
      };
    const visitor = await db
      .selectFrom("visitor")
      .select(["wx_name", "wx_avatar"])
      .where("id", "=", id)
      .executeTakeFirst();
    return { name: visitor?.wx_name ?? "通鉴读者", avatar: visitor?.wx_avatar ?? null };
  }

  /** The reader's year, gathered from the study records and the reading history. */
  async function reviewOf(edition: ReviewEdition, ownerId: string): Promise<YearReview> {
    const spec = REVIEW_EDITION_SPECS[edition];
    const today = chinaDay(clock());
    const { from, to } = reviewWindow(today);
    const since = chinaDayRange(from).from;
    await deps.flushReads();
    const [activities, clockins, levelRows, ladderLevels, points, challenges, history] =
      await Promise.all([
        db
          .selectFrom("learning_activity")
          .select(["day", "kind", "ref", "answered", "correct", "seconds"])
          .where("owner_id", "=", ownerId)
          .where("day", ">=", from)
          .where("day", "<=", to)
          .execute(),
        db
          .selectFrom("study_clockin")
          .select("day")
          .where("owner_id", "=", ownerId)
          .where("day", ">=", from)
          .where("day", "<=", to)
          .execute(),
        db
          .selectFrom("ladder_progress as p")
          .innerJoin("learning_level as l", "l.key", "p.level_key")
          .select(["p.level_key", "p.ladder_key", "l.title", "p.passed", "p.updated_at"])
          .where("p.owner_id", "=", ownerId)
          .where("p.updated_at", ">=", since)
          .execute(),
        db
          .selectFrom("learning_level")
          .select("key")
          .where("ladder_key", "in", [...spec.ladders])
          .execute(),
        db
          .selectFrom("ladder_points")
          .select((eb) => eb.fn.sum<number>("points").as("n"))
          .where("owner_id", "=", ownerId)
          .where("ladder_key", "in", [...spec.ladders])
          .where("day", ">=", from)
          .where("day", "<=", to)
          .executeTakeFirst(),
        db
          .selectFrom("challenge_round")
          .select(["day", "score", "answered", "correct"])
          .where("owner_id", "=", ownerId)
          .where("status", "=", "finished")
          .where("day", ">=", from)
          .where("day", "<=", to)
          .execute(),
        db
          .selectFrom("reading_history")
          .select(["kind", "item_id", "first_read_at", "read_count"])
          .where("owner_id", "=", ownerId)
          .where("last_read_at", ">=", since)
          .orderBy("last_read_at", "desc")
          .limit(READS_MAX)
          .execute(),
      ]);
    const ids = (kind: string) => history.filter((h) => h.kind === kind).map((h) => h.item_id);
    const titles = new Map<string, string>();
    const articleIds = ids("article");
    const entryIds = ids("entry");
    for (let i = 0; i < articleIds.length; i += 500)
      for (const a of await db
        .selectFrom("article")
        .select(["id", "title"])
        .where("id", "in", articleIds.slice(i, i + 500))
        .execute())
        titles.set(`article:${a.id}`, a.title);
    for (let i = 0; i < entryIds.length; i += 500)
      for (const e of await db
        .selectFrom("entry")
        .select(["id", "name"])
        .where("id", "in", entryIds.slice(i, i + 500))
        .execute())
        titles.set(`entry:${e.id}`, e.name);
    return buildYearReview({
      today,
      edition: spec,
      activities: activities.map((a) => ({
        day: a.day,
        kind: a.kind,
        ref: a.ref,
        answered: Number(a.answered),
        correct: Number(a.correct),
        seconds: Number(a.seconds),
      })),
      clockins: clockins.map((c) => c.day),
      levels: levelRows.map((l) => ({
        levelKey: l.level_key,
        ladderKey: l.ladder_key,
        title: l.title,
        passed: Number(l.passed) === 1,
        at: l.updated_at,
      })),
      points: Number(points?.n ?? 0),
      challenges: challenges.map((c) => ({
        day: c.day,
        score: Number(c.score),
        answered: Number(c.answered),
        correct: Number(c.correct),
      })),
      // Items no longer in the corpus are left out of the story (their titles are gone).
      reads: history.flatMap((h) => {
        const title = titles.get(`${h.kind}:${h.item_id}`);
        return title && (h.kind === "entry" || h.kind === "article")
          ? [{ kind: h.kind, title, count: Number(h.read_count), firstAt: h.first_read_at }]
          : [];
      }),
      ladderLevelKeys: new Set(ladderLevels.map((l) => l.key)),
    });
  }

  return {
    /** The hint, swiper and result pages: the campaign and, signed in, the reader's year. */
    async view(edition: ReviewEdition, viewer: Viewer): Promise<YearReviewView> {
      const spec = REVIEW_EDITION_SPECS[edition];
      const campaign = await campaigns.view(edition, viewer);
      const owner = ownerIdOf(viewer);
      if (!owner)
        return {
          campaign,
          ladderTitle: spec.ladderTitle,
          voice: spec.voice,
          review: null,
          cards: [],
          name: null,
        };
      const review = await reviewOf(edition, owner);
      return {
        campaign,
        ladderTitle: spec.ladderTitle,
        voice: spec.voice,
        review,
        cards: reviewCards(review, spec.voice, spec.ladderTitle),
        name: (await displayName(owner)).name,
      };
    },

    /**
     * Shares the reader's review: a snapshot of the chosen parts is saved now (a campaign action,
     * within the campaign's limits), and the share payload links a friend to it.
     */
    async share(
      edition: ReviewEdition,
      viewer: Viewer,
      parts: readonly ReviewSharePart[],
      deviceId: string | null,
    ): Promise<ReviewShareResult> {
      const reader = requireSignedIn(viewer, "登录后才能分享年报");
      const owner = ownerIdOf(reader) as string;
      const snapshot = shareableReview(await reviewOf(edition, owner), parts);
      const { action } = await campaigns.participate(edition, reader, {
        deviceId,
        kind: SNAPSHOT,
        subject: parts.join(","),
        payload: snapshot,
      });
      const share = await campaigns.share(
        edition,
        reader,
        `/${edition}/resultothers?share=${action.id}`,
      );
      return { token: action.id, share };
    },

    /**
     * A friend's shared review: the snapshot of a share token, or a reader's latest snapshot. Only
     * what was saved when they shared is shown, never their live records.
     */
    async others(
      edition: ReviewEdition,
      viewer: Viewer,
      query: { share?: string | undefined; user?: string | undefined },
    ): Promise<ReviewOthersView> {
      const campaign = await campaigns.view(edition, viewer);
      let q = db
        .selectFrom("campaign_action")
        .select(["owner_id", "payload", "created_at"])
        .where("campaign_key", "=", edition)
        .where("kind", "=", SNAPSHOT);
      if (query.share) q = q.where("id", "=", query.share);
      else if (query.user) q = q.where("owner_id", "=", query.user);
      else throw new NotFoundError("分享链接不完整");
      const row = await q.orderBy("created_at", "desc").limit(1).executeTakeFirst();
      const snapshot = row?.payload ? parseJson<SharedReview | null>(row.payload, null) : null;
      if (!row || !snapshot) throw new NotFoundError("这份年报还没有分享，或链接已失效");
      const who = await displayName(row.owner_id);
      return {
        campaign,
        ladderTitle: REVIEW_EDITION_SPECS[edition].ladderTitle,
        name: who.name,
        avatar: who.avatar,
        sharedAt: row.created_at,
        snapshot,
      };
    },
  };
}

export type YearReviewService = ReturnType<typeof createYearReview>;
