import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { FESTIVAL_FILE, type FestivalFile, loadFestival } from "@tongjian/content/festival-content";
import type { CampaignView } from "@tongjian/contracts/campaigns";
import type {
  FestivalContent,
  SpringFestivalData,
  SpringFestivalFinal,
  SpringFestivalFriends,
  SpringFestivalLanding,
  SpringFestivalPage,
} from "@tongjian/contracts/spring-festival";
import type { Database } from "@tongjian/db/database-schema";
import { maskPhone } from "@tongjian/domain/phone-number";
import {
  activityStatusOf,
  type BrowserType,
  invitationPath,
  nextReward,
  SPRING_FESTIVAL_2023_KEY,
  SPRING_FESTIVAL_KEY,
} from "@tongjian/domain/spring-festival";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { Kysely } from "kysely";
import { NotFoundError } from "../service-error.ts";
import type { Campaigns } from "./campaigns.server.ts";

/**
 * 春节邀请 (decision 43): the running edition (/springfestival, its friends list and the share
 * page a friend lands on) and the 2023 edition's final results. Shares, who brought whom,
 * validity (a read after joining), rewards and the ranking are the campaign engine's; this
 * service adds the festive content, the spec's springFestivalData and the final tallies.
 */
export function createSpringFestival(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  /** Writes reads still held in memory, so a friend's read just now counts. */
  flushReads: () => Promise<void>;
  contentDir: string;
}) {
  const { db, campaigns } = deps;
  const files = new Map<string, { mtime: number; file: FestivalFile }>();

  /** The edition's festival.yaml, read again when the file changed (a content update). */
  function file(key: string): FestivalFile {
    const path = join(deps.contentDir, "campaigns", key, FESTIVAL_FILE);
    const mtime = existsSync(path) ? statSync(path).mtimeMs : -1;
    const cached = files.get(key);
    if (cached && cached.mtime === mtime) return cached.file;
    const loaded = loadFestival(deps.contentDir, key);
    if (!loaded) throw new NotFoundError("活动内容不存在");
    files.set(key, { mtime, file: loaded });
    return loaded;
  }

  /** The edition's customs and its readings resolved to the corpus (missing ones left out). */
  async function festival(key: string): Promise<FestivalContent> {
    const f = file(key);
    const articles = f.readings.articles.length
      ? await db
          .selectFrom("article")
          .select(["id", "key", "title", "abstract"])
          .where("key", "in", f.readings.articles)
          .execute()
      : [];
    const entries = f.readings.entries.length
      ? await db
          .selectFrom("entry")
          .select(["id", "key", "name", "summary"])
          .where("key", "in", f.readings.entries)
          .execute()
      : [];
    const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
    return {
      edition: f.edition,
      festivalDay: f.festivalDay,
      zodiac: f.zodiac,
      intro: f.intro,
      customs: f.customs.map((c) => ({
        year: c.year,
        yearNote: c.yearNote ?? null,
        title: c.title,
        text: c.text,
      })),
      readings: [
        ...f.readings.articles.flatMap((k) => {
          const a = articles.find((r) => r.key === k);
          return a
            ? [
                {
                  kind: "article" as const,
                  id: a.id,
                  title: a.title,
                  summary: cut(a.abstract),
                  path: `/ah/article/${a.id}`,
                },
              ]
            : [];
        }),
        ...f.readings.entries.flatMap((k) => {
          const e = entries.find((r) => r.key === k);
          return e
            ? [
                {
                  kind: "entry" as const,
                  id: e.id,
                  title: e.name,
                  summary: cut(e.summary),
                  path: `/detail/${e.id}`,
                },
              ]
            : [];
        }),
      ],
    };
  }

  async function person(id: string) {
    const account = await db
      .selectFrom("account")
      .select(["id", "name", "avatar", "phone"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (account)
      return {
        id: account.id,
        name: account.name || (account.phone ? maskPhone(account.phone) : "通鉴读者"),
        avatar: account.avatar,
      };
    const visitor = await db
      .selectFrom("visitor")
      .select(["id", "wx_name", "wx_avatar"])
      .where("id", "=", id)
      .executeTakeFirst();
    return visitor
      ? { id: visitor.id, name: visitor.wx_name ?? "微信读者", avatar: visitor.wx_avatar }
      : null;
  }

  /** Spec §3 springFestivalData for the reader. */
  async function dataOf(
    campaign: CampaignView,
    viewer: Viewer,
    browserType: BrowserType,
    counts: { friendsNum: number; validFriendsNum: number },
  ): Promise<SpringFestivalData> {
    const owner = ownerIdOf(viewer);
    const me = owner ? await person(owner) : null;
    return {
      hasLogin: owner !== null,
      name: me?.name ?? null,
      image: me?.avatar ?? null,
      activityStatus: activityStatusOf(campaign.phase),
      friendsNum: counts.friendsNum,
      validFriendsNum: counts.validFriendsNum,
      browerType: browserType,
      activityId: campaign.key,
      userId: owner,
    };
  }

  const steps = (campaign: CampaignView) =>
    campaign.rewards.map((r) => ({
      key: r.key,
      label: r.label,
      threshold: r.threshold,
      granted: r.granted,
    }));

  /** The friends a reader brought, settled from the reading history (rewards given on the way). */
  async function invitesOf(viewer: Viewer) {
    await deps.flushReads();
    return campaigns.invites(SPRING_FESTIVAL_KEY, viewer);
  }

  return {
    /** /springfestival: the festive content, the reader's counts and next reward, the ranking. */
    async page(viewer: Viewer, browserType: BrowserType): Promise<SpringFestivalPage> {
      const invites = await invitesOf(viewer);
      const campaign = await campaigns.view(SPRING_FESTIVAL_KEY, viewer);
      const [content, ranking, data] = await Promise.all([
        festival(SPRING_FESTIVAL_KEY),
        campaigns.ranking(SPRING_FESTIVAL_KEY, viewer),
        dataOf(campaign, viewer, browserType, invites),
      ]);
      return {
        campaign,
        data,
        festival: content,
        ranking,
        next: nextReward(steps(campaign), invites.validFriendsNum),
        invitePath: invitationPath(ownerIdOf(viewer)),
      };
    },

    /** /springfestival/friendslist: who came through the reader's link and who counts. */
    async friends(viewer: Viewer, browserType: BrowserType): Promise<SpringFestivalFriends> {
      const invites = await invitesOf(viewer);
      const campaign = await campaigns.view(SPRING_FESTIVAL_KEY, viewer);
      return {
        campaign,
        data: await dataOf(campaign, viewer, browserType, invites),
        invites,
        next: nextReward(steps(campaign), invites.validFriendsNum),
        invitePath: invitationPath(ownerIdOf(viewer)),
      };
    },

    /**
     * /springfestival/share: what a friend lands on. Who invited them (when `from` names a
     * reader), the activity, and, once signed in, whether they are recorded and already valid.
     */
    async landing(
      viewer: Viewer,
      from: string | undefined,
      browserType: BrowserType,
    ): Promise<SpringFestivalLanding> {
      const campaign = await campaigns.view(SPRING_FESTIVAL_KEY, viewer);
      const owner = ownerIdOf(viewer);
      const inviter = from && from !== owner ? await person(from) : null;
      const joined = owner
        ? await db
            .selectFrom("campaign_invite")
            .select(["inviter_id", "created_at", "valid_at"])
            .where("campaign_key", "=", SPRING_FESTIVAL_KEY)
            .where("invitee_id", "=", owner)
            .executeTakeFirst()
        : undefined;
      let read = joined?.valid_at != null;
      if (owner && joined && !read) {
        await deps.flushReads();
        read =
          (await db
            .selectFrom("reading_history")
            .select("item_id")
            .where("owner_id", "=", owner)
            .where("last_read_at", ">=", joined.created_at)
            .executeTakeFirst()) !== undefined;
      }
      const invitedBy = joined ? ((await person(joined.inviter_id))?.name ?? "通鉴读者") : null;
      return {
        campaign,
        data: await dataOf(campaign, viewer, browserType, { friendsNum: 0, validFriendsNum: 0 }),
        festival: await festival(SPRING_FESTIVAL_KEY),
        inviter,
        invitedBy,
        readSinceJoining: read,
        invitePath: invitationPath(owner),
      };
    },

    /** /springfestival/2023: the ended edition's content, final ranking and tallies. */
    async final(viewer: Viewer): Promise<SpringFestivalFinal> {
      const key = SPRING_FESTIVAL_2023_KEY;
      const campaign = await campaigns.view(key, viewer);
      const invites = await db
        .selectFrom("campaign_invite")
        .select((eb) => [
          eb.fn.count<number>("inviter_id").distinct().as("inviters"),
          eb.fn.countAll<number>().as("friends"),
          eb.fn.count<number>("valid_at").as("valid"),
        ])
        .where("campaign_key", "=", key)
        .executeTakeFirst();
      const grants = await db
        .selectFrom("campaign_grant")
        .select((eb) => eb.fn.count<number>("grant_id").distinct().as("n"))
        .where("campaign_key", "=", key)
        .executeTakeFirst();
      const owner = ownerIdOf(viewer);
      let mine: SpringFestivalFinal["mine"] = null;
      if (owner) {
        const rows = await db
          .selectFrom("campaign_invite")
          .select("valid_at")
          .where("campaign_key", "=", key)
          .where("inviter_id", "=", owner)
          .execute();
        const rewards = await db
          .selectFrom("campaign_grant")
          .select("label")
          .where("campaign_key", "=", key)
          .where("owner_id", "=", owner)
          .where("identity", "like", "account:%")
          .execute();
        if (rows.length > 0 || rewards.length > 0)
          mine = {
            friendsNum: rows.length,
            validFriendsNum: rows.filter((r) => r.valid_at !== null).length,
            rewards: rewards.map((r) => r.label),
          };
      }
      return {
        campaign,
        festival: await festival(key),
        ranking: await campaigns.ranking(key, viewer),
        totals: {
          inviters: Number(invites?.inviters ?? 0),
          friends: Number(invites?.friends ?? 0),
          validFriends: Number(invites?.valid ?? 0),
          rewards: Number(grants?.n ?? 0),
        },
        mine,
      };
    },
  };
}

export type SpringFestival = ReturnType<typeof createSpringFestival>;
