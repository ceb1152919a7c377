import type { LikeStatus } from "@tongjian/contracts/social";
import { sessionVisitorId } from "../accounts/visitor-session.ts";
import type { KeyValueStore } from "../key-value-store.ts";
import { NotFoundError, NotLoggedInError } from "../service-error.ts";
import type { LikeRepository, LikeType } from "./like-repository.ts";

/** Likes of entries and articles, one per signed-in visitor and item. */
export function createLikeService(deps: { likes: LikeRepository; store: KeyValueStore }) {
  async function requireItem(itemId: string, type: LikeType) {
    if (!(await deps.likes.exists(itemId, type))) throw new NotFoundError("要点赞的内容不存在");
  }

  return {
    /** Whether the visitor of the session likes the item, and how many do. */
    async check(request: {
      id: string;
      type: LikeType;
      sessionId: string | null;
    }): Promise<LikeStatus> {
      const { id, type, sessionId } = request;
      await requireItem(id, type);
      return deps.likes.check(id, type, await sessionVisitorId(deps.store, sessionId));
    },

    async send(request: {
      itemId: string;
      type: LikeType;
      like: boolean;
      sessionId: string | null;
    }): Promise<LikeStatus> {
      const visitorId = await sessionVisitorId(deps.store, request.sessionId);
      // Spec §8: anonymous readers get 600, "not logged in".
      if (!visitorId) throw new NotLoggedInError("请先登录后再点赞");
      await requireItem(request.itemId, request.type);
      return deps.likes.set(request.itemId, request.type, visitorId, request.like);
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
