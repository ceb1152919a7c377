import type { LoginInfo, VisitorInfo } from "@tongjian/contracts/accounts";
import type { KeyValueStore } from "../key-value-store.ts";
import { NotLoggedInError } from "../service-error.ts";
import type { VisitorRepository, VisitorRow, WeChatIdentity } from "./visitor-repository.ts";
import { createSession, endSession, sessionVisitorId } from "./visitor-session.ts";

/** Spec §3 "Visitor login gives nickname, avatar, userId, phone, wxNickname, wxAvatar, …". */
function visitorInfo(visitor: VisitorRow): VisitorInfo {
  return {
    visitorId: visitor.id,
    userId: visitor.id,
    nickname: visitor.wx_name ?? "微信用户",
    avatar: visitor.wx_avatar,
    phone: null,
    wxNickname: visitor.wx_name,
    wxAvatar: visitor.wx_avatar,
    wxUnionId: visitor.wx_union_id,
    wxWebOpenId: visitor.wx_open_id,
  };
}

/** Visitors signed in through WeChat, known by their session. */
export function createVisitorService(deps: { visitors: VisitorRepository; store: KeyValueStore }) {
  async function currentVisitor(sessionId: string | null): Promise<VisitorRow> {
    const visitorId = await sessionVisitorId(deps.store, sessionId);
    const visitor = visitorId ? await deps.visitors.findById(visitorId) : undefined;
    if (!visitor) throw new NotLoggedInError();
    return visitor;
  }

  return {
    /**
     * Signs in the WeChat reader (one visitor per openid) in a new session, ending the one the
     * browser had.
     */
    async signIn(
      identity: WeChatIdentity,
      previousSessionId: string | null,
    ): Promise<{ sessionId: string; visitor: VisitorInfo }> {
      const visitor = await deps.visitors.upsertByOpenId(identity);
      if (previousSessionId) await endSession(deps.store, previousSessionId);
      const sessionId = await createSession(deps.store, visitor.id);
      return { sessionId, visitor: visitorInfo(visitor) };
    },

    /** The signed-in visitor of the session. */
    async current(sessionId: string | null): Promise<VisitorInfo> {
      return visitorInfo(await currentVisitor(sessionId));
    },

    /**
     * Spec §3 "WeChat login gives weixinInfo (nickname, headimgurl, unionid, openid),
     * userInfo.userProfile (name, image, userId, phone) and visitorId". A WeChat visitor has no
     * app account, so userProfile is null.
     */
    async loginInfo(sessionId: string | null): Promise<LoginInfo> {
      const visitor = await currentVisitor(sessionId);
      return {
        ...visitorInfo(visitor),
        weixinInfo: {
          nickname: visitor.wx_name,
          headimgurl: visitor.wx_avatar,
          unionid: visitor.wx_union_id,
          openid: visitor.wx_open_id,
        },
        userInfo: { userProfile: null },
      };
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
