import type { Post } from "@tongjian/contracts/community";
import { circlePath, postPath } from "@tongjian/domain/community-rules";
import type { MouseEvent } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { usePlatform } from "../../shell/platform.tsx";
import { AuthorLine } from "./author-line.tsx";
import { ImageGrid } from "./image-grid.tsx";
import { PostBody } from "./post-body.tsx";

/**
 * A post in a list: author, time, circle, the body (long ones folded), images and counts. Its
 * link opens the post's page; inside the app, the app's own community detail page (bridge).
 */
export function PostCard({ post, showCircle = true }: { post: Post; showCircle?: boolean }) {
  const { env, bridge } = usePlatform();
  const openInApp = (event: MouseEvent) => {
    if (!env.isNativeApp) return;
    event.preventDefault();
    bridge
      .call("communityDetail", { id: post.id })
      .catch(() => window.location.assign(postPath(post.id)));
  };
  const label = `${post.author.name}的帖子`;
  return (
    <article className="tj-post-card" aria-label={label} data-post-id={post.id}>
      <AuthorLine author={post.author} createdAt={post.createdAt} />
      <PostBody body={post.body} className="tj-post-body tj-post-body--folded" />
      <ImageGrid images={post.images} label={label} />
      <div className="tj-post-card__foot">
        {showCircle ? (
          <AppLink className="tj-chip" to={circlePath(post.circle.id)}>
            {post.circle.name}
          </AppLink>
        ) : (
          <span />
        )}
        <AppLink className="tj-post-card__open" to={postPath(post.id)} onClick={openInApp}>
          <span>赞 {post.likeCount}</span>
          <span>评论 {post.commentCount}</span>
          <span className="tj-post-card__more">查看全文</span>
        </AppLink>
      </div>
    </article>
  );
}
