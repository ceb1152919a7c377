import type { ArtistBoard } from "@tongjian/contracts/painting";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { ArtistRanks, PaintingNav } from "../features/painting/painting-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/art-billboard";

const BOARDS = { views: "浏览", likes: "点赞" } as const;

// 艺术榜单 (/artbillboard/:id?, issue 19): artists ranked by their paintings' views (the default) or likes.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const by = params.id ?? "views";
  if (by !== "views" && by !== "likes") throw notFound("没有这个榜单");
  const board: ArtistBoard = await context.services.paintings.artistBoard(by);
  return { board, origin: requestOrigin(request, context.hosts.publicOrigin) };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `画家榜 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/artbillboard/${d.board.by}`,
    title: `画家榜·${BOARDS[d.board.by]}`,
    description: `画家按其名画的${BOARDS[d.board.by]}数之和排行。`,
    type: "website",
  });
}

export default function ArtBillboard({ loaderData: d }: Route.ComponentProps) {
  const { board } = d;
  return (
    <main className="tj-article tj-paint">
      <h1 className="tj-article__title">画家榜</h1>
      <PaintingNav current="artboard" />
      <nav className="tj-paint__facets" aria-label="排行方式">
        {(Object.keys(BOARDS) as (keyof typeof BOARDS)[]).map((by) => (
          <AppLink
            key={by}
            to={`/artbillboard/${by}`}
            aria-current={board.by === by ? "page" : undefined}
          >
            按{BOARDS[by]}
          </AppLink>
        ))}
      </nav>
      <ArtistRanks list={board.list} unit={board.by === "views" ? "次浏览" : "个赞"} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
