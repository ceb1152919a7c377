import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError } from "../service-error.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import type { SmsProvider } from "./sms-provider.ts";

/** What a code is for: a code sent for one purpose never works for another. */
export type SmsPurpose = "login" | "register" | "reset" | "bind";

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_RESEND_SECONDS = 60;
/** Wrong tries before the code is void and a new one must be sent. */
export const SMS_MAX_TRIES = 5;
export const SMS_LIMITS = {
  perPhoneDay: { name: "sms:day", max: 10, windowSeconds: 24 * 60 * 60 },
  perAddressHour: { name: "sms:address", max: 20, windowSeconds: 60 * 60 },
};

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: "登录",
  register: "注册",
  reset: "重置密码",
  bind: "绑定手机号",
};

interface StoredCode {
  /** SHA-256 of purpose, phone and code: the store never holds a usable code. */
  hash: string;
}

const codeKey = (purpose: SmsPurpose, phone: string) => `sms:code:${purpose}:${phone}`;
const triesKey = (purpose: SmsPurpose, phone: string) => `sms:tries:${purpose}:${phone}`;
const resendKey = (purpose: SmsPurpose, phone: string) => `sms:resend:${purpose}:${phone}`;
const digest = (purpose: SmsPurpose, phone: string, code: string) =>
  createHash("sha256").update(`${purpose}\0${phone}\0${code}`).digest();

export const CODE_INVALID = "验证码错误或已失效，请重新获取";

export function createSmsCodes(deps: {
  store: KeyValueStore;
  provider: SmsProvider;
  limiter: AttemptLimiter;
}) {
  const { store, limiter } = deps;
  return {
    /** Sends a fresh code (replacing any earlier one); at most one a minute per number. */
    async send(
      purpose: SmsPurpose,
      phone: string,
      address: string,
    ): Promise<{ resendAfter: number }> {
      if ((await store.increment(resendKey(purpose, phone), SMS_RESEND_SECONDS)) > 1)
        throw new BadRequestError(`验证码已发送，请 ${SMS_RESEND_SECONDS} 秒后再试`);
      await limiter.spend(SMS_LIMITS.perPhoneDay, phone, "今日验证码发送次数已达上限，请明天再试");
      await limiter.spend(SMS_LIMITS.perAddressHour, address, "验证码发送过于频繁，请稍后再试");
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, "0");
      const stored: StoredCode = { hash: digest(purpose, phone, code).toString("hex") };
      await store.set(codeKey(purpose, phone), JSON.stringify(stored), SMS_CODE_TTL_SECONDS);
      await store.delete(triesKey(purpose, phone));
      await deps.provider.send({
        phone,
        code,
        purpose,
        text: `【通鉴】验证码 ${code}，用于${PURPOSE_TEXT[purpose]}，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效。请勿告诉他人。`,
      });
      return { resendAfter: SMS_RESEND_SECONDS };
    },

    /**
     * Uses up the code: right once, and then never again; wrong five times, and void. Throws a
     * 400 with 验证码错误或已失效 for a wrong, expired, used or never-sent code.
     */
    async consume(purpose: SmsPurpose, phone: string, code: string): Promise<void> {
      const raw = await store.get(codeKey(purpose, phone));
      if (!raw) throw new BadRequestError(CODE_INVALID);
      const stored = JSON.parse(raw) as StoredCode;
      const given = digest(purpose, phone, code);
      const expected = Buffer.from(stored.hash, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        const tries = await store.increment(triesKey(purpose, phone), SMS_CODE_TTL_SECONDS);
        if (tries >= SMS_MAX_TRIES) await store.delete(codeKey(purpose, phone));
        throw new BadRequestError(CODE_INVALID);
      }
      // Two requests with the right code at once: only the one that takes it signs in.
      if ((await store.take(codeKey(purpose, phone))) !== raw)
        throw new BadRequestError(CODE_INVALID);
      await store.delete(triesKey(purpose, phone));
    },
  };
}

export type SmsCodes = ReturnType<typeof createSmsCodes>;
