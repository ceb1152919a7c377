import type { LiveChannel, LiveSession } from "@tongjian/contracts/video";
import type { Database, LiveSessionTable } from "@tongjian/db/database-schema";
import { liveState, secondsUntil } from "@tongjian/domain/video-live";
import type { Viewer } from "@tongjian/domain/viewer";
import type { Kysely, Selectable } from "kysely";
import { requireUser } from "../accounts/require-login.ts";
import { NotFoundError, ServiceError } from "../service-error.ts";
import { LIVE_PROGRAMME, type ProgrammeSession, programmeStart } from "./live-programme.ts";
import type { VideoService } from "./videos.server.ts";

/**
 * Live sessions (issue 19 §4): 预告 / 直播中 / 回放 from their schedule and the server's clock
 * (`now`, injectable), reminders for signed-in readers, and the stream or the replay.
 */
export function createLiveService(deps: {
  db: Kysely<Database>;
  videos: VideoService;
  now?: () => Date;
  programme?: readonly ProgrammeSession[];
}) {
  const now = deps.now ?? (() => new Date());
  const programme = deps.programme ?? LIVE_PROGRAMME;
  let laidOut: Promise<void> | null = null;

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
        ? new Set(
            (
              await deps.db
                .selectFrom("live_reminder")
                .select("session_key")
                .where("owner_id", "=", viewer.userId)
                .where("session_key", "in", keys)
                .execute()
            ).map((r) => r.session_key),
          )
        : new Set<string>();
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
        reminded: mine.has(row.key),
        reminderCount: Number(counts.find((c) => c.session_key === row.key)?.n ?? 0),
      });
    }
    return sessions;
  }

  const STATE_ORDER = { 直播中: 0, 预告: 1, 回放: 2 } as const;

  async function requireSession(key: string) {
    await layOut();
    const row = await deps.db
      .selectFrom("live_session")
      .selectAll()
      .where("key", "=", key)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("直播不存在");
    return row;
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

    /** Signs the reader up for a session's reminder (or cancels it); only before it ends. */
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
      return { key, reminded: remind, reminderCount: Number(count.n) };
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
