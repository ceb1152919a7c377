import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MusicLicence, MusicNav } from "../features/music/music-nav.tsx";
import { idParam } from "../features/music/music-params.ts";
import { PlayButton, TrackList } from "../features/music/track-list.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/music-singer";
import "../features/music/music.css";

// 演奏者 (/music/singer?id=): a performer, author or tradition and its pieces; without an id, all
// of them.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const id = idParam(url);
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (!id) {
    const landing = await context.services.music.landing();
    return { performer: null, all: landing.performers, origin };
  }
  const performer = await orNotFound(context.services.music.performer(id), "演奏者不存在");
  return { performer, all: [], origin };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `演奏者 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.performer ? `/music/singer?id=${d.performer.id}` : "/music/singer",
    title: d.performer ? `${d.performer.name} · 中国音乐` : "演奏者与出处",
    description: d.performer ? d.performer.summary : "中国音乐里的作者、琴家、民歌传统与乐种。",
    type: "website",
  });
}

export default function MusicSinger({ loaderData: d }: Route.ComponentProps) {
  const { performer } = d;
  if (!performer) {
    return (
      <main className="tj-music" data-testid="music-singers">
        <MusicNav current="/music/singer" />
        <h1 className="tj-music-h1">演奏者与出处</h1>
        {d.all.length === 0 ? (
          <p className="tj-empty">还没有演奏者。</p>
        ) : (
          <ul className="tj-music-chips">
            {d.all.map((p) => (
              <li key={p.id}>
                <AppLink className="tj-music-chip" to={`/music/singer?id=${p.id}`}>
                  {p.name}
                  <small> · {p.kind}</small>
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
    <main className="tj-music" data-testid="music-singer">
      <MusicNav current="/music/singer" />
      <header className="tj-music-profile">
        <p className="tj-music-piece__genre">{performer.kind}</p>
        <h1 className="tj-music-h1">{performer.name}</h1>
        <p className="tj-music-profile__years">{performer.years}</p>
        <p className="tj-music-profile__summary">{performer.summary}</p>
        {performer.entry && (
          <AppLink className="tj-music-chip" to={`/detail/${performer.entry.id}`}>
            查看词条：{performer.entry.name}
          </AppLink>
        )}
      </header>
      <section className="tj-music-section" aria-labelledby="singer-pieces">
        <div className="tj-music-section__head">
          <h2 id="singer-pieces" className="tj-music-h2">
            曲目（{performer.pieces.length}）
          </h2>
          {performer.pieces.length > 0 && (
            <span className="tj-music-playall">
              <PlayButton
                tracks={performer.pieces}
                index={0}
                label={`播放${performer.name}的全部曲目`}
              />
              全部播放
            </span>
          )}
        </div>
        <TrackList tracks={performer.pieces} empty="还没有署这位演奏者的曲目。" />
      </section>
      <MusicLicence />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
