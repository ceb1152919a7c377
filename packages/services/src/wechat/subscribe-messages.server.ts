import type { Database } from "@tongjian/db/database-schema";
import type { Kysely } from "kysely";

/** One WeChat subscription message (the official account's message/subscribe/bizsend). */
export interface SubscribeMessage {
  toUser: string;
  templateId: string;
  page: string;
  data: Record<string, { value: string }>;
}

export type SubscribeMessageSender = (message: SubscribeMessage) => Promise<void>;

/**
 * What became of one message: sent; or not sent because its template is not configured (or
 * WeChat is not), the reader did not choose its topic on /subscribe, or has no WeChat openid.
 */
export type SubscribeOutcome = "sent" | "no-template" | "no-consent" | "no-openid";

/** WeChat's limits on template values: thing ≤ 20 characters. */
export function thing(text: string): string {
  const chars = [...text];
  return chars.length <= 20 ? text : `${chars.slice(0, 19).join("")}…`;
}

/**
 * Subscription messages to readers (the store's notices, live-session reminders): a message
 * goes only to a reader who consented to its topic on /subscribe and has a WeChat openid, and
 * only when its template is configured. WeChat's failures are thrown to the caller, which logs
 * them and decides whether to try again.
 */
export function createSubscribeMessages(deps: {
  db: Kysely<Database>;
  send?: SubscribeMessageSender | undefined;
}) {
  const { db } = deps;

  async function consents(ownerId: string, topic: string): Promise<boolean> {
    const row = await db
      .selectFrom("subscription")
      .select("topic")
      .where("owner_id", "=", ownerId)
      .where("topic", "=", topic)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The reader's openid: their WeChat visitor, or the one bound to their account. */
  async function openIdOf(ownerId: string): Promise<string | null> {
    const row = await db
      .selectFrom("visitor")
      .select("wx_open_id")
      .where((eb) => eb.or([eb("id", "=", ownerId), eb("account_id", "=", ownerId)]))
      .orderBy("updated_at", "desc")
      .executeTakeFirst();
    return row?.wx_open_id || null;
  }

  return {
    /** Whether messages of this template can go out at all. */
    configured(templateId: string | undefined): templateId is string {
      return Boolean(templateId && deps.send);
    },

    /** Sends one message if the reader allows it; WeChat's failures are thrown. */
    async deliver(
      ownerId: string,
      topic: string,
      templateId: string | undefined,
      build: (openId: string) => Omit<SubscribeMessage, "templateId">,
    ): Promise<SubscribeOutcome> {
      if (!templateId || !deps.send) return "no-template";
      if (!(await consents(ownerId, topic))) return "no-consent";
      const openId = await openIdOf(ownerId);
      if (!openId) return "no-openid";
      await deps.send({ ...build(openId), templateId });
      return "sent";
    },
  };
}

export type SubscribeMessages = ReturnType<typeof createSubscribeMessages>;
