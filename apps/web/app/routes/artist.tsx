import type { ArtistBoard, ArtistDetail } from "@tongjian/contracts/painting";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import {
  ArtistRanks,
  PaintingGrid,
  PaintingNav,
  ShareButton,
} from "../features/painting/painting-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/artist";

// 画家 (/artist/:id?, issue 19): a painter (a person entry) with their paintings; without an id,
// every painter, most viewed first.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (!params.id) {
    const board: ArtistBoard = await context.services.paintings.artistBoard("views");
    return { kind: "all" as const, board, origin };
  }
  if (!isEntityId(params.id)) throw notFound("没有找到这位画家");
  const artist: ArtistDetail = await orNotFound(
    context.services.paintings.artist(params.id),
    "没有找到这位画家",
  );
  return { kind: "artist" as const, artist, origin, description: seoDescription(artist.summary) };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `画家 - ${PRODUCT_NAME}` }];
  if (d.kind === "all") {
    return seoMeta({
      origin: d.origin,
      path: "/artist",
      title: "画家",
      description: "名画库中的画家与他们的作品。",
      type: "website",
    });
  }
  return seoMeta({
    origin: d.origin,
    path: `/artist/${d.artist.id}`,
    title: `${d.artist.name}·画家`,
    description: d.description,
    type: "profile",
  });
}

export default function ArtistRoute({ loaderData: d }: Route.ComponentProps) {
  useShare(
    d.kind === "artist"
      ? { title: d.artist.name, desc: d.description, imgUrl: d.artist.preview ?? "" }
      : null,
  );
  if (d.kind === "all") {
    return (
      <main className="tj-article tj-paint">
        <h1 className="tj-article__title">画家</h1>
        <PaintingNav />
        <ArtistRanks list={d.board.list} unit="次浏览" />
      </main>
    );
  }
  const a = d.artist;
  return (
    <main className="tj-article tj-paint">
      <PaintingNav />
      <h1 className="tj-article__title">{a.name}</h1>
      <p className="tj-paint__meta">
        {a.dynasty}
        {a.life ? ` · ${a.life}` : ""} · 名画 {a.paintingCount} 幅 · {a.viewNum} 次浏览
      </p>
      <p className="tj-paint__desc">{a.summary}</p>
      <div className="tj-paint__actions">
        <AppLink className="tj-button" to={`/detail/${a.id}`}>
          人物词条
        </AppLink>
        <ShareButton title={`${a.name}·画家`} />
      </div>
      <h2 className="tj-paint__section-title">作品</h2>
      <PaintingGrid list={a.paintings} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
