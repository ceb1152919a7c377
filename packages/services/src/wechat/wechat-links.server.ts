import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import { requireSignedIn } from "../accounts/require-login.ts";
import type { SessionOwner } from "../accounts/sessions.server.ts";
import type { VisitorRepository, WeChatIdentity } from "../accounts/visitor-repository.ts";
import { BadRequestError, ServiceError } from "../service-error.ts";
import type { LikeRepository } from "../social/like-repository.ts";
import type { WechatLinkRepository } from "./wechat-link-repository.ts";

/** A 企业微信 external contact as WeCom describes it. */
export interface WecomContact {
  externalUserId: string;
  name: string | null;
  /** Set when the contact is a WeChat user and the corp shares the site's Open Platform. */
  unionId: string | null;
  staffUserId: string | null;
}

export interface WecomBinding {
  externalUserId: string;
  name: string | null;
  staffUserId: string | null;
  boundAt: string;
}

function ownerOf(viewer: Viewer) {
  if (viewer.kind === "user") return { accountId: viewer.userId, visitorId: viewer.visitorId };
  if (viewer.kind === "visitor") return { accountId: null, visitorId: viewer.visitorId };
  return { accountId: null, visitorId: null };
}

/**
 * How a reader's WeChat identities hang together beyond the visitor login (issue 16 Login flow 2
 * extras): the openid the official account knows them by, their WeChat profile brought to the
 * account they are signed in to, and the 企业微信 contacts bound to them.
 */
export function createWechatLinkService(deps: {
  links: WechatLinkRepository;
  visitors: VisitorRepository;
  likes: LikeRepository;
  /** What else the visitor owned moves with it (as accounts' afterBind). */
  afterBind?: (visitorId: string, accountId: string) => Promise<void>;
}) {
  return {
    /** The openid the official account knows the reader by; null outside WeChat's reach. */
    openIdOf(viewer: Viewer): Promise<string | null> {
      return deps.links.openIdOf(ownerOf(viewer));
    },

    /**
     * The reader gave WeChat's consent (snsapi_userinfo) while signed in: the WeChat profile is
     * stored on its visitor, and an account signed in here gets that visitor bound to it (its
     * likes move over), as a phone login inside WeChat does. Answers whom the session is for now.
     */
    async linkProfile(viewer: Viewer, identity: WeChatIdentity): Promise<SessionOwner> {
      const reader = requireSignedIn(viewer, "请先登录");
      if (reader.kind === "visitor") {
        const current = await deps.visitors.findById(reader.visitorId);
        if (current && current.wx_open_id !== identity.openId)
          throw new BadRequestError("授权的微信与当前登录的微信不一致，请重新进入页面");
      }
      const visitor = await deps.visitors.upsertByOpenId(identity);
      if (reader.kind === "visitor")
        return { accountId: visitor.account_id ?? null, visitorId: visitor.id };
      if (visitor.account_id && visitor.account_id !== reader.userId)
        throw new ServiceError(409, "该微信已绑定其他账号");
      if (!visitor.account_id) {
        await deps.visitors.bindAccount(visitor.id, reader.userId);
        await deps.likes.moveOwner(visitor.id, reader.userId);
        await deps.afterBind?.(visitor.id, reader.userId);
      }
      return { accountId: reader.userId, visitorId: visitor.id };
    },

    /**
     * Binds a 企业微信 contact to the reader. The id comes from a link anyone could edit, so the
     * contact must be this very WeChat user: WeCom's unionid for it has to be the reader's.
     */
    async bindWecomContact(viewer: Viewer, contact: WecomContact): Promise<WecomBinding> {
      requireSignedIn(viewer, "登录后才能绑定企业微信");
      const ownerId = ownerIdOf(viewer) as string;
      const unionId = await deps.links.unionIdOf(ownerOf(viewer));
      if (!unionId) throw new BadRequestError("请先在微信中登录，再绑定企业微信");
      if (!contact.unionId || contact.unionId !== unionId)
        throw new ServiceError(403, "该企业微信联系人不是当前微信用户，无法绑定");
      const stands = await deps.links.bindContact({
        external_user_id: contact.externalUserId,
        owner_id: ownerId,
        name: contact.name,
        staff_user_id: contact.staffUserId,
        bound_at: new Date().toISOString(),
      });
      if (stands.owner_id !== ownerId)
        throw new ServiceError(409, "该企业微信联系人已绑定其他账号");
      return {
        externalUserId: stands.external_user_id,
        name: stands.name,
        staffUserId: stands.staff_user_id,
        boundAt: stands.bound_at,
      };
    },
  };
}

export type WechatLinkService = ReturnType<typeof createWechatLinkService>;
