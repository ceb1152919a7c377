import type {
  CampaignInvitesView,
  CampaignRankingView,
  CampaignView,
  MyCampaignRewardsView,
} from "@tongjian/contracts/campaigns";
import type { CampaignTable, Database } from "@tongjian/db/database-schema";
import {
  CAMPAIGN_KEY,
  CAMPAIGN_PHASE_LABELS,
  type CampaignLimits,
  type CampaignPhase,
  type CampaignReward,
  type CampaignShare,
  type CampaignSharePayload,
  campaignPhase,
  campaignSharePayload,
  describeLimits,
  dueRewards,
  NO_LIMITS,
  participationProblem,
} from "@tongjian/domain/campaigns";
import { chinaDay } from "@tongjian/domain/china-time";
import { maskPhone } from "@tongjian/domain/phone-number";
import { ownerIdOf, type UserViewer, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable, Transaction } from "kysely";
import { newId } from "../accounts/account-repository.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError, ServiceError } from "../service-error.ts";

type CampaignRow = Selectable<CampaignTable>;

/** 409: the campaign's rules do not allow this now (ended, limit reached, already given). */
export class CampaignConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
    this.name = "CampaignConflictError";
  }
}

/** How rewards reach the areas that own them, inside the engine's transaction. */
export interface CampaignGrantPorts {
  vipDays(trx: Transaction<Database>, accountId: string, days: number, key: string): Promise<void>;
  coupon(trx: Transaction<Database>, accountId: string, couponKey: string): Promise<void>;
  reissueCards(
    trx: Transaction<Database>,
    accountId: string,
    cards: number,
    label: string,
    key: string,
  ): Promise<void>;
}

export interface ParticipateInput {
  /** The device's id (the `tj_dev` cookie); per-device limits count it. */
  deviceId: string | null;
  /** What was done: draw, vote, answer, card, work … */
  kind: string;
  /** What it was about (a candidate, a card, a question). */
  subject?: string | null;
  payload?: unknown;
}

export interface CampaignAction {
  id: string;
  ownerId: string;
  day: string;
  createdAt: string;
}

export interface CampaignDefinition {
  key: string;
  title: string;
  kind: string;
  path: string;
  summary: string;
  rules: string[];
  previewAt: string | null;
  startsAt: string;
  endsAt: string;
  limits: CampaignLimits;
  rewards: CampaignReward[];
  share: CampaignShare;
}

const RANKING_SIZE = 50;
const FRIENDS_SHOWN = 100;

/**
 * The campaign engine (issue 22, decision 39). Every activity's service calls it to check the
 * schedule and the limits and to record a participation (`participate`, whose callback writes the
 * activity's own rows in the same transaction), to give rewards exactly once per reader
 * (`grantDue`), to keep a ranking (`setScore`, `ranking`), live counts (`tally`), shares and
 * invitations (who brought whom).
 */
export function createCampaigns(deps: {
  db: Kysely<Database>;
  grants: CampaignGrantPorts;
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  async function row(key: string): Promise<CampaignRow> {
    if (!CAMPAIGN_KEY.test(key) || key.length > 40) throw new NotFoundError("活动不存在");
    const found = await db
      .selectFrom("campaign")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    if (!found) throw new NotFoundError("活动不存在");
    return found;
  }

  const limitsOf = (r: CampaignRow) => parseJson<CampaignLimits>(r.limits, NO_LIMITS);
  const rewardsOf = (r: CampaignRow) => parseJson<CampaignReward[]>(r.rewards, []);
  const shareOf = (r: CampaignRow) =>
    parseJson<CampaignShare>(r.share, { title: r.title, desc: r.summary, imgUrl: "" });
  const phaseOf = (r: CampaignRow, at: Date) =>
    campaignPhase(
      { previewAt: r.preview_at, startsAt: r.starts_at, endsAt: r.ends_at, closedAt: r.closed_at },
      at,
    );

  async function usage(key: string, ownerId: string, deviceId: string | null, day: string) {
    const rows = await db
      .selectFrom("campaign_quota")
      .select(["scope", "who", "period", "used"])
      .where("campaign_key", "=", key)
      .where((eb) =>
        eb.or([
          eb.and([eb("scope", "=", "day"), eb("who", "=", ownerId), eb("period", "=", day)]),
          eb.and([eb("scope", "=", "reader"), eb("who", "=", ownerId)]),
          ...(deviceId ? [eb.and([eb("scope", "=", "device"), eb("who", "=", deviceId)])] : []),
        ]),
      )
      .execute();
    const of = (scope: string) => Number(rows.find((r) => r.scope === scope)?.used ?? 0);
    return { today: of("day"), total: of("reader"), device: of("device") };
  }

  /**
   * Takes one slot of a limit: one conditional UPDATE, so concurrent requests never pass it. A
   * failed take throws and rolls back the transaction (and the slots it took before).
   */
  async function take(
    trx: Transaction<Database>,
    key: string,
    scope: "day" | "reader" | "device",
    who: string,
    period: string,
    limit: number | null,
    message: string,
  ) {
    await trx
      .insertInto("campaign_quota")
      .values({ campaign_key: key, scope, who, period, used: 0 })
      .onConflict((oc) => oc.columns(["campaign_key", "scope", "who", "period"]).doNothing())
      .execute();
    let q = trx
      .updateTable("campaign_quota")
      .set((eb) => ({ used: eb("used", "+", 1) }))
      .where("campaign_key", "=", key)
      .where("scope", "=", scope)
      .where("who", "=", who)
      .where("period", "=", period);
    if (limit !== null) q = q.where("used", "<", limit);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new CampaignConflictError(message);
  }

  /** account:, phone: and wx: identities of a reader: a reward is given once per each. */
  async function identities(user: UserViewer): Promise<string[]> {
    const ids = [`account:${user.userId}`];
    if (user.phone) ids.push(`phone:${user.phone}`);
    const visitors = await db
      .selectFrom("visitor")
      .select("wx_union_id")
      .where((eb) =>
        eb.or([
          eb("account_id", "=", user.userId),
          ...(user.visitorId ? [eb("id", "=", user.visitorId)] : []),
        ]),
      )
      .execute();
    for (const v of visitors) if (v.wx_union_id) ids.push(`wx:${v.wx_union_id}`);
    return [...new Set(ids)];
  }

  async function grantedKeys(key: string, ownerId: string): Promise<Set<string>> {
    const rows = await db
      .selectFrom("campaign_grant")
      .select("reward_key")
      .where("campaign_key", "=", key)
      .where("owner_id", "=", ownerId)
      .execute();
    return new Set(rows.map((r) => r.reward_key));
  }

  async function names(ids: readonly string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map<string, { name: string; avatar: string | null }>();
    const accounts = await db
      .selectFrom("account")
      .select(["id", "name", "avatar", "phone"])
      .where("id", "in", unique)
      .execute();
    const visitors = await db
      .selectFrom("visitor")
      .select(["id", "wx_name", "wx_avatar"])
      .where("id", "in", unique)
      .execute();
    const map = new Map<string, { name: string; avatar: string | null }>();
    for (const a of accounts)
      map.set(a.id, {
        name: a.name || (a.phone ? maskPhone(a.phone) : "通鉴读者"),
        avatar: a.avatar,
      });
    for (const v of visitors) map.set(v.id, { name: v.wx_name ?? "微信读者", avatar: v.wx_avatar });
    return map;
  }

  /** One reward in its own transaction: a grant row per identity, then the owner's grant. */
  async function giveOnce(
    r: CampaignRow,
    viewer: UserViewer,
    reward: CampaignReward,
    ids: readonly string[],
  ): Promise<boolean> {
    const key = r.key;
    return db
      .transaction()
      .execute(async (trx) => {
        const grantId = newId();
        const at = clock().toISOString();
        for (const identity of ids) {
          const inserted = await trx
            .insertInto("campaign_grant")
            .values({
              id: newId(),
              grant_id: grantId,
              campaign_key: key,
              reward_key: reward.key,
              identity,
              owner_id: viewer.userId,
              item: reward.item,
              amount: reward.amount,
              label: reward.label,
              granted_at: at,
            })
            .onConflict((oc) => oc.columns(["campaign_key", "reward_key", "identity"]).doNothing())
            .returning("id")
            .execute();
          if (inserted.length === 0) throw new CampaignConflictError("奖励已领取");
        }
        const grantKey = `campaign:${key}:${reward.key}:${viewer.userId}`;
        if (reward.item === "vip-days")
          await deps.grants.vipDays(trx, viewer.userId, reward.amount, grantKey);
        else if (reward.item === "coupon" && reward.coupon)
          await deps.grants.coupon(trx, viewer.userId, reward.coupon);
        else if (reward.item === "reissue-card")
          await deps.grants.reissueCards(
            trx,
            viewer.userId,
            reward.amount,
            `${r.title}：${reward.label}`,
            grantKey,
          );
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof CampaignConflictError) return false;
        throw error;
      });
  }

  const campaigns = {
    /** The campaign row's definition, for the activity services. */
    async definition(key: string) {
      const r = await row(key);
      return {
        key: r.key,
        title: r.title,
        path: r.path,
        limits: limitsOf(r),
        rewards: rewardsOf(r),
        share: shareOf(r),
        phase: phaseOf(r, clock()),
      };
    },

    /** A campaign as its pages show it: schedule, rules, rewards, and the reader's standing. */
    async view(key: string, viewer: Viewer, deviceId: string | null = null): Promise<CampaignView> {
      const r = await row(key);
      const at = clock();
      const phase = phaseOf(r, at);
      if (phase === null) throw new NotFoundError("活动尚未公布");
      const limits = limitsOf(r);
      const owner = ownerIdOf(viewer);
      const used = owner
        ? await usage(key, owner, deviceId, chinaDay(at))
        : { today: 0, total: 0, device: 0 };
      const granted = owner ? await grantedKeys(key, owner) : new Set<string>();
      const share = shareOf(r);
      return {
        key: r.key,
        title: r.title,
        kind: r.kind as CampaignView["kind"],
        path: r.path,
        summary: r.summary,
        rules: parseJson<string[]>(r.rules, []),
        limits,
        limitsText: describeLimits(limits),
        rewards: rewardsOf(r).map((w) => ({
          key: w.key,
          label: w.label,
          item: w.item,
          amount: w.amount,
          threshold: w.threshold,
          rank: w.rank ?? null,
          granted: granted.has(w.key),
        })),
        phase,
        phaseLabel: CAMPAIGN_PHASE_LABELS[phase],
        previewAt: r.preview_at,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        closedAt: r.closed_at,
        now: at.toISOString(),
        share: campaignSharePayload(share, r.path, owner),
        me: {
          signedIn: owner !== null,
          account: viewer.kind === "user",
          usedToday: used.today,
          usedTotal: used.total,
          reason: owner ? participationProblem(phase, used, limits) : "登录后参与",
        },
      };
    },

    /**
     * Records one participation within the schedule and the limits, and runs `then` (the
     * activity's own writes) in the same transaction: if it throws, nothing is recorded.
     */
    async participate<T>(
      key: string,
      viewer: Viewer,
      input: ParticipateInput,
      then?: (trx: Transaction<Database>, action: CampaignAction) => Promise<T>,
    ): Promise<{ action: CampaignAction; result: T | undefined }> {
      const reader = requireSignedIn(viewer, "请先登录再参与活动");
      const ownerId = ownerIdOf(reader) as string;
      const r = await row(key);
      const at = clock();
      const phase = phaseOf(r, at);
      const limits = limitsOf(r);
      const early = participationProblem(phase, { today: 0, total: 0, device: 0 }, NO_LIMITS);
      if (early) throw new CampaignConflictError(early);
      const day = chinaDay(at);
      const deviceId =
        input.deviceId && /^[A-Za-z0-9_-]{8,64}$/.test(input.deviceId) ? input.deviceId : null;
      const payload = input.payload === undefined ? null : JSON.stringify(input.payload);
      if (payload && payload.length > 20_000) throw new BadRequestError("内容过长");
      return db.transaction().execute(async (trx) => {
        const perDay =
          limits.perDay === 1
            ? "今天已经参与过了，明天再来吧"
            : `每天最多参与 ${limits.perDay ?? 0} 次，明天再来吧`;
        await take(trx, key, "day", ownerId, day, limits.perDay, perDay);
        await take(
          trx,
          key,
          "reader",
          ownerId,
          "all",
          limits.perReader,
          `每人最多参与 ${limits.perReader ?? 0} 次，你已参与过了`,
        );
        if (deviceId)
          await take(
            trx,
            key,
            "device",
            deviceId,
            "all",
            limits.perDevice,
            "这台设备的参与次数已用完",
          );
        else if (limits.perDevice !== null)
          throw new BadRequestError("无法识别设备，请允许 Cookie 后再试");
        const action: CampaignAction = {
          id: newId(),
          ownerId,
          day,
          createdAt: at.toISOString(),
        };
        await trx
          .insertInto("campaign_action")
          .values({
            id: action.id,
            campaign_key: key,
            owner_id: ownerId,
            device_id: deviceId,
            day,
            kind: input.kind.slice(0, 40),
            subject: input.subject ?? null,
            payload,
            created_at: action.createdAt,
          })
          .execute();
        const result = then ? await then(trx, action) : undefined;
        return { action, result };
      });
    },

    /** The reader's actions in a campaign, newest first (their draws, votes, cards …). */
    async actions(key: string, ownerId: string, kind?: string, limit = 100) {
      let q = db
        .selectFrom("campaign_action")
        .selectAll()
        .where("campaign_key", "=", key)
        .where("owner_id", "=", ownerId);
      if (kind) q = q.where("kind", "=", kind);
      return q.orderBy("created_at", "desc").limit(limit).execute();
    },

    /**
     * Gives every reward due at `progress` that the reader has not had, each exactly once per
     * account, phone and WeChat unionid (one unique row per identity: a second request, or the
     * same person under another account, finds one taken and gets nothing). Rewards go to
     * accounts: a WeChat visitor without one gets them after binding a phone.
     */
    async grantDue(key: string, viewer: Viewer, progress: number): Promise<CampaignReward[]> {
      if (viewer.kind !== "user") return [];
      const r = await row(key);
      const due = dueRewards(rewardsOf(r), progress, await grantedKeys(key, viewer.userId));
      if (due.length === 0) return [];
      const ids = await identities(viewer);
      const given: CampaignReward[] = [];
      for (const reward of due) if (await giveOnce(r, viewer, reward, ids)) given.push(reward);
      return given;
    },

    /**
     * Gives one named reward (a prize by place, decision 46) exactly once, as grantDue does:
     * false when the reader (or their phone or unionid) already has it.
     */
    async grantReward(key: string, viewer: UserViewer, rewardKey: string): Promise<boolean> {
      const r = await row(key);
      const reward = rewardsOf(r).find((w) => w.key === rewardKey);
      if (!reward) throw new NotFoundError(`活动没有奖励 ${rewardKey}`);
      return giveOnce(r, viewer, reward, await identities(viewer));
    },

    /** Every reward the reader was given by any campaign, newest first (我的活动奖励). */
    async myRewards(viewer: Viewer): Promise<MyCampaignRewardsView> {
      const owner = ownerIdOf(viewer);
      if (!owner) return { signedIn: false, rewards: [] };
      const rows = await db
        .selectFrom("campaign_grant as g")
        .innerJoin("campaign as c", "c.key", "g.campaign_key")
        .select([
          "g.grant_id",
          "g.campaign_key",
          "c.title",
          "c.path",
          "g.reward_key",
          "g.item",
          "g.amount",
          "g.label",
          "g.granted_at",
        ])
        .where("g.owner_id", "=", owner)
        .where("g.identity", "like", "account:%")
        .orderBy("g.granted_at", "desc")
        .limit(200)
        .execute();
      return {
        signedIn: true,
        rewards: rows.map((g) => ({
          campaignKey: g.campaign_key,
          campaignTitle: g.title,
          path: g.path,
          rewardKey: g.reward_key,
          item: g.item as MyCampaignRewardsView["rewards"][number]["item"],
          amount: Number(g.amount),
          label: g.label,
          grantedAt: g.granted_at,
        })),
      };
    },

    /** Keeps the reader's best score in the campaign's ranking. */
    async setScore(
      key: string,
      ownerId: string,
      score: number,
      detail?: unknown,
      trx?: Transaction<Database>,
    ): Promise<void> {
      const at = clock().toISOString();
      const detailText = detail === undefined ? null : JSON.stringify(detail);
      await (trx ?? db)
        .insertInto("campaign_score")
        .values({ campaign_key: key, owner_id: ownerId, score, detail: detailText, updated_at: at })
        .onConflict((oc) =>
          oc
            .columns(["campaign_key", "owner_id"])
            .doUpdateSet({ score, detail: detailText, updated_at: at })
            .where("campaign_score.score", "<", score),
        )
        .execute();
    },

    /** The top of a campaign's ranking (equal scores: who got there first) and the reader's place. */
    async ranking(key: string, viewer: Viewer, friendsOf?: string): Promise<CampaignRankingView> {
      await row(key);
      let q = db
        .selectFrom("campaign_score")
        .select(["owner_id", "score", "detail", "updated_at"])
        .where("campaign_key", "=", key);
      if (friendsOf) {
        const friends = await campaigns.friendIds(key, friendsOf);
        q = q.where("owner_id", "in", [friendsOf, ...friends]);
      }
      const top = await q
        .orderBy("score", "desc")
        .orderBy("updated_at", "asc")
        .orderBy("owner_id")
        .limit(RANKING_SIZE)
        .execute();
      const owner = ownerIdOf(viewer);
      const mine = owner
        ? await db
            .selectFrom("campaign_score")
            .select(["score", "detail", "updated_at"])
            .where("campaign_key", "=", key)
            .where("owner_id", "=", owner)
            .executeTakeFirst()
        : undefined;
      let myRank: number | null = null;
      if (owner && mine) {
        const ahead = await db
          .selectFrom("campaign_score")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("campaign_key", "=", key)
          .where((eb) =>
            eb.or([
              eb("score", ">", mine.score),
              eb.and([eb("score", "=", mine.score), eb("updated_at", "<", mine.updated_at)]),
              eb.and([
                eb("score", "=", mine.score),
                eb("updated_at", "=", mine.updated_at),
                eb("owner_id", "<", owner),
              ]),
            ]),
          )
          .executeTakeFirst();
        myRank = Number(ahead?.n ?? 0) + 1;
      }
      const total = await db
        .selectFrom("campaign_score")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("campaign_key", "=", key)
        .executeTakeFirst();
      const who = await names([...top.map((t) => t.owner_id), ...(owner ? [owner] : [])]);
      const entry = (ownerId: string, score: number, detail: string | null, rank: number) => ({
        rank,
        ownerId,
        name: who.get(ownerId)?.name ?? "通鉴读者",
        avatar: who.get(ownerId)?.avatar ?? null,
        score: Number(score),
        detail: detail ? parseJson<Record<string, unknown>>(detail, {}) : null,
        isMe: ownerId === owner,
      });
      return {
        key,
        total: Number(total?.n ?? 0),
        entries: top.map((t, i) => entry(t.owner_id, t.score, t.detail, i + 1)),
        me: owner && mine && myRank ? entry(owner, mine.score, mine.detail, myRank) : null,
      };
    },

    /** Adds to a live count (one atomic UPDATE, correct under any number of requests at once). */
    async tally(trx: Transaction<Database>, key: string, subject: string, delta = 1) {
      await trx
        .insertInto("campaign_tally")
        .values({ campaign_key: key, subject, count: 0 })
        .onConflict((oc) => oc.columns(["campaign_key", "subject"]).doNothing())
        .execute();
      await trx
        .updateTable("campaign_tally")
        .set((eb) => ({ count: eb("count", "+", delta) }))
        .where("campaign_key", "=", key)
        .where("subject", "=", subject)
        .execute();
    },

    /** The live counts of a campaign, by subject. */
    async tallies(key: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("campaign_tally")
        .select(["subject", "count"])
        .where("campaign_key", "=", key)
        .execute();
      return new Map(rows.map((r) => [r.subject, Number(r.count)]));
    },

    /**
     * The share payload (spec §3) for the reader's link, recording the share; the link carries
     * `from` so a friend who opens it is counted as brought by the reader.
     */
    async share(key: string, viewer: Viewer, link: string): Promise<CampaignSharePayload> {
      const r = await row(key);
      if (phaseOf(r, clock()) === null) throw new NotFoundError("活动尚未公布");
      if (!link.startsWith("/") || link.startsWith("//") || link.length > 500)
        throw new BadRequestError("分享链接须为本站页面");
      const owner = ownerIdOf(viewer);
      const payload = campaignSharePayload(shareOf(r), link, owner);
      await db
        .insertInto("campaign_share")
        .values({
          id: newId(),
          campaign_key: key,
          owner_id: owner,
          link: payload.link,
          created_at: clock().toISOString(),
        })
        .execute();
      return payload;
    },

    /**
     * Records who brought the reader (the `from` of a shared link): the first inviter wins, a
     * reader cannot invite themself, and only while the campaign runs.
     */
    async recordInvite(key: string, viewer: Viewer, inviterId: string): Promise<boolean> {
      const reader = requireSignedIn(viewer, "请先登录");
      const invitee = ownerIdOf(reader) as string;
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(inviterId)) throw new BadRequestError("邀请人不正确");
      if (inviterId === invitee) return false;
      const r = await row(key);
      if (phaseOf(r, clock()) !== "running") return false;
      const known = await db
        .selectFrom("account")
        .select("id")
        .where("id", "=", inviterId)
        .executeTakeFirst();
      if (!known) throw new BadRequestError("邀请人不存在");
      const inserted = await db
        .insertInto("campaign_invite")
        .values({
          campaign_key: key,
          invitee_id: invitee,
          inviter_id: inviterId,
          created_at: clock().toISOString(),
          valid_at: null,
        })
        .onConflict((oc) => oc.columns(["campaign_key", "invitee_id"]).doNothing())
        .returning("invitee_id")
        .execute();
      return inserted.length > 0;
    },

    /** Ids of the friends a reader brought into a campaign. */
    async friendIds(key: string, inviterId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("campaign_invite")
        .select("invitee_id")
        .where("campaign_key", "=", key)
        .where("inviter_id", "=", inviterId)
        .execute();
      return rows.map((r) => r.invitee_id);
    },

    /**
     * The friends a reader brought and how many are valid: a friend is valid once they signed in
     * and read an entry or an article after joining. Validity is settled here (from the reading
     * history), the count goes to the ranking, and the rewards it reaches are given.
     */
    async invites(key: string, viewer: Viewer): Promise<CampaignInvitesView> {
      const owner = ownerIdOf(viewer);
      await row(key);
      if (!owner)
        return { signedIn: false, friendsNum: 0, validFriendsNum: 0, friends: [], granted: [] };
      const pending = await db
        .selectFrom("campaign_invite as i")
        .innerJoin("reading_history as h", "h.owner_id", "i.invitee_id")
        .select(["i.invitee_id", (eb) => eb.fn.min("h.last_read_at").as("read_at")])
        .where("i.campaign_key", "=", key)
        .where("i.inviter_id", "=", owner)
        .where("i.valid_at", "is", null)
        .whereRef("h.last_read_at", ">=", "i.created_at")
        .groupBy("i.invitee_id")
        .execute();
      for (const p of pending)
        await db
          .updateTable("campaign_invite")
          .set({ valid_at: String(p.read_at) })
          .where("campaign_key", "=", key)
          .where("invitee_id", "=", p.invitee_id)
          .where("valid_at", "is", null)
          .execute();
      const rows = await db
        .selectFrom("campaign_invite")
        .selectAll()
        .where("campaign_key", "=", key)
        .where("inviter_id", "=", owner)
        .orderBy("created_at", "desc")
        .execute();
      const valid = rows.filter((r) => r.valid_at !== null).length;
      if (valid > 0) await campaigns.setScore(key, owner, valid);
      const granted = await campaigns.grantDue(key, viewer, valid);
      const who = await names(rows.slice(0, FRIENDS_SHOWN).map((r) => r.invitee_id));
      return {
        signedIn: true,
        friendsNum: rows.length,
        validFriendsNum: valid,
        friends: rows.slice(0, FRIENDS_SHOWN).map((r) => ({
          name: who.get(r.invitee_id)?.name ?? "通鉴读者",
          avatar: who.get(r.invitee_id)?.avatar ?? null,
          joinedAt: r.created_at,
          valid: r.valid_at !== null,
        })),
        granted: granted.map((g) => g.label),
      };
    },

    // ─── Admin (npm run campaign) ─────────────────────────────────────────────────────────
    async list() {
      const at = clock();
      const rows = await db
        .selectFrom("campaign")
        .selectAll()
        .orderBy("starts_at", "desc")
        .execute();
      return rows.map((r) => ({
        key: r.key,
        title: r.title,
        path: r.path,
        phase: (phaseOf(r, at) ?? "unpublished") as CampaignPhase | "unpublished",
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        closedAt: r.closed_at,
        scheduleSource: r.schedule_source,
      }));
    },

    /** Makes a campaign (or replaces one's definition); its schedule is then the admin's. */
    async create(def: CampaignDefinition): Promise<void> {
      if (!CAMPAIGN_KEY.test(def.key))
        throw new BadRequestError("活动键只能含小写字母、数字与短横线");
      if (Date.parse(def.endsAt) <= Date.parse(def.startsAt))
        throw new BadRequestError("结束时间须晚于开始时间");
      const at = clock().toISOString();
      const values = {
        title: def.title,
        kind: def.kind,
        path: def.path,
        summary: def.summary,
        rules: JSON.stringify(def.rules),
        preview_at: def.previewAt,
        starts_at: def.startsAt,
        ends_at: def.endsAt,
        closed_at: null,
        limits: JSON.stringify(def.limits),
        rewards: JSON.stringify(def.rewards),
        share: JSON.stringify(def.share),
        schedule_source: "admin",
        updated_at: at,
      };
      await db
        .insertInto("campaign")
        .values({ key: def.key, ...values, created_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet(values))
        .execute();
    },

    /** Moves a campaign's schedule (and reopens it if it was closed). */
    async schedule(
      key: string,
      s: { previewAt?: string | null; startsAt?: string; endsAt?: string },
    ): Promise<void> {
      const r = await row(key);
      const startsAt = s.startsAt ?? r.starts_at;
      const endsAt = s.endsAt ?? r.ends_at;
      const previewAt = s.previewAt === undefined ? r.preview_at : s.previewAt;
      for (const t of [startsAt, endsAt, ...(previewAt ? [previewAt] : [])])
        if (Number.isNaN(Date.parse(t))) throw new BadRequestError(`时间不正确：${t}`);
      if (Date.parse(endsAt) <= Date.parse(startsAt))
        throw new BadRequestError("结束时间须晚于开始时间");
      if (previewAt && Date.parse(previewAt) > Date.parse(startsAt))
        throw new BadRequestError("预热时间须早于开始时间");
      await db
        .updateTable("campaign")
        .set({
          preview_at: previewAt ? new Date(previewAt).toISOString() : null,
          starts_at: new Date(startsAt).toISOString(),
          ends_at: new Date(endsAt).toISOString(),
          closed_at: null,
          schedule_source: "admin",
          updated_at: clock().toISOString(),
        })
        .where("key", "=", key)
        .execute();
    },

    /** Ends a campaign now: its pages stay readable and say that it ended. */
    async close(key: string): Promise<void> {
      await row(key);
      const at = clock().toISOString();
      await db
        .updateTable("campaign")
        .set({ closed_at: at, schedule_source: "admin", updated_at: at })
        .where("key", "=", key)
        .execute();
    },
  };
  return campaigns;
}

export type Campaigns = ReturnType<typeof createCampaigns>;
