import { HOT_BOARD_PAGE_SIZE } from "@tongjian/domain/board-ranking";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { BoardList, BoardRule } from "../features/boards/board-list.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/hot-billboard";

/** `?page=` of the hot board: a whole number from 1, anything else is page 1. */
function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

// /hotbillboard: the hot board (spec §9, 10 a page): posts and entries on one list by the same
// points, a page per address so every page can be shared and opened without script.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const page = pageOf(url.searchParams.get("page"));
  const board = await context.services.boards.hot({ page });
  return {
    board,
    description: seoDescription(
      `${PRODUCT_NAME}热门榜单：帖子和词条按最近 7 天的热度合排，每页 ${HOT_BOARD_PAGE_SIZE} 条。`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `热门榜单 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.board.page > 1 ? `/hotbillboard?page=${d.board.page}` : "/hotbillboard",
    title: d.board.page > 1 ? `热门榜单（第 ${d.board.page} 页）` : "热门榜单",
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: "热门榜单", inLanguage: "zh-CN" },
  });
}

export default function HotBillboard({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  const pages = Math.max(1, Math.ceil(board.total / HOT_BOARD_PAGE_SIZE));
  const beyond = board.page > pages;
  return (
    <main className="tj-article tj-board">
      <div className="tj-board__head">
        <h1 className="tj-article__title">热门榜单</h1>
        <AppLink className="tj-section__link" to="/board">
          分类热榜
        </AppLink>
      </div>
      <BoardRule rule={board.rule} rankedAt={board.rankedAt} />
      {board.list.length > 0 ? (
        <BoardList items={board.list} showKind />
      ) : beyond && board.total > 0 ? (
        <p className="tj-empty">
          榜单只有 {pages} 页，<AppLink to="/hotbillboard">回到第 1 页</AppLink>。
        </p>
      ) : (
        <p className="tj-empty">
          最近 7 天还没有内容上榜，去<AppLink to="/">首页</AppLink>读几篇吧。
        </p>
      )}
      {board.total > HOT_BOARD_PAGE_SIZE && !beyond && (
        <nav className="tj-board__pager" aria-label="翻页">
          {board.page > 1 ? (
            <AppLink
              className="tj-button tj-button--ghost"
              to={board.page > 2 ? `/hotbillboard?page=${board.page - 1}` : "/hotbillboard"}
            >
              上一页
            </AppLink>
          ) : (
            <span className="tj-board__pager-gap" />
          )}
          <span className="tj-board__pager-status">
            第 {board.page} / {pages} 页
          </span>
          {board.hasMore ? (
            <AppLink
              className="tj-button tj-button--ghost"
              to={`/hotbillboard?page=${board.page + 1}`}
            >
              下一页
            </AppLink>
          ) : (
            <span className="tj-board__pager-gap" />
          )}
        </nav>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
