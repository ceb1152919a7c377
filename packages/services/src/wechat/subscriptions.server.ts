import {
  isSubscribeTopic,
  SUBSCRIBE_TOPICS,
  type SubscribeTopic,
} from "@tongjian/domain/subscribe-topics";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { requireSignedIn } from "../accounts/require-login.ts";
import type { SubscriptionRepository } from "./subscription-repository.ts";

export interface SubscriptionState {
  topics: { key: SubscribeTopic; title: string; desc: string; subscribed: boolean }[];
}

/** /subscribe: which updates a reader wants, kept per account (else per WeChat visitor). */
export function createSubscriptionService(deps: { subscriptions: SubscriptionRepository }) {
  async function state(ownerId: string): Promise<SubscriptionState> {
    const chosen = new Set(await deps.subscriptions.topics(ownerId));
    return { topics: SUBSCRIBE_TOPICS.map((t) => ({ ...t, subscribed: chosen.has(t.key) })) };
  }

  return {
    get(viewer: Viewer): Promise<SubscriptionState> {
      requireSignedIn(viewer, "登录后才能管理订阅");
      return state(ownerIdOf(viewer) as string);
    },

    async set(viewer: Viewer, topics: readonly string[]): Promise<SubscriptionState> {
      requireSignedIn(viewer, "登录后才能管理订阅");
      const ownerId = ownerIdOf(viewer) as string;
      // The contract admits only known topics; this keeps the service safe on its own too.
      await deps.subscriptions.replace(ownerId, topics.filter(isSubscribeTopic));
      return state(ownerId);
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
