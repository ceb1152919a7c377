import type { CommentList, Post } from "@tongjian/contracts/community";
import { COMMUNITY_PAGE_SIZE, circlePath } from "@tongjian/domain/community-rules";
import { isEntityId } from "@tongjian/domain/entity-id";
import { isOfflineSaveRequest } from "@tongjian/domain/offline-pages";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SHARE_DESCRIPTION_LIMIT, truncateText } from "@tongjian/domain/text-length";
import { lazy, Suspense } from "react";
import { AuthorLine } from "../features/community/author-line.tsx";
import { CommentSection } from "../features/community/comment-section.tsx";
import { ImageGrid } from "../features/community/image-grid.tsx";
import { PostActions } from "../features/community/post-actions.tsx";
import { PostBody } from "../features/community/post-body.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/community-detail";
import "../features/community/community.css";
import { VIEW_POST_PAGE } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "community-detail": VIEW_POST_PAGE } };

const COMMENT_PAGE_SIZE = 20;

/** The list without an id is a rare page: its code loads with it, not with every post. */
const PostFeed = lazy(() =>
  import("../features/community/post-feed.tsx").then((m) => ({ default: m.PostFeed })),
);

// A post (spec §2 community-detail, tracked as postPage with its id): body, images, like,
// report, share and comments. Reading it counts a view.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const id = url.searchParams.get("id");
  const { community } = context.services;
  // Without an id the page lists the newest posts (as /detail without one lists entries).
  if (id === null)
    return {
      post: null,
      comments: null,
      latest: await community.posts({ page: 1, size: COMMUNITY_PAGE_SIZE, viewer: context.viewer }),
    } as const;
  if (!isEntityId(id)) throw notFound("帖子不存在或已被删除");
  const post = await orNotFound(
    community.post({
      id,
      viewer: context.viewer,
      countView: !isOfflineSaveRequest(request.headers),
    }),
    "帖子不存在或已被删除",
  );
  const comments = await community.comments({
    postId: id,
    page: 1,
    size: COMMENT_PAGE_SIZE,
    viewer: context.viewer,
  });
  return { post, comments, latest: null };
}

export function meta({ data }: Route.MetaArgs) {
  const post = data?.post;
  if (!post) return [{ title: `帖子 - ${PRODUCT_NAME}` }];
  return [
    { title: `${post.author.name}在「${post.circle.name}」的帖子 - ${PRODUCT_NAME}` },
    { name: "description", content: truncateText(post.text, SHARE_DESCRIPTION_LIMIT) },
  ];
}

export default function CommunityDetail({ loaderData }: Route.ComponentProps) {
  const { post, comments, latest } = loaderData;
  if (!post || !comments)
    return (
      <main className="tj-community">
        <h1 className="tj-community__title">最新帖子</h1>
        <Suspense fallback={<p className="tj-empty">正在加载帖子…</p>}>
          <PostFeed first={latest} filter={{}} empty="还没有人发帖" />
        </Suspense>
      </main>
    );
  return <PostPage post={post} comments={comments} />;
}

function PostPage({ post, comments }: { post: Post; comments: CommentList }) {
  useShare({
    title: `${post.author.name}在「${post.circle.name}」的帖子`,
    desc: truncateText(post.text || "分享了图片", SHARE_DESCRIPTION_LIMIT),
    imgUrl: post.images[0]?.thumbUrl ?? "/favicon.svg",
  });
  return (
    <main className="tj-community tj-post-page">
      <h1 className="tj-visually-hidden">{post.author.name}的帖子</h1>
      {post.status === "hidden" && (
        <p className="tj-post-page__hidden" role="status">
          这条帖子已被管理员隐藏，只有你{post.mine ? "" : "（管理员）"}能看到
        </p>
      )}
      <article className="tj-post-page__post">
        <AuthorLine
          author={post.author}
          createdAt={post.createdAt}
          extra={`浏览 ${post.viewCount}`}
        />
        <PostBody body={post.body} />
        <ImageGrid images={post.images} label={`${post.author.name}的帖子`} />
        <p className="tj-post-page__circle">
          来自圈子 <AppLink to={circlePath(post.circle.id)}>{post.circle.name}</AppLink>
        </p>
        <PostActions post={post} />
      </article>
      <CommentSection postId={post.id} first={comments} open={post.status === "visible"} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
