import type { LikeStatus } from "@tongjian/contracts/social";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { AttemptLimit, AttemptLimiter } from "../accounts/attempt-limiter.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import { NotFoundError } from "../service-error.ts";
import type { LikeRepository, LikeType } from "./like-repository.ts";

/**
 * Likes and unlikes a reader (visitor or account) may send in a minute, as many as the
 * community's post likes (issue 16: flooding is limited per user).
 */
export const LIKE_LIMIT: AttemptLimit = { name: "like:reader:min", max: 60, windowSeconds: 60 };
/** What a reader past the limit is told: the community's words for its likes. */
export const LIKE_TOO_FAST = "操作太频繁了，请稍后再试";

/**
 * Likes of entries and articles, one per reader and item: a WeChat visitor's under the visitor,
 * an account's under the account (a visitor that binds an account hands its likes over).
 */
export function createLikeService(deps: { likes: LikeRepository; limiter: AttemptLimiter }) {
  async function requireItem(itemId: string, type: LikeType) {
    if (!(await deps.likes.exists(itemId, type))) throw new NotFoundError("要点赞的内容不存在");
  }

  return {
    /** Whether the reader likes the item, and how many do. */
    async check(request: { id: string; type: LikeType; viewer: Viewer }): Promise<LikeStatus> {
      const { id, type, viewer } = request;
      await requireItem(id, type);
      return deps.likes.check(id, type, ownerIdOf(viewer));
    },

    async send(request: {
      itemId: string;
      type: LikeType;
      like: boolean;
      viewer: Viewer;
    }): Promise<LikeStatus> {
      // Spec §8: anonymous readers get 600, "not logged in".
      requireSignedIn(request.viewer, "请先登录后再点赞");
      const owner = ownerIdOf(request.viewer) as string;
      await requireItem(request.itemId, request.type);
      await deps.limiter.spend(LIKE_LIMIT, owner, LIKE_TOO_FAST);
      return deps.likes.set(request.itemId, request.type, owner, request.like);
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
