import type { LoginTicket, LoginUserInfo } from "@tongjian/contracts/accounts";
import { passwordProblem } from "@tongjian/domain/password-rules";
import type { UserViewer, Viewer, VisitorViewer } from "@tongjian/domain/viewer";
import { LRUCache } from "lru-cache";
import type { KeyValueStore } from "../key-value-store.ts";
import { BadRequestError, NotLoggedInError, ServiceError } from "../service-error.ts";
import type { LikeRepository } from "../social/like-repository.ts";
import {
  type AccountRepository,
  type AccountRow,
  isUniqueViolation,
} from "./account-repository.ts";
import { AppTokenError, verifyAppToken } from "./app-token.ts";
import { type AttemptLimiter, LOGIN_LIMITS } from "./attempt-limiter.ts";
import { hashSecret, newSecretValue } from "./auth-cookies.ts";
import {
  decoyHash,
  hashPassword,
  needsRehash,
  PASSWORD_COST,
  type ScryptCost,
  verifyPassword,
} from "./password-hash.ts";
import { requireSignedIn, requireUser } from "./require-login.ts";
import type { SessionOwner } from "./sessions.server.ts";
import type { SmsCodes, SmsPurpose } from "./sms-codes.ts";
import type { VisitorRepository } from "./visitor-repository.ts";

export const LOGIN_FAILED = "手机号或密码错误";
export const TOO_MANY_LOGINS = "登录失败次数过多，请稍后再试";
export const TICKET_INVALID = "登录票据无效、已过期或已使用";
/** A ticket hands a login from one context to another within this long, once. */
export const TICKET_TTL_SECONDS = 60;
/** A verified app token is reused for this long, so bearer calls cost no HMAC or query. */
const APP_TOKEN_CACHE_MS = 60_000;

const ticketKey = (ticket: string) => `ticket:${hashSecret(ticket)}`;
const defaultName = (phone: string | null) => (phone ? `读者${phone.slice(-4)}` : "通鉴读者");

/**
 * Accounts and every way into one (decision 18): phone and password, phone and SMS code, the
 * app's token, a one-time ticket, and a WeChat visitor binding a phone. The API routes turn what
 * these answer into a session (routes/accounts/session-cookies.ts).
 */
export function createAccountService(deps: {
  accounts: AccountRepository;
  visitors: VisitorRepository;
  likes: LikeRepository;
  /** Other rows a reader owns (reading history, saved items …), moved with the likes. */
  alsoOwned?: readonly { moveOwner(fromId: string, toId: string): Promise<void> }[];
  smsCodes: SmsCodes;
  limiter: AttemptLimiter;
  store: KeyValueStore;
  /** `APP_TOKEN_SECRET`; unset, app login answers 503. */
  appTokenSecret: string | undefined;
  /** Moves what else a visitor owns (notes, subscriptions …) to the account it was bound to. */
  afterBind?: (visitorId: string, accountId: string) => Promise<void>;
  /** The cost of new password hashes; the recommended one (PASSWORD_COST) by default. */
  passwordCost?: ScryptCost;
}) {
  const { accounts, limiter } = deps;
  const cost = deps.passwordCost ?? PASSWORD_COST;
  const appViewers = new LRUCache<string, UserViewer>({ max: 10_000, ttl: APP_TOKEN_CACHE_MS });

  function requireNewPassword(password: string) {
    const problem = passwordProblem(password);
    if (problem) throw new BadRequestError(problem);
  }

  async function checkLoginLimits(phone: string, address: string) {
    await limiter.check(LOGIN_LIMITS.perAccount, phone, TOO_MANY_LOGINS);
    await limiter.check(LOGIN_LIMITS.perAddress, address, TOO_MANY_LOGINS);
  }

  async function countFailure(phone: string, address: string) {
    await limiter.fail(LOGIN_LIMITS.perAccount, phone);
    await limiter.fail(LOGIN_LIMITS.perAddress, address);
  }

  /** SMS code checks count as failed logins too: a 6-digit code must not be guessed. */
  async function consumeCode(purpose: SmsPurpose, phone: string, code: string, address: string) {
    await checkLoginLimits(phone, address);
    try {
      await deps.smsCodes.consume(purpose, phone, code);
    } catch (error) {
      await countFailure(phone, address);
      throw error;
    }
    await limiter.reset(LOGIN_LIMITS.perAccount, phone);
  }

  async function createByPhone(phone: string, passwordHash: string | null, name?: string) {
    try {
      return await accounts.create({ phone, passwordHash, name: name ?? defaultName(phone) });
    } catch (error) {
      // Two sign-ups of one number at once: the other one made the account.
      if (!isUniqueViolation(error)) throw error;
      const existing = await accounts.findByPhone(phone);
      if (!existing) throw error;
      return existing;
    }
  }

  function appSecret(): string {
    if (!deps.appTokenSecret) throw new ServiceError(503, "App 登录暂未配置");
    return deps.appTokenSecret;
  }

  /** The account of the app user the token names: found, linked by phone, or created. */
  async function accountForAppToken(token: string): Promise<AccountRow> {
    let claims: Awaited<ReturnType<typeof verifyAppToken>>;
    try {
      claims = await verifyAppToken(appSecret(), token);
    } catch (error) {
      if (error instanceof AppTokenError) throw new NotLoggedInError(error.message);
      throw error;
    }
    const known = await accounts.findByAppUserId(claims.appUserId);
    if (known) {
      const changes: Partial<AccountRow> = {};
      if (claims.name && claims.name !== known.name) changes.name = claims.name;
      if (claims.avatar && claims.avatar !== known.avatar) changes.avatar = claims.avatar;
      if (claims.phone && !known.phone && !(await accounts.findByPhone(claims.phone)))
        changes.phone = claims.phone;
      if (Object.keys(changes).length) {
        await accounts.update(known.id, changes);
        return { ...known, ...changes };
      }
      return known;
    }
    // The app vouches for the phone: an account made on the web with it becomes the app user's.
    const byPhone = claims.phone ? await accounts.findByPhone(claims.phone) : undefined;
    if (byPhone && !byPhone.app_user_id) {
      await accounts.update(byPhone.id, { app_user_id: claims.appUserId });
      return { ...byPhone, app_user_id: claims.appUserId };
    }
    try {
      return await accounts.create({
        appUserId: claims.appUserId,
        phone: byPhone ? null : claims.phone,
        name: claims.name ?? defaultName(claims.phone),
        avatar: claims.avatar,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await accounts.findByAppUserId(claims.appUserId);
      if (!raced) throw error;
      return raced;
    }
  }

  /**
   * A WeChat visitor who signs in to an account in the same browser is that account's reader:
   * the visitor is bound to it and its likes (and reading history, saved items) move to it
   * (issue 16 "binding a WeChat visitor to a phone account without losing its likes"). A visitor
   * bound to another account stays there.
   */
  async function bindVisitor(viewer: Viewer, account: AccountRow): Promise<string | null> {
    const visitorId =
      viewer.kind === "visitor"
        ? viewer.visitorId
        : viewer.kind === "user"
          ? viewer.visitorId
          : null;
    if (!visitorId) return null;
    const visitor = await deps.visitors.findById(visitorId);
    if (!visitor) return null;
    if (visitor.account_id && visitor.account_id !== account.id) return null;
    if (!visitor.account_id) {
      await deps.visitors.bindAccount(visitor.id, account.id);
      await deps.likes.moveOwner(visitor.id, account.id);
      for (const rows of deps.alsoOwned ?? []) await rows.moveOwner(visitor.id, account.id);
      await deps.afterBind?.(visitor.id, account.id);
    }
    return visitor.id;
  }

  const owner = (account: AccountRow, visitorId: string | null): SessionOwner => ({
    accountId: account.id,
    visitorId,
  });

  return {
    sendCode(purpose: SmsPurpose, phone: string, address: string) {
      return deps.smsCodes.send(purpose, phone, address);
    },

    /** Phone and password; 手机号或密码错误 whichever is wrong, 请稍后再试 after too many. */
    async loginWithPassword(
      input: { phone: string; password: string; address: string },
      viewer: Viewer,
    ): Promise<SessionOwner> {
      const { phone, password, address } = input;
      await checkLoginLimits(phone, address);
      const account = await accounts.findByPhone(phone);
      const stored = account?.password_hash ?? (await decoyHash(cost));
      const matches = await verifyPassword(password, stored);
      if (!account?.password_hash || !matches) {
        await countFailure(phone, address);
        throw new BadRequestError(LOGIN_FAILED);
      }
      await limiter.reset(LOGIN_LIMITS.perAccount, phone);
      if (needsRehash(account.password_hash, cost))
        await accounts.update(account.id, { password_hash: await hashPassword(password, cost) });
      return owner(account, await bindVisitor(viewer, account));
    },

    /** Phone and SMS code; a number without an account gets one (验证码登录 signs up too). */
    async loginWithSms(
      input: { phone: string; code: string; address: string },
      viewer: Viewer,
    ): Promise<SessionOwner> {
      await consumeCode("login", input.phone, input.code, input.address);
      const account =
        (await accounts.findByPhone(input.phone)) ?? (await createByPhone(input.phone, null));
      return owner(account, await bindVisitor(viewer, account));
    },

    /** The app's token becomes a session of its user's account (kind "app"). */
    async loginWithAppToken(token: string): Promise<SessionOwner> {
      const account = await accountForAppToken(token);
      return { accountId: account.id, visitorId: null };
    },

    /** `Authorization: Bearer <app token>` on an API call: the app user, no session. */
    async viewerForAppToken(token: string): Promise<UserViewer> {
      const key = hashSecret(token);
      const hit = appViewers.get(key);
      if (hit) return hit;
      const account = await accountForAppToken(token);
      const viewer: UserViewer = {
        kind: "user",
        userId: account.id,
        role: account.role === "admin" ? "admin" : "user",
        phone: account.phone,
        name: account.name,
        appUserId: account.app_user_id,
        visitorId: null,
        via: "app",
        sessionId: null,
      };
      appViewers.set(key, viewer);
      return viewer;
    },

    async register(
      input: { phone: string; code: string; password: string; name?: string; address: string },
      viewer: Viewer,
    ): Promise<SessionOwner> {
      requireNewPassword(input.password);
      await consumeCode("register", input.phone, input.code, input.address);
      const existing = await accounts.findByPhone(input.phone);
      if (existing?.password_hash) throw new BadRequestError("该手机号已注册，请直接登录");
      const hash = await hashPassword(input.password, cost);
      let account: AccountRow;
      if (existing) {
        // Signed up by SMS code (or the app) before: the password is added.
        await accounts.update(existing.id, {
          password_hash: hash,
          ...(input.name ? { name: input.name } : {}),
        });
        account = existing;
      } else {
        account = await createByPhone(input.phone, hash, input.name);
      }
      return owner(account, await bindVisitor(viewer, account));
    },

    /**
     * 忘记密码: a code to the phone sets a new password and ends every session of the account
     * (whoever knew the old password is signed out); the reader is signed in anew.
     */
    async resetPassword(
      input: { phone: string; code: string; password: string; address: string },
      endSessions: (accountId: string) => Promise<unknown>,
    ): Promise<SessionOwner> {
      requireNewPassword(input.password);
      await consumeCode("reset", input.phone, input.code, input.address);
      const account = await accounts.findByPhone(input.phone);
      if (!account) throw new BadRequestError("该手机号尚未注册");
      await accounts.update(account.id, {
        password_hash: await hashPassword(input.password, cost),
      });
      await limiter.reset(LOGIN_LIMITS.perAccount, input.phone);
      await endSessions(account.id);
      return owner(account, null);
    },

    /** A WeChat visitor binds a phone: the account is found or made, and keeps the likes. */
    async bindPhone(
      input: { phone: string; code: string; address: string },
      viewer: Viewer,
    ): Promise<SessionOwner> {
      const visitor: VisitorViewer | UserViewer = requireSignedIn(viewer, "请先在微信中登录");
      if (visitor.kind !== "visitor") throw new BadRequestError("已绑定手机号");
      await consumeCode("bind", input.phone, input.code, input.address);
      const account =
        (await accounts.findByPhone(input.phone)) ?? (await createByPhone(input.phone, null));
      const visitorId = await bindVisitor(viewer, account);
      if (!visitorId) throw new BadRequestError("该微信已绑定其他手机号");
      return owner(account, visitorId);
    },

    /**
     * A one-time ticket that hands this login to another context (the app opening a page in
     * the system browser, a WeChat page handing over to the browser): 60 seconds, once.
     */
    async issueTicket(viewer: Viewer): Promise<LoginTicket> {
      const reader = requireSignedIn(viewer);
      const ticket = newSecretValue();
      const value: SessionOwner =
        reader.kind === "user"
          ? { accountId: reader.userId, visitorId: reader.visitorId }
          : { accountId: null, visitorId: reader.visitorId };
      await deps.store.set(ticketKey(ticket), JSON.stringify(value), TICKET_TTL_SECONDS);
      return { ticket, expiresIn: TICKET_TTL_SECONDS };
    },

    async redeemTicket(ticket: string): Promise<SessionOwner> {
      const raw = await deps.store.take(ticketKey(ticket));
      if (!raw) throw new BadRequestError(TICKET_INVALID);
      return JSON.parse(raw) as SessionOwner;
    },

    /** Spec §3 login user info; 600 when nobody is signed in. */
    async userInfo(viewer: Viewer): Promise<LoginUserInfo> {
      const reader = requireSignedIn(viewer);
      const visitor = reader.visitorId ? await deps.visitors.findById(reader.visitorId) : undefined;
      const account = reader.kind === "user" ? await accounts.findById(reader.userId) : undefined;
      if (reader.kind === "user" && !account) throw new NotLoggedInError();
      return {
        visitorId: visitor?.id ?? null,
        wxName: visitor?.wx_name ?? null,
        wxAvatar: visitor?.wx_avatar ?? null,
        wxUnionId: visitor?.wx_union_id ?? null,
        wxWebOpenId: visitor?.wx_open_id ?? null,
        ahName: account?.name ?? null,
        ahAvatar: account?.avatar ?? null,
        ahUserId: account?.id ?? null,
        ahPhone: account?.phone ?? null,
        appUserId: account?.app_user_id ?? null,
        role: account ? (account.role === "admin" ? "admin" : "user") : "visitor",
      };
    },

    /** The profile edit (name, avatar URL) of the signed-in account. */
    async updateProfile(viewer: Viewer, changes: { name?: string; avatar?: string | null }) {
      const user = requireUser(viewer);
      const update: Partial<AccountRow> = {};
      if (changes.name !== undefined) update.name = changes.name;
      if (changes.avatar !== undefined) update.avatar = changes.avatar;
      if (Object.keys(update).length) await accounts.update(user.userId, update);
      return this.userInfo(viewer);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
