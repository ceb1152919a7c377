import {
  LIVE_API,
  type LiveChannel,
  type LiveNotice,
  type LiveReminderList,
  type LiveSession,
} from "@tongjian/contracts/video";
import type { Database, LiveReminderTable, LiveSessionTable } from "@tongjian/db/database-schema";
import {
  LIVE_REMINDER_LEAD_MINUTES,
  type LiveReminderState,
  livePath,
  livePlaylist,
  liveState,
  type MediaSegment,
  playlistSegments,
  reminderDue,
  secondsUntil,
} from "@tongjian/domain/video-live";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable } from "kysely";
import { requireUser } from "../accounts/require-login.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import { LIVE_PROGRAMME, type ProgrammeSession, programmeStart } from "./live-programme.ts";
import { type VideoService, videoBase } from "./videos.server.ts";

/** How long a video's segment list is kept before its playlist is read again. */
const SEGMENTS_KEPT_MS = 5 * 60_000;

/** Where a session's live stream is played from while it is on air. */
export const liveStreamUrl = (key: string) => `${LIVE_API}/n/stream/${key}/index.m3u8`;

/** 已提醒 once the job was done with the reminder or the reader saw its in-site notice. */
function reminderStateOf(
  row: Pick<Selectable<LiveReminderTable>, "sent_at" | "seen_at">,
): LiveReminderState {
  return row.sent_at || row.seen_at ? "已提醒" : "待提醒";
}

/**
 * Live sessions (issue 19 §4): 预告 / 直播中 / 回放 from their schedule and the server's clock
 * (`now`, injectable), reminders for signed-in readers, and the stream or the replay. The
 * reminders themselves go out through the reminder job (live-reminders.server.ts, decision 48);
 * here readers sign up, see their reminders' state and the in-site notices.
 */
export function createLiveService(deps: {
  db: Kysely<Database>;
  videos: VideoService;
  now?: () => Date;
  programme?: readonly ProgrammeSession[];
  /** How long before a start the reminders go out (`LIVE_REMINDER_LEAD_MINUTES`). */
  reminderLeadMinutes?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const programme = deps.programme ?? LIVE_PROGRAMME;
  const leadMinutes = deps.reminderLeadMinutes ?? LIVE_REMINDER_LEAD_MINUTES;
  let laidOut: Promise<void> | null = null;
  /**
   * Each video's segments, read from its playlist at most every five minutes (the playlist's own
   * cache time), not on every viewer's request for the live window (one every few seconds each).
   */
  const segmentsRead = new Map<string, { at: number; segments: MediaSegment[] }>();
  async function segmentsOf(videoId: string): Promise<MediaSegment[]> {
    const at = Date.now();
    const kept = segmentsRead.get(videoId);
    if (kept && at - kept.at < SEGMENTS_KEPT_MS) return kept.segments;
    const playlist = await deps.videos.file(videoId, "index.m3u8");
    const segments = playlist ? playlistSegments(playlist.data.toString("utf8")) : [];
    if (segments.length) segmentsRead.set(videoId, { at, segments });
    return segments;
  }

  /**
   * Writes the programme's sessions that the database lacks, timed from this moment; sessions
   * already there keep their times.
   */
  function layOut(): Promise<void> {
    laidOut ??= (async () => {
      const at = now();
      const createdAt = at.toISOString();
      const rows = programme.map((s) => {
        const start = programmeStart(s, at);
        return {
          key: s.key,
          channel: s.channel,
          title: s.title,
          host: s.host,
          summary: s.summary,
          starts_at: start.toISOString(),
          ends_at: new Date(start.getTime() + s.minutes * 60_000).toISOString(),
          video_id: s.videoId,
          created_at: createdAt,
        };
      });
      if (rows.length)
        await deps.db
          .insertInto("live_session")
          .values(rows)
          .onConflict((c) => c.column("key").doNothing())
          .execute();
    })().catch((error) => {
      laidOut = null;
      throw error;
    });
    return laidOut;
  }

  async function present(
    rows: Selectable<LiveSessionTable>[],
    viewer: Viewer,
  ): Promise<LiveSession[]> {
    if (!rows.length) return [];
    const at = now();
    const keys = rows.map((r) => r.key);
    const counts = await deps.db
      .selectFrom("live_reminder")
      .select(["session_key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("session_key", "in", keys)
      .groupBy("session_key")
      .execute();
    const mine =
      viewer.kind === "user"
        ? new Map(
            (
              await deps.db
                .selectFrom("live_reminder")
                .select(["session_key", "sent_at", "seen_at"])
                .where("owner_id", "=", viewer.userId)
                .where("session_key", "in", keys)
                .execute()
            ).map((r) => [r.session_key, r] as const),
          )
        : new Map<string, Pick<Selectable<LiveReminderTable>, "sent_at" | "seen_at">>();
    const sessions: LiveSession[] = [];
    for (const row of rows) {
      const schedule = { startsAt: row.starts_at, endsAt: row.ends_at };
      const state = liveState(schedule, at);
      const video = state === "预告" ? null : await deps.videos.find(row.video_id);
      sessions.push({
        key: row.key,
        channel: row.channel === "young" ? "young" : "wenshi",
        title: row.title,
        host: row.host,
        summary: row.summary,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        state,
        startsInSeconds: state === "预告" ? secondsUntil(row.starts_at, at) : 0,
        serverTime: at.toISOString(),
        video,
        streamUrl: state === "直播中" && video ? liveStreamUrl(row.key) : null,
        reminded: mine.has(row.key),
        reminderCount: Number(counts.find((c) => c.session_key === row.key)?.n ?? 0),
        reminderState: reminderOf(mine.get(row.key)),
        reminderLeadMinutes: leadMinutes,
      });
    }
    return sessions;
  }

  const reminderOf = (row: Parameters<typeof reminderStateOf>[0] | undefined) =>
    row ? reminderStateOf(row) : null;

  const STATE_ORDER = { 直播中: 0, 预告: 1, 回放: 2 } as const;

  async function requireSession(key: string) {
    await layOut();
    const row = await deps.db
      .selectFrom("live_session")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("直播不存在");
    if (row.cancelled_at) throw new NotFoundError("这场直播已取消");
    return row;
  }

  /** The reader's reminders of sessions not ended nor cancelled, soonest first. */
  async function upcomingReminders(ownerId: string) {
    await layOut();
    return deps.db
      .selectFrom("live_reminder as r")
      .innerJoin("live_session as s", "s.key", "r.session_key")
      .select(["s.key", "s.title", "s.host", "s.starts_at", "s.ends_at", "r.sent_at", "r.seen_at"])
      .where("r.owner_id", "=", ownerId)
      .where("s.cancelled_at", "is", null)
      .where("s.ends_at", ">", now().toISOString())
      .orderBy("s.starts_at")
      .execute();
  }

  return {
    layOut,

    /** A channel's sessions: on air first, then coming (soonest first), then replays (latest first). */
    async list(channel: LiveChannel, viewer: Viewer) {
      await layOut();
      const rows = await deps.db
        .selectFrom("live_session")
        .selectAll()
        .where("channel", "=", channel)
        .where("cancelled_at", "is", null)
        .orderBy("starts_at")
        .execute();
      const sessions = await present(rows, viewer);
      sessions.sort((a, b) => {
        const byState = STATE_ORDER[a.state] - STATE_ORDER[b.state];
        if (byState) return byState;
        const order = a.startsAt.localeCompare(b.startsAt);
        return a.state === "回放" ? -order : order;
      });
      return { list: sessions, serverTime: now().toISOString() };
    },

    async session(key: string, viewer: Viewer): Promise<LiveSession> {
      const row = await requireSession(key);
      const [session] = await present([row], viewer);
      return session as LiveSession;
    },

    /**
     * The live HLS playlist of a session on air, at this moment of its broadcast (livePlaylist):
     * its video from the start time on, over again while the session lasts. Not before the start
     * nor after the end (the replay is the video's own playlist).
     */
    async stream(key: string): Promise<string> {
      const row = await requireSession(key);
      const at = now();
      if (liveState({ startsAt: row.starts_at, endsAt: row.ends_at }, at) !== "直播中")
        throw new NotFoundError("这场直播不在直播中");
      const m3u8 = livePlaylist(await segmentsOf(row.video_id), {
        startsAt: row.starts_at,
        now: at,
        base: videoBase(row.video_id),
      });
      if (!m3u8) throw new NotFoundError("直播流暂不可用");
      return m3u8;
    },

    /**
     * Signs the reader up for a session's reminder (or cancels it); only before it ends. A
     * reminder cancelled before it went out is gone, so the job never sends it.
     */
    async remind(viewer: Viewer, key: string, remind: boolean) {
      const user = requireUser(viewer, "请先登录后再预约提醒");
      const row = await requireSession(key);
      if (remind) {
        if (liveState({ startsAt: row.starts_at, endsAt: row.ends_at }, now()) === "回放")
          throw new ServiceError(409, "直播已结束，可以观看回放");
        await deps.db
          .insertInto("live_reminder")
          .values({ owner_id: user.userId, session_key: key, created_at: now().toISOString() })
          .onConflict((c) => c.columns(["owner_id", "session_key"]).doNothing())
          .execute();
      } else {
        await deps.db
          .deleteFrom("live_reminder")
          .where("owner_id", "=", user.userId)
          .where("session_key", "=", key)
          .execute();
      }
      const count = await deps.db
        .selectFrom("live_reminder")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("session_key", "=", key)
        .executeTakeFirstOrThrow();
      const mine = remind
        ? await deps.db
            .selectFrom("live_reminder")
            .select(["sent_at", "seen_at"])
            .where("owner_id", "=", user.userId)
            .where("session_key", "=", key)
            .executeTakeFirst()
        : undefined;
      return {
        key,
        reminded: remind,
        reminderCount: Number(count.n),
        reminderState: reminderOf(mine),
      };
    },

    /** The reader's reminders of sessions to come or on air, with their state. */
    async reminders(viewer: Viewer): Promise<LiveReminderList> {
      const user = requireUser(viewer, "请先登录后查看直播提醒");
      const at = now();
      const rows = await upcomingReminders(user.userId);
      return {
        list: rows.map((r) => ({
          key: r.key,
          title: r.title,
          host: r.host,
          startsAt: r.starts_at,
          endsAt: r.ends_at,
          state: liveState({ startsAt: r.starts_at, endsAt: r.ends_at }, at),
          reminderState: reminderStateOf(r),
          remindAt: new Date(Date.parse(r.starts_at) - leadMinutes * 60_000).toISOString(),
          path: livePath(r.key),
        })),
        leadMinutes,
        serverTime: at.toISOString(),
      };
    },

    /**
     * The in-site notices: the reader's sessions about to start (within the lead time) or on
     * air whose notice they have not dismissed or opened; the soonest first.
     */
    async notices(viewer: Viewer): Promise<LiveNotice[]> {
      const user = requireUser(viewer, "请先登录后查看直播提醒");
      const at = now();
      const rows = await upcomingReminders(user.userId);
      return rows
        .filter(
          (r) =>
            !r.seen_at &&
            reminderDue({ startsAt: r.starts_at, endsAt: r.ends_at }, at, leadMinutes),
        )
        .map((r) => ({
          key: r.key,
          title: r.title,
          state: at.getTime() < Date.parse(r.starts_at) ? ("预告" as const) : ("直播中" as const),
          startsAt: r.starts_at,
          path: livePath(r.key),
        }));
    },

    /** The reader dismissed or opened a session's in-site notice: it is not shown again. */
    async noticeSeen(viewer: Viewer, key: string) {
      const user = requireUser(viewer, "请先登录后查看直播提醒");
      const r = await deps.db
        .updateTable("live_reminder")
        .set({ seen_at: now().toISOString() })
        .where("owner_id", "=", user.userId)
        .where("session_key", "=", key)
        .where("seen_at", "is", null)
        .executeTakeFirst();
      return { key, seen: Number(r.numUpdatedRows) === 1 };
    },

    /**
     * Operators (`npm run live:session`): moves a session to a new start (keeping its length
     * unless `minutes` is given; a cancelled session is back on). Its reminders are due again at
     * the new time: any already sent named the old one.
     */
    async reschedule(key: string, startsAt: Date, minutes?: number) {
      await layOut();
      const row = await deps.db
        .selectFrom("live_session")
        .selectAll()
        .where("key", "=", key)
        .executeTakeFirst();
      if (!row) throw new NotFoundError("直播不存在");
      if (Number.isNaN(startsAt.getTime())) throw new ServiceError(400, "开播时间无效");
      const length =
        minutes !== undefined
          ? minutes * 60_000
          : Date.parse(row.ends_at) - Date.parse(row.starts_at);
      if (!(length > 0)) throw new ServiceError(400, "直播时长须大于 0");
      const starts = startsAt.toISOString();
      const ends = new Date(startsAt.getTime() + length).toISOString();
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("live_session")
          .set({ starts_at: starts, ends_at: ends, cancelled_at: null })
          .where("key", "=", key)
          .execute();
        if (starts !== row.starts_at || row.cancelled_at)
          await trx
            .updateTable("live_reminder")
            .set({
              claimed_at: null,
              sent_at: null,
              outcome: null,
              attempts: 0,
              last_error: null,
              seen_at: null,
            })
            .where("session_key", "=", key)
            .execute();
      });
      return { key, startsAt: starts, endsAt: ends };
    },

    /** Operators: cancels a session; it is no longer listed and its reminders never go out. */
    async cancel(key: string) {
      await layOut();
      const r = await deps.db
        .updateTable("live_session")
        .set({ cancelled_at: now().toISOString() })
        .where("key", "=", key)
        .where("cancelled_at", "is", null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        const exists = await deps.db
          .selectFrom("live_session")
          .select("key")
          .where("key", "=", key)
          .executeTakeFirst();
        if (!exists) throw new NotFoundError("直播不存在");
      }
      return { key, cancelled: true };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
