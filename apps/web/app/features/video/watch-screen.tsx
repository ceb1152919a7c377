import type { VideoDetail, VideoSummary } from "@tongjian/contracts/video";
import { AppLink } from "../../shell/app-link.tsx";
import { VideoPlayer } from "./video-player.tsx";
import { formatDuration } from "./video-progress.ts";
import "./video.css";

/** A list of videos as poster cards, each opening /watch?id=. */
export function VideoCards({ videos }: { videos: readonly VideoSummary[] }) {
  if (videos.length === 0) return <p className="tj-empty">暂时还没有视频</p>;
  return (
    <ul className="tj-video-cards">
      {videos.map((v) => (
        <li key={v.id}>
          <AppLink className="tj-video-card" to={`/watch?id=${v.id}`}>
            <span className="tj-video-card__poster">
              <img src={v.posterUrl} alt="" width={640} height={360} loading="lazy" />
              <span className="tj-video-card__time">{formatDuration(v.durationSeconds)}</span>
            </span>
            <span className="tj-video-card__body">
              <span className="tj-video-card__title">{v.title}</span>
              <span className="tj-video-card__desc">{v.description}</span>
              <span className="tj-video-card__tag">示意 · {v.era}</span>
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** /watch without an id: every sample video. */
export function VideoListScreen({ videos }: { videos: readonly VideoSummary[] }) {
  return (
    <main className="tj-watch">
      <header className="tj-watch__head">
        <h1 className="tj-watch__title">视频</h1>
        <p className="tj-watch__lead">
          按时间线串讲各朝大事的短片。片中画面为项目自制的示意卡片，并非历史影像。
        </p>
      </header>
      <VideoCards videos={videos} />
    </main>
  );
}

/** /watch?id=: one video, playing where the reader stopped, and the others. */
export function WatchScreen({
  video,
  others,
  signedIn,
}: {
  video: VideoDetail;
  others: readonly VideoSummary[];
  signedIn: boolean;
}) {
  return (
    <main className="tj-watch">
      <VideoPlayer
        key={video.id}
        video={video}
        resumeSeconds={video.resumeSeconds}
        signedIn={signedIn}
      />
      <header className="tj-watch__head">
        <h1 className="tj-watch__title">{video.title}</h1>
        <p className="tj-watch__tags">
          <span className="tj-watch__tag">示意</span>
          <span>{video.era}</span>
          <span>{formatDuration(video.durationSeconds)}</span>
        </p>
        <p className="tj-watch__lead">{video.description}</p>
        <p className="tj-watch__licence">
          {video.licence}。画面由年表自动生成，字幕为中文。
          {signedIn ? "观看进度保存在你的账号里。" : "观看进度保存在本机，登录后可跨设备续看。"}
        </p>
      </header>
      <section className="tj-watch__more" aria-labelledby="tj-watch-more">
        <h2 id="tj-watch-more" className="tj-watch__subtitle">
          更多视频
        </h2>
        <VideoCards videos={others} />
      </section>
    </main>
  );
}
