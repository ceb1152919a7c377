/**
 * Puts an HLS playlist into a <video>: the browser's own HLS where it has it (Safari, iOS,
 * WeChat on iOS), else hls.js over Media Source Extensions, loaded only here. `onFatal` is
 * called once when the source cannot be played (the playlist or a segment will not load).
 */
export async function attachHls(
  video: HTMLVideoElement,
  src: string,
  onFatal: (message: string) => void,
  options: { live?: boolean } = {},
): Promise<() => void> {
  // A live stream goes to hls.js wherever it can play (Media Source Extensions): Chromium's own
  // HLS gives up at the stream's discontinuities (the video starting over), where Safari's and
  // hls.js play on. Elsewhere (iOS without Media Source) the browser's own HLS plays it.
  if (options.live) {
    const { default: Hls } = await import("hls.js/light");
    if (Hls.isSupported()) return attachWithHlsJs(Hls, video, src, onFatal);
  }
  if (video.canPlayType("application/vnd.apple.mpegurl")) {
    video.src = src;
    video.load();
    return () => {
      video.removeAttribute("src");
      video.load();
    };
  }
  // The light build: no subtitle or DRM handling, which the <track> and these files do not need.
  const { default: Hls } = await import("hls.js/light");
  if (!Hls.isSupported()) {
    onFatal("当前浏览器无法播放这段视频");
    return () => {};
  }
  return attachWithHlsJs(Hls, video, src, onFatal);
}

/** Plays `src` in `video` through hls.js (Media Source Extensions). */
function attachWithHlsJs(
  Hls: typeof import("hls.js/light").default,
  video: HTMLVideoElement,
  src: string,
  onFatal: (message: string) => void,
): () => void {
  const hls = new Hls({
    // Short VOD files: a few retries, then the page's retry state.
    fragLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 8000,
        maxLoadTimeMs: 20_000,
        timeoutRetry: { maxNumRetry: 1, retryDelayMs: 500, maxRetryDelayMs: 1000 },
        errorRetry: { maxNumRetry: 1, retryDelayMs: 500, maxRetryDelayMs: 1000 },
      },
    },
  });
  let failed = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal || failed) return;
    failed = true;
    onFatal(
      data.type === Hls.ErrorTypes.NETWORK_ERROR ? "视频加载失败，请检查网络" : "视频无法播放",
    );
    hls.destroy();
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return () => {
    if (!failed) hls.destroy();
  };
}
