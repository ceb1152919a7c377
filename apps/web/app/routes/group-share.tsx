import type { CirclePage, Membership, PostList } from "@tongjian/contracts/community";
import { COMMUNITY_PAGE_SIZE, circlePath, composerPath } from "@tongjian/domain/community-rules";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { SHARE_DESCRIPTION_LIMIT, truncateText } from "@tongjian/domain/text-length";
import { useState } from "react";
import { useNavigate } from "react-router";
import { JoinButton } from "../features/community/join-button.tsx";
import { PostFeed } from "../features/community/post-feed.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { usePlatform, useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/group-share";
import "../features/community/community.css";
import { VIEW_CIRCLE_PAGE } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "group-share": VIEW_CIRCLE_PAGE } };

// A circle's page (spec §2 group-share, tracked as circlePage with circleId and userId): as
// shared by a member (userId), it says who invites the reader. Join, post, share, its posts.
export async function loader({ context, url }: Route.LoaderArgs) {
  const circleId = url.searchParams.get("circleId");
  const { community } = context.services;
  // Without a circle the page offers every circle.
  if (circleId === null)
    return {
      circle: null,
      posts: null,
      me: null,
      circles: await community.circles({ page: 1, size: 50, viewer: context.viewer }),
    } as const;
  if (!isEntityId(circleId)) throw notFound("圈子不存在");
  const userId = url.searchParams.get("userId");
  const circle = await orNotFound(
    community.circle({
      id: circleId,
      inviterId: isEntityId(userId) ? userId : null,
      viewer: context.viewer,
    }),
    "圈子不存在",
  );
  const posts = await community.posts({
    circleId,
    page: 1,
    size: COMMUNITY_PAGE_SIZE,
    viewer: context.viewer,
  });
  const me = context.viewer.kind === "user" ? context.viewer.userId : null;
  return { circle, posts, me, circles: null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data?.circle) return [{ title: `圈子 - ${PRODUCT_NAME}` }];
  return [
    { title: `${data.circle.name} - 圈子 - ${PRODUCT_NAME}` },
    { name: "description", content: data.circle.intro },
  ];
}

export default function GroupShare({ loaderData }: Route.ComponentProps) {
  const { circle, posts, me, circles } = loaderData;
  if (!circle || !posts)
    return (
      <main className="tj-community">
        <h1 className="tj-community__title">选择圈子</h1>
        {circles.list.length === 0 ? (
          <p className="tj-empty">还没有圈子</p>
        ) : (
          <ul className="tj-chips">
            {circles.list.map((c) => (
              <li key={c.id}>
                <a className="tj-chip" href={circlePath(c.id)}>
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
    );
  return <CirclePageView circle={circle} posts={posts} me={me} />;
}

function CirclePageView({
  circle,
  posts,
  me,
}: {
  circle: CirclePage;
  posts: PostList;
  me: string | null;
}) {
  const { env, bridge } = usePlatform();
  const navigate = useNavigate();
  const [membership, setMembership] = useState<Membership>({
    joined: circle.joined,
    memberCount: circle.memberCount,
  });
  useShare({
    title: circle.inviter
      ? `${circle.inviter.name}邀请你加入「${circle.name}」`
      : `圈子「${circle.name}」`,
    desc: truncateText(circle.intro, SHARE_DESCRIPTION_LIMIT),
    // The site's mark: a circle has no picture of its own.
    imgUrl: "/favicon.svg",
  });
  // What a member shares carries their id: the page then says who invites.
  const shareLink = membership.joined && me ? circlePath(circle.id, me) : null;
  const compose = () => {
    if (env.isNativeApp)
      bridge
        .call("communitySend", { circleId: circle.id })
        .catch(() => navigate(composerPath(circle.id)));
    else navigate(composerPath(circle.id));
  };
  return (
    <main className="tj-community tj-circle-page">
      {circle.inviter && !membership.joined && (
        <p className="tj-invite" role="note">
          <strong>{circle.inviter.name}</strong> 邀请你加入圈子「{circle.name}」
        </p>
      )}
      <header className="tj-circle-page__head">
        <span className="tj-circle-card__badge tj-circle-card__badge--large" aria-hidden="true">
          {[...circle.name][0]}
        </span>
        <div>
          <h1 className="tj-circle-page__name">{circle.name}</h1>
          <p className="tj-circle-page__intro">{circle.intro}</p>
          <p className="tj-circle-card__meta">
            成员 {membership.memberCount} · 帖子 {circle.postCount}
          </p>
        </div>
      </header>
      <div className="tj-circle-page__actions">
        <JoinButton
          circleId={circle.id}
          circleName={circle.name}
          joined={circle.joined}
          onChange={setMembership}
        />
        {membership.joined && (
          <button type="button" className="tj-button" onClick={compose}>
            发帖
          </button>
        )}
      </div>
      {shareLink && (
        <p className="tj-circle-page__share">
          邀请朋友：分享<a href={shareLink}>这个页面的链接</a>，朋友打开会看到你的邀请
        </p>
      )}
      <section className="tj-section" aria-labelledby="tj-circle-posts">
        <h2 id="tj-circle-posts" className="tj-section__title">
          圈内帖子
        </h2>
        <PostFeed
          first={posts}
          filter={{ circleId: circle.id }}
          showCircle={false}
          empty="圈子里还没有帖子，加入后来发第一帖吧"
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
