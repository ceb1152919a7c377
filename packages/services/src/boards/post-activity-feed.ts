import type { ActivityDay } from "@tongjian/domain/board-ranking";
import { truncateText } from "@tongjian/domain/text-length";

/**
 * What the boards need from the community's posts, as one function (issue 16: the community's
 * posts and these boards are built side by side; create-services wires the community's service
 * here once both are merged):
 *
 *   feed(since) → every visible post with any view, like or comment at or after `since`
 *                 (an ISO timestamp, the start of the board's oldest UTC day), with its card and
 *                 its counts per UTC day (YYYY-MM-DD). Hidden or deleted posts are left out.
 *
 * The boards rank what it answers (board-ranking.ts) and ask again at most once a minute.
 */
export type PostActivityFeed = (since: string) => Promise<PostActivity[]>;

export interface PostActivity {
  post: BoardPostCard;
  days: ActivityDay[];
}

export interface BoardPostCard {
  /** 24 hex characters; /community/detail?id= opens it. */
  id: string;
  /** The post's opening words, plain text. */
  title: string;
  /** The author's display name. */
  author: string;
  /** The circle it was posted in, if any. */
  circle: string | null;
}

/**
 * The community's `listPostActivity` (packages/services/src/community/community.server.ts on
 * the community branch), as far as the boards read it: its posts carry `text`, `author.name`,
 * `circle.name`, and `status` ("hidden" only for their author or a moderator).
 */
export type ListPostActivity = (request: { since: Date; limit?: number }) => Promise<
  {
    post: {
      id: string;
      text: string;
      author: { name: string };
      circle: { name: string } | null;
      status?: string;
    };
    days: ActivityDay[];
  }[]
>;

/** The title a board shows for a post: its first line, at most this many display columns. */
const POST_TITLE_WIDTH = 44;
/** How many of the busiest posts the community hands over for ranking. */
const POST_FEED_LIMIT = 1000;

/**
 * The boards' feed over the community's listPostActivity. Wiring, once both branches are merged
 * (create-services.ts):
 *
 *   boards: createBoardService({
 *     boards: createBoardRepository(db),
 *     posts: postActivityFeed((request) => community.listPostActivity(request)),
 *   }),
 */
export function postActivityFeed(list: ListPostActivity): PostActivityFeed {
  return async (since) => {
    const rows = await list({ since: new Date(since), limit: POST_FEED_LIMIT });
    return rows
      .filter(({ post }) => post.status === undefined || post.status === "visible")
      .map(({ post, days }) => ({
        post: {
          id: post.id,
          title:
            truncateText(post.text.trim().split("\n")[0] ?? "", POST_TITLE_WIDTH) || "（图片帖）",
          author: post.author.name,
          circle: post.circle?.name ?? null,
        },
        days,
      }));
  };
}
