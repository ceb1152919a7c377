import type { LoginInfo, VisitorInfo } from "@tongjian/contracts/accounts";
import type { Viewer } from "@tongjian/domain/viewer";
import { NotLoggedInError } from "../service-error.ts";
import type { AccountRepository, AccountRow } from "./account-repository.ts";
import type { SessionOwner } from "./sessions.server.ts";
import type { VisitorRepository, VisitorRow, WeChatIdentity } from "./visitor-repository.ts";

/** Spec §3 "Visitor login gives nickname, avatar, userId, phone, wxNickname, wxAvatar, …". */
function visitorInfo(visitor: VisitorRow, account: AccountRow | undefined): VisitorInfo {
  return {
    visitorId: visitor.id,
    userId: visitor.id,
    nickname: visitor.wx_name ?? account?.name ?? "微信用户",
    avatar: visitor.wx_avatar ?? account?.avatar ?? null,
    phone: account?.phone ?? null,
    wxNickname: visitor.wx_name,
    wxAvatar: visitor.wx_avatar,
    wxUnionId: visitor.wx_union_id,
    wxWebOpenId: visitor.wx_open_id,
  };
}

/** Visitors signed in through WeChat (spec §4 login flow). */
export function createVisitorService(deps: {
  visitors: VisitorRepository;
  accounts: AccountRepository;
}) {
  async function currentVisitor(viewer: Viewer) {
    const visitorId =
      viewer.kind === "visitor"
        ? viewer.visitorId
        : viewer.kind === "user"
          ? viewer.visitorId
          : null;
    const visitor = visitorId ? await deps.visitors.findById(visitorId) : undefined;
    if (!visitor) throw new NotLoggedInError();
    const account = visitor.account_id
      ? await deps.accounts.findById(visitor.account_id)
      : undefined;
    return { visitor, account };
  }

  return {
    /**
     * The WeChat reader (one visitor per openid), and whom the new session is for: the visitor,
     * and the account it bound earlier, if any.
     */
    async signIn(identity: WeChatIdentity): Promise<{ owner: SessionOwner; visitor: VisitorInfo }> {
      const visitor = await deps.visitors.upsertByOpenId(identity);
      const account = visitor.account_id
        ? await deps.accounts.findById(visitor.account_id)
        : undefined;
      return {
        owner: { accountId: account?.id ?? null, visitorId: visitor.id },
        visitor: visitorInfo(visitor, account),
      };
    },

    /** The signed-in visitor (600 without one). */
    async current(viewer: Viewer): Promise<VisitorInfo> {
      const { visitor, account } = await currentVisitor(viewer);
      return visitorInfo(visitor, account);
    },

    /**
     * Spec §3 "WeChat login gives weixinInfo (nickname, headimgurl, unionid, openid),
     * userInfo.userProfile (name, image, userId, phone) and visitorId".
     */
    async loginInfo(viewer: Viewer): Promise<LoginInfo> {
      const { visitor, account } = await currentVisitor(viewer);
      return {
        ...visitorInfo(visitor, account),
        weixinInfo: {
          nickname: visitor.wx_name,
          headimgurl: visitor.wx_avatar,
          unionid: visitor.wx_union_id,
          openid: visitor.wx_open_id,
        },
        userInfo: {
          userProfile: account
            ? {
                name: account.name,
                image: account.avatar,
                userId: account.id,
                phone: account.phone,
              }
            : null,
        },
      };
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
