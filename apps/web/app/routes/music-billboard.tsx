import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MusicLicence, MusicNav } from "../features/music/music-nav.tsx";
import { TrackList } from "../features/music/track-list.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/music-billboard";
import "../features/music/music.css";

// 音乐榜单 (/music/billboard): every board with its first three, each leading to the whole board.
export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    boards: (await context.services.music.boards()).boards,
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `音乐榜单 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/music/billboard",
    title: "音乐榜单",
    description: "热播榜、点赞榜、新曲榜和各类别的榜单：古琴、民歌、戏曲与文史歌曲。",
    type: "website",
  });
}

export default function MusicBillboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-music" data-testid="music-billboard">
      <MusicNav current="/music/billboard" />
      <h1 className="tj-music-h1">音乐榜单</h1>
      {d.boards.length === 0 && <p className="tj-empty">还没有榜单。</p>}
      {d.boards.map((b) => (
        <section key={b.key} className="tj-music-section" aria-labelledby={`board-${b.key}`}>
          <div className="tj-music-section__head">
            <h2 id={`board-${b.key}`} className="tj-music-h2">
              {b.title}
            </h2>
            <AppLink to={`/music/boarddetail?id=${b.key}`} aria-label={`查看完整的${b.title}`}>
              完整榜单
            </AppLink>
          </div>
          <p className="tj-music-section__lead">{b.summary}</p>
          <TrackList
            tracks={b.top}
            ranked
            show={b.key === "like" ? "likes" : b.key === "new" ? "added" : "plays"}
            empty="榜单上还没有曲目。"
          />
        </section>
      ))}
      <MusicLicence />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
