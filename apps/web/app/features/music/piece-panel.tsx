import type { MusicPieceDetail, MusicTrack } from "@tongjian/contracts/music";
import { AppLink } from "../../shell/app-link.tsx";
import { formatAudioTime } from "../media/audio-time.ts";
import { MusicLikeButton } from "./music-like-button.tsx";
import { PlayButton, useNowPlaying } from "./track-list.tsx";

/** The score as written: one line of the content per line, bars kept. */
function Score({ notation }: { notation: MusicPieceDetail["notation"] }) {
  return (
    <figure className="tj-music-score">
      <figcaption>
        简谱 1={notation.key} {notation.meter} ♩={notation.tempo}
        {notation.kind === "示意" ? "（示意旋律，非原曲）" : "（据原曲调简化）"}
      </figcaption>
      <pre>{notation.score}</pre>
      {notation.note && <p className="tj-music-score__note">{notation.note}</p>}
    </figure>
  );
}

/** One piece in full: facts, play, 合成 and its licence, description, lyrics, score, entries. */
export function PiecePanel({
  piece,
  queue,
}: {
  piece: MusicPieceDetail;
  /** What plays after it: the piece first, then these. */
  queue: readonly MusicTrack[];
}) {
  const { current, playing, handedToApp } = useNowPlaying();
  // Each piece once, the first time it comes (a featured piece is also in its genre's list).
  const tracks = [piece, ...queue].filter(
    (t, i, all) => all.findIndex((other) => other.id === t.id) === i,
  );
  const status =
    current === piece.id
      ? playing
        ? "播放中"
        : "已暂停"
      : handedToApp === piece.id
        ? "已在App中播放"
        : null;
  return (
    <article
      className="tj-music-piece"
      data-testid="music-piece"
      aria-labelledby="tj-music-piece-title"
    >
      <div className="tj-music-piece__head">
        <PlayButton
          tracks={tracks}
          index={0}
          label={`播放《${piece.name}》`}
          className="tj-music-play tj-music-play--large"
        />
        <div className="tj-music-piece__heading">
          <p className="tj-music-piece__genre">{piece.genre}</p>
          <h1 id="tj-music-piece-title" className="tj-music-piece__title">
            {piece.name}
          </h1>
          <p className="tj-music-piece__credits">
            {piece.performers.map((p, i) => (
              <span key={p.id}>
                {i > 0 && " / "}
                <AppLink to={`/music/singer?id=${p.id}`}>{p.name}</AppLink>
              </span>
            ))}
          </p>
        </div>
      </div>
      <div className="tj-music-piece__audio">
        <span className="tj-music-tag">{piece.label}</span>
        <span>
          {piece.instrument}音色 · {formatAudioTime(piece.duration * 1000)}
          {status && ` · ${status}`}
        </span>
        <MusicLikeButton pieceId={piece.id} initialCount={piece.likes} />
      </div>
      <p className="tj-music-piece__licence">{piece.licence}</p>
      <dl className="tj-music-facts">
        <dt>出处</dt>
        <dd>{piece.origin}</dd>
        <dt>年代</dt>
        <dd>{piece.period}</dd>
        <dt>乐器</dt>
        <dd>{piece.instrument}</dd>
        <dt>播放</dt>
        <dd>{piece.plays} 次</dd>
      </dl>
      <div className="tj-music-piece__text">
        {piece.description.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {piece.lyrics && (
        <section className="tj-music-lyrics" aria-labelledby="tj-music-lyrics-title">
          <h2 id="tj-music-lyrics-title">歌词</h2>
          {piece.lyrics.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p className="tj-music-lyrics__source">—— {piece.lyricsSource}（公有领域）</p>
        </section>
      )}
      <Score notation={piece.notation} />
      {piece.entries.length > 0 && (
        <section aria-labelledby="tj-music-entries-title">
          <h2 id="tj-music-entries-title" className="tj-music-h2">
            相关词条
          </h2>
          <ul className="tj-music-chips">
            {piece.entries.map((e) => (
              <li key={e.id}>
                <AppLink className="tj-music-chip" to={`/detail/${e.id}`}>
                  {e.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
