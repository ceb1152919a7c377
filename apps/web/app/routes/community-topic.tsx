import { COMMUNITY_PAGE_SIZE, TOPIC_TEXT_LIMIT } from "@tongjian/domain/community-rules";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { PostFeed } from "../features/community/post-feed.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/community-topic";
import "../features/community/community.css";

// A topic's posts (beyond spec §2): where a #话题# in a post links (spec §5 "hashtags become
// topic links"), newest first.
export async function loader({ context, url }: Route.LoaderArgs) {
  const name = (url.searchParams.get("name") ?? "").trim();
  const { community } = context.services;
  // Without a topic the page shows the newest posts, whose topics lead on.
  if (!name)
    return {
      name: null,
      title: null,
      posts: await community.posts({ page: 1, size: COMMUNITY_PAGE_SIZE, viewer: context.viewer }),
    };
  if (name.length > TOPIC_TEXT_LIMIT) throw notFound("话题不存在");
  const [title, posts] = await Promise.all([
    community.topicName(name),
    community.posts({ topic: name, page: 1, size: COMMUNITY_PAGE_SIZE, viewer: context.viewer }),
  ]);
  return { name, title, posts };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.title ? `#${data.title}# - 话题 - ${PRODUCT_NAME}` : `话题 - ${PRODUCT_NAME}` },
  ];
}

export default function CommunityTopic({ loaderData }: Route.ComponentProps) {
  const { name, title, posts } = loaderData;
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">{name ? `#${title}#` : "话题"}</h1>
      <p className="tj-community__lead">
        {name ? `${posts.total} 条帖子` : "点帖子里的 #话题#，看同一话题的帖子。下面是最新的帖子。"}
      </p>
      <PostFeed
        key={name ?? ""}
        first={posts}
        filter={name ? { topic: name } : {}}
        empty={name ? "还没有帖子带这个话题" : "还没有人发帖"}
      />
      <p className="tj-community__back">
        <AppLink className="tj-section__link" to="/group/entry">
          去圈子看看
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
