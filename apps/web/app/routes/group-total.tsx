import type { Circle } from "@tongjian/contracts/community";
import { COMMUNITY_API } from "@tongjian/domain/community-rules";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { useCallback } from "react";
import { CircleCard } from "../features/community/circle-card.tsx";
import { MoreButton } from "../shell/more-button.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { ListPage } from "../shell/use-more-pages.ts";
import { useMorePages } from "../shell/use-more-pages.ts";
import type { Route } from "./+types/group-total";
import "../features/community/community.css";

const PAGE_SIZE = 20;

// Every circle (spec §2 /group/total), with members, posts and 加入.
export async function loader({ context }: Route.LoaderArgs) {
  return {
    circles: await context.services.community.circles({
      page: 1,
      size: PAGE_SIZE,
      viewer: context.viewer,
    }),
  };
}

export function meta() {
  return [{ title: `全部圈子 - ${PRODUCT_NAME}` }];
}

export default function GroupTotal({ loaderData }: Route.ComponentProps) {
  const { circles } = loaderData;
  const { api } = usePlatform();
  const loadPage = useCallback(
    (page: number) =>
      api.get<ListPage<Circle>>(`${COMMUNITY_API}/n/circles?page=${page}&size=${PAGE_SIZE}`),
    [api],
  );
  const list = useMorePages<Circle>(circles, loadPage);
  return (
    <main className="tj-community">
      <h1 className="tj-community__title">全部圈子</h1>
      <p className="tj-community__lead">共 {circles.total} 个圈子</p>
      {list.list.length === 0 ? (
        <p className="tj-empty">还没有圈子</p>
      ) : (
        <ul className="tj-circle-list">
          {list.list.map((c) => (
            <CircleCard key={c.id} circle={c} />
          ))}
        </ul>
      )}
      {list.hasMore && <MoreButton state={list.state} onClick={() => void list.loadMore()} />}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
