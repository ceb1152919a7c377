import type { Post, PostList } from "@tongjian/contracts/community";
import { COMMUNITY_API } from "@tongjian/domain/community-rules";
import { useCallback } from "react";
import { MoreButton } from "../../shell/more-button.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { useMorePages } from "../../shell/use-more-pages.ts";
import { PostCard } from "./post-card.tsx";

/** The API page of posts for a filter (a circle, a topic, or everything). */
export function postsApiPath(
  filter: { circleId?: string; topic?: string },
  page: number,
  size: number,
) {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  if (filter.circleId) query.set("circleId", filter.circleId);
  if (filter.topic) query.set("topic", filter.topic);
  return `${COMMUNITY_API}/n/posts?${query}`;
}

/** Posts a page at a time, newest first; a failed page offers a retry. */
export function PostFeed({
  first,
  filter,
  empty,
  showCircle = true,
}: {
  first: PostList;
  filter: { circleId?: string; topic?: string };
  empty: string;
  showCircle?: boolean;
}) {
  const { api } = usePlatform();
  const { circleId, topic } = filter;
  const loadPage = useCallback(
    (page: number) => api.get<PostList>(postsApiPath({ circleId, topic }, page, first.size)),
    [api, circleId, topic, first.size],
  );
  const feed = useMorePages<Post>(first, loadPage);
  if (feed.list.length === 0) return <p className="tj-empty">{empty}</p>;
  return (
    <div className="tj-post-feed">
      {feed.list.map((post) => (
        <PostCard key={post.id} post={post} showCircle={showCircle} />
      ))}
      {feed.hasMore ? (
        <MoreButton state={feed.state} onClick={() => void feed.loadMore()} />
      ) : (
        feed.page > 1 && <p className="tj-empty">没有更多了</p>
      )}
    </div>
  );
}
