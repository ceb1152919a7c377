import type { BoardPage } from "@tongjian/contracts/boards";
import {
  BOARD_PAGE_SIZE,
  BOARD_TAB_LABELS,
  BOARD_TABS,
  type BoardTab,
  readBoardTab,
} from "@tongjian/domain/board-ranking";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { VIEW_HOST_LIST } from "@tongjian/domain/tracking-pages";
import { useState } from "react";
import { BoardList, BoardRule } from "../features/boards/board-list.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import type { PageViewHandle } from "../shell/platform.tsx";
import { usePlatform } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/board";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { board: VIEW_HOST_LIST } };

// /board (tracked as hostList, spec §2): posts and entries ranked by recent activity, one tab
// each. Without ?tab the board opens on 帖子.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const asked = url.searchParams.get("tab");
  const tab: BoardTab = asked === null ? "post" : readBoardTab(asked);
  const first = await context.services.boards.list({ tab, page: 1, size: BOARD_PAGE_SIZE });
  return {
    tab,
    first,
    description: seoDescription(
      `${PRODUCT_NAME}热榜：按最近 7 天的浏览、点赞和评论排出的热门${BOARD_TAB_LABELS[tab]}。`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  const title = `热榜：${d ? BOARD_TAB_LABELS[d.tab] : "帖子与词条"}`;
  if (!d) return [{ title: `${title} - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/board?tab=${d.tab}`,
    title,
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: title, inLanguage: "zh-CN" },
  });
}

function EmptyBoard({ tab }: { tab: BoardTab }) {
  return (
    <p className="tj-empty">
      最近 7 天还没有{BOARD_TAB_LABELS[tab]}上榜，去
      <AppLink to="/">首页</AppLink>读几篇吧。
    </p>
  );
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { tab, first } = loaderData;
  return (
    <main className="tj-article tj-board">
      <div className="tj-board__head">
        <h1 className="tj-article__title">热榜</h1>
        <AppLink className="tj-section__link" to="/hotbillboard">
          热门榜单
        </AppLink>
      </div>
      <nav className="tj-board__tabs" aria-label="榜单类别">
        {BOARD_TABS.map((t) => (
          <AppLink
            key={t}
            className="tj-board__tab"
            to={`/board?tab=${t}`}
            aria-current={t === tab ? "page" : undefined}
          >
            {BOARD_TAB_LABELS[t]}
          </AppLink>
        ))}
      </nav>
      <BoardRule rule={first.rule} rankedAt={first.rankedAt} />
      <BoardPages key={tab} tab={tab} first={first} />
    </main>
  );
}

/** The first page from the loader, then 加载更多 through the API. */
function BoardPages({ tab, first }: { tab: BoardTab; first: BoardPage }) {
  const { api } = usePlatform();
  const [pages, setPages] = useState<BoardPage[]>([first]);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const last = pages[pages.length - 1] ?? first;
  const items = pages.flatMap((p) => p.list);
  const more = async () => {
    setState("loading");
    try {
      const next = await api.get<BoardPage>(
        `/api/m/board/v1/n/list/${tab}?page=${last.page + 1}&size=${BOARD_PAGE_SIZE}`,
      );
      setPages((list) => [...list, next]);
      setState("idle");
    } catch {
      setState("error");
    }
  };
  if (items.length === 0) return <EmptyBoard tab={tab} />;
  return (
    <>
      <BoardList items={items} />
      {state === "error" && (
        <p className="tj-empty" role="alert">
          加载失败，请重试。
        </p>
      )}
      {last.hasMore && (
        <button type="button" className="tj-more" onClick={more} disabled={state === "loading"}>
          {state === "loading" ? "正在加载…" : state === "error" ? "重试" : "加载更多"}
        </button>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
