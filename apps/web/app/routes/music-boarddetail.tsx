import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { MusicLicence, MusicNav } from "../features/music/music-nav.tsx";
import { boardParam } from "../features/music/music-params.ts";
import { PlayButton, TrackList } from "../features/music/track-list.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/music-boarddetail";
import "../features/music/music.css";
import { VIEW_CHINA_MUSIC_TOP } from "@tongjian/domain/tracking-pages";
import type { PageViewHandle } from "../shell/platform.tsx";

/** Spec §2: visits to this page are tracked (the shell posts the view event). */
export const handle: PageViewHandle = { pageViews: { "music-boarddetail": VIEW_CHINA_MUSIC_TOP } };

// 音乐榜 (/music/boarddetail?id=hot|like|new|guqin|minge|xiqu|wenshi): one board, ranked.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const key = boardParam(url);
  return {
    board: await context.services.music.board(key),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `音乐榜 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: `/music/boarddetail?id=${d.board.key}`,
    title: d.board.title,
    description: `${d.board.title}：${d.board.summary}。`,
    type: "website",
  });
}

export default function MusicBoardDetail({ loaderData: d }: Route.ComponentProps) {
  const { board } = d;
  return (
    <main className="tj-music" data-testid="music-board">
      <MusicNav current="/music/billboard" />
      <div className="tj-music-section__head">
        <h1 className="tj-music-h1">{board.title}</h1>
        {board.list.length > 0 && (
          <span className="tj-music-playall">
            <PlayButton tracks={board.list} index={0} label={`从第一首起播放${board.title}`} />
            全部播放
          </span>
        )}
      </div>
      <p className="tj-music-section__lead">{board.summary}</p>
      <TrackList
        tracks={board.list}
        ranked
        show={board.key === "like" ? "likes" : board.key === "new" ? "added" : "plays"}
        empty="榜单上还没有曲目。"
      />
      <MusicLicence />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
