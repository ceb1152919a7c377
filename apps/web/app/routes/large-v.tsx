import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { Avatar } from "../features/community/author-line.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/large-v";
import "../features/community/community.css";

const READERS = 20;

// 大V (spec §2 /largeV): the readers who gave the community most, by their posts and the likes
// and comments those drew.
export async function loader({ context }: Route.LoaderArgs) {
  return { readers: await context.services.community.featuredReaders(READERS) };
}

export function meta() {
  return [{ title: `活跃读者 - ${PRODUCT_NAME}` }];
}

export default function LargeV({ loaderData }: Route.ComponentProps) {
  const { readers } = loaderData;
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">活跃读者</h1>
      <p className="tj-community__lead">按发帖，以及帖子收到的赞和评论排列</p>
      {readers.length === 0 ? (
        <p className="tj-empty">
          还没有读者发帖，<AppLink to="/group/entry">去圈子里发第一帖</AppLink>
        </p>
      ) : (
        <ol className="tj-readers">
          {readers.map((r, i) => (
            <li key={r.id} className="tj-reader">
              <span className="tj-reader__rank">{i + 1}</span>
              <Avatar person={r} />
              <span className="tj-reader__text">
                <strong>{r.name}</strong>
                <span className="tj-reader__meta">
                  发帖 {r.posts} · 获赞 {r.likes} · 评论 {r.comments}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
