import type { PaintingBoard } from "@tongjian/contracts/painting";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { PaintingNav, PaintingRanks } from "../features/painting/painting-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/paint-billboard";

const BOARDS = { views: "浏览", likes: "点赞" } as const;

// 名画榜 (/paintbillboard/:id?, issue 19): paintings ranked by views (the default) or likes.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const by = params.id ?? "views";
  if (by !== "views" && by !== "likes") throw notFound("没有这个榜单");
  const board: PaintingBoard = await context.services.paintings.board(by);
  return { board, origin: requestOrigin(request, context.hosts.publicOrigin) };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `名画榜 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/paintbillboard/${d.board.by}`,
    title: `名画榜·${BOARDS[d.board.by]}`,
    description: `名画按${BOARDS[d.board.by]}数排行的前 50 幅。`,
    type: "website",
  });
}

export default function PaintBillboard({ loaderData: d }: Route.ComponentProps) {
  const { board } = d;
  return (
    <main className="tj-article tj-paint">
      <h1 className="tj-article__title">名画榜</h1>
      <PaintingNav current="paintboard" />
      <nav className="tj-paint__facets" aria-label="排行方式">
        {(Object.keys(BOARDS) as (keyof typeof BOARDS)[]).map((by) => (
          <AppLink
            key={by}
            to={`/paintbillboard/${by}`}
            aria-current={board.by === by ? "page" : undefined}
          >
            按{BOARDS[by]}
          </AppLink>
        ))}
      </nav>
      <PaintingRanks list={board.list} unit={board.by === "views" ? "次浏览" : "个赞"} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
