import { randomBytes } from "node:crypto";
import type { Database } from "@tongjian/db/database-schema";
import { formatChinaTime } from "@tongjian/domain/china-time";
import {
  LIVE_REMINDER_LEAD_MINUTES,
  LIVE_REMINDER_MAX_ATTEMPTS,
  livePath,
} from "@tongjian/domain/video-live";
import type { Kysely } from "kysely";
import { type SubscribeMessages, thing } from "../wechat/subscribe-messages.server.ts";

/** A claim older than this belongs to a run that died; another run may take the row. */
export const LIVE_REMINDER_CLAIM_MS = 5 * 60_000;

/** How many due reminders one run handles (the next run takes the rest). */
const BATCH = 500;

/** What one run did. `lost`: due rows another run (another worker or copy) claimed first. */
export interface LiveReminderRun {
  due: number;
  claimed: number;
  lost: number;
  /** WeChat messages sent. */
  wechat: number;
  /** Done without a WeChat message (no template, consent or openid): the in-site notice only. */
  site: number;
  /** Sends that failed (retried on a later run, up to the bound). */
  failed: number;
  /** Reminders given up on after the last failed try. */
  gaveUp: number;
}

/**
 * The live-session reminder job (decision 48). From `leadMinutes` before a session starts, and
 * while it is on air, each signed-up reader's reminder goes out once: a run claims each due row
 * with a conditional UPDATE (still unsent, unclaimed or with a dead claim, and its session still
 * due at the same start and not cancelled), sends the 直播提醒 subscription message to a reader
 * who chose the `live` topic and has an openid, and marks the row sent. Any number of runs, in
 * any number of workers and copies, may run at once: only the run whose claim matched sends.
 * A failed send is logged and tried again by later runs, at most LIVE_REMINDER_MAX_ATTEMPTS
 * times; nothing a reminder does stops the run.
 */
export function createLiveReminders(deps: {
  db: Kysely<Database>;
  messages: SubscribeMessages;
  /** 直播提醒 (`WECHAT_TEMPLATE_LIVE`); unset: no WeChat messages (skipped, logged). */
  template: string | undefined;
  leadMinutes?: number;
  maxAttempts?: number;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  now?: () => Date;
}) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});
  const leadMs = (deps.leadMinutes ?? LIVE_REMINDER_LEAD_MINUTES) * 60_000;
  const maxAttempts = deps.maxAttempts ?? LIVE_REMINDER_MAX_ATTEMPTS;

  /**
   * Takes one reminder for this run, in a transaction: the conditional UPDATE matches only if
   * the row is still unsent and unclaimed (or its claim is dead), and its session still starts
   * at `startsAt`, is not cancelled and is due. The claim's time is its token.
   */
  async function claim(
    ownerId: string,
    sessionKey: string,
    startsAt: string,
    at: Date,
    claimedAt: string,
  ): Promise<boolean> {
    const iso = at.toISOString();
    const horizon = new Date(at.getTime() + leadMs).toISOString();
    const dead = new Date(at.getTime() - LIVE_REMINDER_CLAIM_MS).toISOString();
    return db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable("live_reminder")
        .set({ claimed_at: claimedAt })
        .where("owner_id", "=", ownerId)
        .where("session_key", "=", sessionKey)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", dead)]))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("live_session")
              .select("key")
              .where("key", "=", sessionKey)
              .where("cancelled_at", "is", null)
              .where("starts_at", "=", startsAt)
              .where("starts_at", "<=", horizon)
              .where("ends_at", ">", iso),
          ),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  /** Marks a claimed reminder done, if the claim is still this run's. */
  async function finish(
    ownerId: string,
    sessionKey: string,
    claimedAt: string,
    set: { outcome: string; attempts?: number; last_error?: string | null },
  ) {
    await db
      .updateTable("live_reminder")
      .set({ ...set, sent_at: clock().toISOString(), claimed_at: null })
      .where("owner_id", "=", ownerId)
      .where("session_key", "=", sessionKey)
      .where("claimed_at", "=", claimedAt)
      .execute();
  }

  return {
    /** One run over the reminders due now. Never throws for a single reminder's failure. */
    async run(): Promise<LiveReminderRun> {
      const result: LiveReminderRun = {
        due: 0,
        claimed: 0,
        lost: 0,
        wechat: 0,
        site: 0,
        failed: 0,
        gaveUp: 0,
      };
      const at = clock();
      const iso = at.toISOString();
      const dead = new Date(at.getTime() - LIVE_REMINDER_CLAIM_MS).toISOString();
      const due = await db
        .selectFrom("live_reminder as r")
        .innerJoin("live_session as s", "s.key", "r.session_key")
        .select([
          "r.owner_id",
          "r.session_key",
          "r.attempts",
          "s.title",
          "s.host",
          "s.starts_at",
          "s.ends_at",
        ])
        .where("r.sent_at", "is", null)
        .where((eb) => eb.or([eb("r.claimed_at", "is", null), eb("r.claimed_at", "<", dead)]))
        .where("s.cancelled_at", "is", null)
        .where("s.starts_at", "<=", new Date(at.getTime() + leadMs).toISOString())
        .where("s.ends_at", ">", iso)
        .orderBy("s.starts_at")
        .orderBy("r.created_at")
        .limit(BATCH)
        .execute();
      result.due = due.length;
      if (due.length && !deps.messages.configured(deps.template))
        log("live reminders: WECHAT_TEMPLATE_LIVE is not configured; WeChat messages skipped", {
          due: due.length,
        });
      for (const row of due) {
        const what = { sessionKey: row.session_key, ownerId: row.owner_id };
        // The claim's time, made unique to this run: its token. It still orders as a time for
        // the dead-claim test (the suffix only follows the time).
        const claimedAt = `${iso}#${randomBytes(4).toString("hex")}`;
        try {
          if (!(await claim(row.owner_id, row.session_key, row.starts_at, at, claimedAt))) {
            result.lost++;
            continue;
          }
        } catch (error) {
          log("live reminder claim failed", { ...what, error: String(error) });
          continue;
        }
        result.claimed++;
        const onAir = at.getTime() >= Date.parse(row.starts_at);
        try {
          const outcome = await deps.messages.deliver(
            row.owner_id,
            "live",
            deps.template,
            (toUser) => ({
              toUser,
              page: livePath(row.session_key),
              data: {
                thing1: { value: thing(row.title) },
                time2: { value: formatChinaTime(new Date(row.starts_at)) },
                thing3: { value: thing(row.host) },
                thing4: { value: onAir ? "直播正在进行，点击进入观看" : "直播即将开始，点击进入" },
              },
            }),
          );
          if (outcome === "sent") result.wechat++;
          else result.site++;
          await finish(row.owner_id, row.session_key, claimedAt, {
            outcome: outcome === "sent" ? "wechat" : "site",
          });
        } catch (error) {
          result.failed++;
          const attempts = row.attempts + 1;
          log("live reminder failed", { ...what, attempts, error: String(error) });
          try {
            if (attempts >= maxAttempts) {
              result.gaveUp++;
              await finish(row.owner_id, row.session_key, claimedAt, {
                outcome: "failed",
                attempts,
                last_error: String(error).slice(0, 500),
              });
            } else
              await db
                .updateTable("live_reminder")
                .set({ claimed_at: null, attempts, last_error: String(error).slice(0, 500) })
                .where("owner_id", "=", row.owner_id)
                .where("session_key", "=", row.session_key)
                .where("claimed_at", "=", claimedAt)
                .execute();
          } catch (again) {
            // The claim dies and a later run takes the row again.
            log("live reminder not recorded", { ...what, error: String(again) });
          }
        }
      }
      return result;
    },
  };
}

export type LiveReminders = ReturnType<typeof createLiveReminders>;
