import { COMMUNITY_PAGE_SIZE, circlePath } from "@tongjian/domain/community-rules";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { CircleCard } from "../features/community/circle-card.tsx";
import { PostFeed } from "../features/community/post-feed.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/group-entry";
import "../features/community/community.css";

const FEATURED_CIRCLES = 6;

// The community's front door (spec §2 /group/entry): the reader's circles, circles to join, and
// the newest posts of every circle.
export async function loader({ context }: Route.LoaderArgs) {
  const { community } = context.services;
  const [mine, circles, posts] = await Promise.all([
    community.myCircles(context.viewer),
    community.circles({ page: 1, size: FEATURED_CIRCLES, viewer: context.viewer }),
    community.posts({ page: 1, size: COMMUNITY_PAGE_SIZE, viewer: context.viewer }),
  ]);
  return { mine, circles, posts, signedIn: context.viewer.kind === "user" };
}

export function meta() {
  return [
    { title: `圈子 - ${PRODUCT_NAME}` },
    {
      name: "description",
      content: "和爱读史的朋友一起：唐诗、三国、宋史、考古与文物的读书圈子。",
    },
  ];
}

export default function GroupEntry({ loaderData }: Route.ComponentProps) {
  const { mine, circles, posts, signedIn } = loaderData;
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">圈子</h1>
      <nav className="tj-community__nav" aria-label="社区">
        <AppLink className="tj-chip" to="/group/total">
          全部圈子
        </AppLink>
        <AppLink className="tj-chip" to="/largeV">
          活跃读者
        </AppLink>
      </nav>
      {signedIn && (
        <section className="tj-section" aria-labelledby="tj-my-circles">
          <h2 id="tj-my-circles" className="tj-section__title">
            我的圈子
          </h2>
          {mine.length === 0 ? (
            <p className="tj-empty">还没有加入圈子，从下面挑一个吧</p>
          ) : (
            <ul className="tj-chips">
              {mine.map((c) => (
                <li key={c.id}>
                  <AppLink className="tj-chip" to={circlePath(c.id)}>
                    {c.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className="tj-section" aria-labelledby="tj-circles">
        <div className="tj-section__head">
          <h2 id="tj-circles" className="tj-section__title">
            推荐圈子
          </h2>
          <AppLink className="tj-section__link" to="/group/total">
            全部 {circles.total} 个
          </AppLink>
        </div>
        {circles.list.length === 0 ? (
          <p className="tj-empty">还没有圈子</p>
        ) : (
          <ul className="tj-circle-list">
            {circles.list.map((c) => (
              <CircleCard key={c.id} circle={c} />
            ))}
          </ul>
        )}
      </section>
      <section className="tj-section" aria-labelledby="tj-latest">
        <h2 id="tj-latest" className="tj-section__title">
          最新帖子
        </h2>
        <PostFeed first={posts} filter={{}} empty="还没有人发帖，加入一个圈子来发第一帖吧" />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
