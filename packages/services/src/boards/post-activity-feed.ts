import type { ActivityDay } from "@tongjian/domain/board-ranking";

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
