import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MusicLicence, MusicNav } from "../features/music/music-nav.tsx";
import { idParam } from "../features/music/music-params.ts";
import { PiecePanel } from "../features/music/piece-panel.tsx";
import { TrackList } from "../features/music/track-list.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/music-landing";
import "../features/music/music.css";
import { VIEW_CHINA_MUSIC } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "music-landing": VIEW_CHINA_MUSIC } };

// 中国音乐 (/music/landing, spec §2 "music-landing: query id"): the piece in focus (?id=, else the
// first featured), featured pieces, each genre, the boards and the playlists.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const id = idParam(url);
  const landing = await orNotFound(context.services.music.landing(id ?? undefined), "曲目不存在");
  return {
    landing,
    focused: id !== null,
    description: seoDescription(
      id
        ? landing.featured.description.join("")
        : "古琴曲、民歌、戏曲选段与诗词入乐的文史歌曲，附简谱、公有领域的歌词和依谱合成的音频。",
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `中国音乐 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.focused ? `/music/landing?id=${d.landing.featured.id}` : "/music/landing",
    title: d.focused ? `${d.landing.featured.name} · 中国音乐` : "中国音乐",
    description: d.description,
    type: "website",
  });
}

export default function MusicLanding({ loaderData: d }: Route.ComponentProps) {
  const { landing } = d;
  const everyTrack = landing.genres.flatMap((g) => g.pieces);
  return (
    <main className="tj-music" data-testid="music-landing">
      <MusicNav current="/music/landing" />
      {!d.focused && <p className="tj-music__kicker">中国音乐 · 听古人的声音</p>}
      {/* The piece first, then the page's other pieces, so 下一首 goes on through the page. */}
      <PiecePanel piece={landing.featured} queue={[...landing.highlights, ...everyTrack]} />

      {landing.highlights.length > 0 && (
        <section className="tj-music-section" aria-labelledby="music-highlights">
          <h2 id="music-highlights" className="tj-music-h2">
            推荐曲目
          </h2>
          <TrackList tracks={landing.highlights} show="genre" />
        </section>
      )}

      {landing.genres.map((g) => (
        <section
          key={g.genre}
          className="tj-music-section"
          aria-labelledby={`music-genre-${g.genre}`}
        >
          <h2 id={`music-genre-${g.genre}`} className="tj-music-h2">
            {g.genre}
          </h2>
          <TrackList tracks={g.pieces} />
        </section>
      ))}
      {landing.genres.length === 0 && <p className="tj-empty">还没有曲目。</p>}

      <section className="tj-music-section" aria-labelledby="music-boards">
        <div className="tj-music-section__head">
          <h2 id="music-boards" className="tj-music-h2">
            榜单
          </h2>
          <AppLink to="/music/billboard">全部榜单</AppLink>
        </div>
        <ul className="tj-music-cards">
          {landing.boards.map((b) => (
            <li key={b.key}>
              <AppLink className="tj-music-card" to={`/music/boarddetail?id=${b.key}`}>
                <span className="tj-music-card__title">{b.title}</span>
                <span className="tj-music-card__text">
                  {b.top.map((t, i) => `${i + 1}. ${t.name}`).join("　")}
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="tj-music-section" aria-labelledby="music-lists">
        <h2 id="music-lists" className="tj-music-h2">
          歌单
        </h2>
        <ul className="tj-music-cards">
          {landing.playlists.map((l) => (
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
      </section>

      <section className="tj-music-section" aria-labelledby="music-performers">
        <h2 id="music-performers" className="tj-music-h2">
          演奏者与出处
        </h2>
        <ul className="tj-music-chips">
          {landing.performers.map((p) => (
            <li key={p.id}>
              <AppLink className="tj-music-chip" to={`/music/singer?id=${p.id}`}>
                {p.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <MusicLicence />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
