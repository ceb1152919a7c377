import type { KeyValueStore } from "../key-value-store.ts";

/**
 * Sends text messages (the SMS login, registration, password reset and phone binding codes).
 * A real deployment plugs in its carrier's (Aliyun, Tencent Cloud …) behind this interface;
 * development and tests use one of the two below (`SMS_PROVIDER`).
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export interface SmsMessage {
  phone: string;
  text: string;
  /** The code itself, for providers that send templates with parameters. */
  code: string;
  purpose: string;
}

/** Writes each message to the server log: development and the sample deployment. */
export function createConsoleSmsProvider(log: (line: string) => void): SmsProvider {
  return {
    name: "console",
    async send(message) {
      log(`[短信] 发往 ${message.phone}：${message.text}`);
    },
  };
}

export const SMS_OUTBOX_TTL_SECONDS = 10 * 60;
const outboxKey = (phone: string) => `sms:outbox:${phone}`;

/**
 * Keeps the last message to each number in the shared store for ten minutes, where browser
 * tests (and a developer) read it: `GET /api/dev/sms/outbox?phone=`, served only when this
 * provider is chosen. Never for a real deployment: anyone could read anyone's codes.
 */
export function createSimulatorSmsProvider(store: KeyValueStore): SmsProvider & {
  lastMessage(phone: string): Promise<SmsMessage | null>;
} {
  return {
    name: "simulator",
    async send(message) {
      await store.set(outboxKey(message.phone), JSON.stringify(message), SMS_OUTBOX_TTL_SECONDS);
    },
    async lastMessage(phone) {
      const raw = await store.get(outboxKey(phone));
      return raw ? (JSON.parse(raw) as SmsMessage) : null;
    },
  };
}
