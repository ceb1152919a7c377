import type { FocusStatus, ReaderPage, ReaderProfile } from "@tongjian/contracts/my";
import type { Viewer } from "@tongjian/domain/viewer";
import type { AccountRepository } from "../accounts/account-repository.ts";
import type { AttemptLimit, AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireUser } from "../accounts/require-login.ts";
import { BadRequestError, NotFoundError, NotLoggedInError } from "../service-error.ts";
import type { FollowRepository } from "./follow-repository.ts";

/** Follows and unfollows an account may make in an hour (issue 16: flooding is limited per user). */
export const FOLLOW_LIMIT: AttemptLimit = { name: "follow:account", max: 120, windowSeconds: 3600 };
export const READER_NOT_FOUND = "这位读者不存在";

/**
 * Following other readers (spec §7 POST /api/m/social/v1/y/focus; §6 "following a user needs
 * login"). Both sides are accounts: a follow shows on the other reader's profile, so a WeChat
 * visitor binds a phone first (the call answers 600 and the page sends them to do so).
 */
export function createFollowService(deps: {
  follows: FollowRepository;
  accounts: AccountRepository;
  limiter: AttemptLimiter;
}) {
  const { follows } = deps;

  async function requireReader(userId: string) {
    const account = await deps.accounts.findById(userId);
    if (!account) throw new NotFoundError(READER_NOT_FOUND);
    return account;
  }

  /** Whom the caller is, for "do I follow them" marks: an account or nobody. */
  const callerOf = (viewer: Viewer) => (viewer.kind === "user" ? viewer.userId : null);

  async function people(
    side: "followers" | "following",
    request: { viewer: Viewer; userId: string; page: number; size: number },
  ): Promise<ReaderPage> {
    await requireReader(request.userId);
    const { page, size } = request;
    const { total, rows } = await follows[side](request.userId, { page, size });
    const caller = callerOf(request.viewer);
    const followed = caller
      ? await follows.followedAmong(
          caller,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    return {
      page,
      size,
      total,
      hasMore: page * size < total,
      list: rows.map((r) => ({
        userId: r.id,
        name: r.name,
        avatar: r.avatar,
        since: r.created_at,
        following: followed.has(r.id),
      })),
    };
  }

  return {
    /** Follow, unfollow, or (no action) switch; answers the stand and the reader's counts. */
    async focus(request: {
      viewer: Viewer;
      userId: string;
      action?: "follow" | "unfollow" | undefined;
    }): Promise<FocusStatus> {
      if (request.viewer.kind === "visitor")
        throw new NotLoggedInError("绑定手机号后才能关注其他读者");
      const me = requireUser(request.viewer, "请先登录后再关注");
      if (request.userId === me.userId) throw new BadRequestError("不能关注自己");
      await requireReader(request.userId);
      const follow =
        request.action === undefined
          ? !(await follows.isFollowing(me.userId, request.userId))
          : request.action === "follow";
      await deps.limiter.spend(FOLLOW_LIMIT, me.userId, "关注操作过于频繁，请稍后再试");
      if (follow) await follows.follow(me.userId, request.userId);
      else await follows.unfollow(me.userId, request.userId);
      return {
        userId: request.userId,
        following: follow,
        ...(await follows.counts(request.userId)),
      };
    },

    /** A reader's public profile (name, avatar, counts) and whether the caller follows them. */
    async profile(request: { viewer: Viewer; userId: string }): Promise<ReaderProfile> {
      const account = await requireReader(request.userId);
      const caller = callerOf(request.viewer);
      const [counts, following] = await Promise.all([
        follows.counts(account.id),
        caller && caller !== account.id
          ? follows.isFollowing(caller, account.id)
          : Promise.resolve(false),
      ]);
      return {
        userId: account.id,
        name: account.name,
        avatar: account.avatar,
        ...counts,
        following,
        isSelf: caller === account.id,
      };
    },

    followers: (request: { viewer: Viewer; userId: string; page: number; size: number }) =>
      people("followers", request),
    following: (request: { viewer: Viewer; userId: string; page: number; size: number }) =>
      people("following", request),
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
