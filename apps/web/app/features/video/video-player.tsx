import type { VideoSummary } from "@tongjian/contracts/video";
import { resumeAt } from "@tongjian/domain/video-live";
import { useCallback, useEffect, useRef, useState } from "react";
import { usePlatform } from "../../shell/platform.tsx";
import { devicePosition, formatDuration, saveDevicePosition } from "./video-progress.ts";

type PlayerState = "loading" | "ready" | "error";

/** How often a signed-in reader's position is sent while the video plays. */
const SAVE_EVERY_MS = 5000;

/**
 * An HLS video with its poster and Chinese captions. It resumes where the reader stopped (the
 * server's position for a signed-in reader, this device's otherwise) unless `live`, and a
 * source that will not load shows a retry state instead of a dead player. A live session plays
 * its live stream (`streamUrl`), from the broadcast's moment, without the video's captions,
 * which follow the video's own clock.
 */
export function VideoPlayer({
  video,
  resumeSeconds,
  signedIn,
  live = false,
  streamUrl = null,
}: {
  video: VideoSummary;
  /** The server's position for a signed-in reader; null asks the device. */
  resumeSeconds: number | null;
  signedIn: boolean;
  live?: boolean;
  /** The live HLS playlist of a session on air. */
  streamUrl?: string | null;
}) {
  const source = (live && streamUrl) || video.playlistUrl;
  const { api } = usePlatform();
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>("loading");
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [resumedAt, setResumedAt] = useState(0);
  const lastSent = useRef(0);

  const save = useCallback(
    (seconds: number, force = false) => {
      if (live || !Number.isFinite(seconds)) return;
      saveDevicePosition(video.id, seconds);
      if (!signedIn) return;
      const now = Date.now();
      if (!force && now - lastSent.current < SAVE_EVERY_MS) return;
      lastSent.current = now;
      void api
        .post("/api/video/y/progress", { videoId: video.id, positionSeconds: Math.floor(seconds) })
        .catch(() => {});
    },
    [api, live, signedIn, video.id],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry attaches the source anew.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let detach: (() => void) | null = null;
    let cancelled = false;
    setState("loading");
    setError("");
    const fail = (message: string) => {
      if (cancelled) return;
      setError(message);
      setState("error");
    };
    const onMeta = () => {
      if (cancelled) return;
      setState("ready");
      if (live) return;
      const saved = resumeSeconds ?? devicePosition(video.id);
      const at = resumeAt(saved, element.duration || video.durationSeconds);
      if (at > 0) {
        element.currentTime = at;
        setResumedAt(at);
      }
    };
    const onError = () => fail("视频加载失败，请检查网络");
    element.addEventListener("loadedmetadata", onMeta, { once: true });
    element.addEventListener("error", onError);
    void import("./hls-attach.client.ts")
      .then(({ attachHls }) => attachHls(element, source, fail, { live }))
      .then((undo) => {
        if (cancelled) undo();
        else detach = undo;
      })
      .catch(() => fail("播放器加载失败，请重试"));
    return () => {
      cancelled = true;
      element.removeEventListener("loadedmetadata", onMeta);
      element.removeEventListener("error", onError);
      detach?.();
    };
  }, [video.id, source, live, attempt]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onTime = () => save(element.currentTime);
    const onStop = () => save(element.currentTime, true);
    element.addEventListener("timeupdate", onTime);
    element.addEventListener("pause", onStop);
    window.addEventListener("pagehide", onStop);
    return () => {
      element.removeEventListener("timeupdate", onTime);
      element.removeEventListener("pause", onStop);
      window.removeEventListener("pagehide", onStop);
      if (element.currentTime > 0) onStop();
    };
  }, [save]);

  return (
    <div className="tj-video" data-testid="video-player" data-state={state}>
      <div className="tj-video__frame">
        {/* biome-ignore lint/a11y/useMediaCaption: the video's captions are on every replay; a live
            stream has none, since the video's follow its own clock, not the broadcast's. */}
        <video
          ref={ref}
          className="tj-video__media"
          poster={video.posterUrl}
          controls
          playsInline
          preload="metadata"
          aria-label={`${video.title}（示意视频）`}
        >
          {!live && (
            <track kind="captions" src={video.captionsUrl} srcLang="zh" label="中文字幕" default />
          )}
        </video>
        <span className="tj-video__badge">{live ? "直播 · 示意" : "示意"}</span>
        {state === "error" && (
          <div className="tj-video__error" role="alert">
            <p className="tj-video__error-text">{error || "视频加载失败"}</p>
            <button
              type="button"
              className="tj-button"
              onClick={() => setAttempt((n) => n + 1)}
              data-testid="video-retry"
            >
              重试
            </button>
          </div>
        )}
      </div>
      <p className="tj-video__meta" aria-live="polite">
        {state === "loading" && "视频加载中…"}
        {state === "ready" &&
          (live
            ? "直播中：与所有观众同步观看"
            : resumedAt > 0
              ? `已从上次看到的 ${formatDuration(resumedAt)} 继续`
              : `时长 ${formatDuration(video.durationSeconds)}`)}
        {state === "error" && "点击“重试”重新加载"}
      </p>
    </div>
  );
}
