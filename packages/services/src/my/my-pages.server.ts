import type { LikedPage, MyOverview, ReaderPage } from "@tongjian/contracts/my";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import type { AccountRepository } from "../accounts/account-repository.ts";
import { requireSignedIn } from "../accounts/require-login.ts";
import type { VisitorRepository } from "../accounts/visitor-repository.ts";
import { NotLoggedInError } from "../service-error.ts";
import type { FollowService } from "../social/follows.server.ts";
import type { LikedItemsRepository } from "./liked-items-repository.ts";
import { itemOf, pageOf } from "./my-items.ts";
import { loadMySlots, MY_SLOT_SOURCES, type MySlotSource } from "./my-slots.ts";
import type { ReadingHistoryService } from "./reading-history.server.ts";
import type { ReadKind } from "./reading-history-repository.ts";
import type { SavedItemService } from "./saved-items.server.ts";

/** How many of each list /my shows before its 全部 link. */
export const OVERVIEW_SIZES = { reads: 5, likes: 5, following: 8 } as const;

const emptyPeople = (size: number): ReaderPage => ({
  page: 1,
  size,
  total: 0,
  hasMore: false,
  list: [],
});

/** /my and its lists (issue 16 Social §1), for an account or a WeChat visitor. */
export function createMyPagesService(deps: {
  accounts: AccountRepository;
  visitors: VisitorRepository;
  follows: FollowService;
  history: ReadingHistoryService;
  saved: SavedItemService;
  liked: LikedItemsRepository;
  slots?: readonly MySlotSource[];
}) {
  async function likes(request: {
    viewer: Viewer;
    type?: ReadKind | undefined;
    page: number;
    size: number;
  }): Promise<LikedPage> {
    const owner = ownerIdOf(requireSignedIn(request.viewer)) as string;
    const { total, rows } = await deps.liked.page(owner, request);
    return pageOf(
      request,
      total,
      rows.map((r) => ({ ...itemOf(r.type, r.item_id, r), likedAt: r.created_at })),
    );
  }

  /** Who the signed-in reader is on /my: the account, or the WeChat visitor's own name. */
  async function me(viewer: Viewer) {
    const reader = requireSignedIn(viewer);
    if (reader.kind === "user") {
      const account = await deps.accounts.findById(reader.userId);
      if (!account) throw new NotLoggedInError();
      return {
        profile: await deps.follows.profile({ viewer, userId: account.id }),
        role: account.role === "admin" ? ("admin" as const) : ("user" as const),
        phone: account.phone,
      };
    }
    const visitor = await deps.visitors.findById(reader.visitorId);
    return {
      profile: {
        userId: reader.visitorId,
        name: visitor?.wx_name ?? "微信读者",
        avatar: visitor?.wx_avatar ?? null,
        followerNum: 0,
        followingNum: 0,
        following: false,
        isSelf: true,
      },
      role: "visitor" as const,
      phone: null,
    };
  }

  return {
    likes,

    /** The later features' sections of /my; a reader who is not signed in sees them empty. */
    slots(viewer: Viewer) {
      const sources = deps.slots ?? MY_SLOT_SOURCES;
      if (viewer.kind !== "anonymous") return loadMySlots(viewer, sources);
      return Promise.resolve(
        sources.map(({ load, ...slot }) => ({ ...slot, ready: load !== undefined, items: [] })),
      );
    },

    async overview(viewer: Viewer): Promise<MyOverview> {
      const who = await me(viewer);
      const [reads, liked, following, saved, slots] = await Promise.all([
        deps.history.recent({ viewer, page: 1, size: OVERVIEW_SIZES.reads }),
        likes({ viewer, page: 1, size: OVERVIEW_SIZES.likes }),
        who.role === "visitor"
          ? emptyPeople(OVERVIEW_SIZES.following)
          : deps.follows.following({
              viewer,
              userId: who.profile.userId,
              page: 1,
              size: OVERVIEW_SIZES.following,
            }),
        deps.saved.counts(viewer),
        loadMySlots(viewer, deps.slots ?? MY_SLOT_SOURCES),
      ]);
      return { ...who, reads, likes: liked, following, saved, slots };
    },
  };
}

export type MyPagesService = ReturnType<typeof createMyPagesService>;
