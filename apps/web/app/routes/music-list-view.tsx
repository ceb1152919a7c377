import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MusicLicence, MusicNav } from "../features/music/music-nav.tsx";
import { idParam } from "../features/music/music-params.ts";
import { PlayButton, TrackList } from "../features/music/track-list.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/music-list-view";
import "../features/music/music.css";

// 歌单 (/music/list-view?id=): a playlist; without an id, every playlist.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const id = idParam(url);
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (!id) {
    const landing = await context.services.music.landing();
    return { playlist: null, all: landing.playlists, origin };
  }
  const playlist = await orNotFound(context.services.music.playlist(id), "歌单不存在");
  return { playlist, all: [], origin };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `歌单 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.playlist ? `/music/list-view?id=${d.playlist.id}` : "/music/list-view",
    title: d.playlist ? `${d.playlist.title} · 歌单` : "歌单",
    description: d.playlist ? d.playlist.summary : "按主题编选的中国音乐歌单。",
    type: "website",
  });
}

export default function MusicListView({ loaderData: d }: Route.ComponentProps) {
  const { playlist } = d;
  if (!playlist) {
    return (
      <main className="tj-music" data-testid="music-lists">
        <MusicNav current="/music/list-view" />
        <h1 className="tj-music-h1">歌单</h1>
        {d.all.length === 0 ? (
          <p className="tj-empty">还没有歌单。</p>
        ) : (
          <ul className="tj-music-cards">
            {d.all.map((l) => (
              <li key={l.id}>
                <AppLink className="tj-music-card" to={`/music/list-view?id=${l.id}`}>
                  <span className="tj-music-card__title">
                    {l.title} <small>{l.count} 首</small>
                  </span>
                  <span className="tj-music-card__text">{l.summary}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
        <MusicLicence />
      </main>
    );
  }
  return (
    <main className="tj-music" data-testid="music-list">
      <MusicNav current="/music/list-view" />
      <header className="tj-music-profile">
        <p className="tj-music-piece__genre">歌单 · {playlist.pieces.length} 首</p>
        <h1 className="tj-music-h1">{playlist.title}</h1>
        <p className="tj-music-profile__summary">{playlist.summary}</p>
        {playlist.pieces.length > 0 && (
          <span className="tj-music-playall">
            <PlayButton tracks={playlist.pieces} index={0} label={`播放歌单${playlist.title}`} />
            全部播放
          </span>
        )}
      </header>
      <TrackList tracks={playlist.pieces} empty="这个歌单还是空的。" />
      <MusicLicence />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
