import type { SceneHotspot } from "@tongjian/contracts/panorama";
import { useCallback, useEffect, useRef, useState } from "react";
import { FOV_DEFAULT, facingWords, pictureSpot, TURN_STEP, type View } from "./panorama-view.ts";
import type { PanoramaViewer as Viewer } from "./panorama-viewer.client.ts";

type ViewerState =
  | { kind: "loading"; progress: number }
  | { kind: "ready" }
  | { kind: "flat" }
  | { kind: "error"; message: string };

/** The picture's width for this screen: 4096 where there are pixels for it, else 2048. */
function pictureWidth(): 2048 | 4096 {
  const pixels = Math.max(window.innerWidth, window.innerHeight) * (window.devicePixelRatio || 1);
  return pixels > 1000 ? 4096 : 2048;
}

/**
 * The 360° view of one scene: three.js loads only here, after the page is in the browser, with
 * its progress shown; a failure says so and offers 重试; a browser without WebGL gets the flat
 * picture to scroll through. The hotspots are buttons over the picture, each named for the
 * reader, and the controls are labelled buttons as well as drag, pinch and tilt.
 */
export function PanoramaViewer({
  sceneName,
  imageUrl,
  hotspots,
  onHotspot,
}: {
  sceneName: string;
  imageUrl: string;
  hotspots: SceneHotspot[];
  onHotspot: (hotspot: SceneHotspot) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [state, setState] = useState<ViewerState>({ kind: "loading", progress: 0 });
  const [attempt, setAttempt] = useState(0);
  const [facing, setFacing] = useState<View>({ yaw: 0, pitch: 0, fov: FOV_DEFAULT });
  const [gyro, setGyro] = useState(false);
  const [gyroNote, setGyroNote] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) loads the picture again
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const abort = new AbortController();
    let cancelled = false;
    setState({ kind: "loading", progress: 0 });
    setGyro(false);
    const url = `${imageUrl}${imageUrl.includes("?") ? "&" : "?"}w=${pictureWidth()}`;
    import("./panorama-viewer.client.ts")
      .then(async ({ createPanoramaViewer, fetchPicture, hasWebGl }) => {
        if (!hasWebGl()) {
          if (!cancelled) setState({ kind: "flat" });
          return;
        }
        const picture = await fetchPicture(
          url,
          (progress) => !cancelled && setState({ kind: "loading", progress }),
          abort.signal,
        );
        if (cancelled) return;
        const created = createPanoramaViewer(
          el,
          picture,
          { yaw: 0, pitch: 0, fov: FOV_DEFAULT },
          setFacing,
        );
        viewer.current = created;
        (el as HTMLDivElement & { panoramaViewer?: Viewer }).panoramaViewer = created;
        setState({ kind: "ready" });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error("panorama viewer", error);
        setState({
          kind: "error",
          message:
            error instanceof Error && error.message.startsWith("全景图")
              ? error.message
              : "全景图没有加载出来，可能是网络不稳定",
        });
      });
    return () => {
      cancelled = true;
      abort.abort();
      viewer.current?.dispose();
      viewer.current = null;
    };
  }, [imageUrl, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const turn = (dYaw: number, dPitch: number) => viewer.current?.turn(dYaw, dPitch);
  const zoom = (factor: number) => viewer.current?.zoom(factor);
  const toggleGyro = async () => {
    const next = !gyro;
    const granted = (await viewer.current?.gyro(next)) ?? false;
    setGyro(next && granted);
    setGyroNote(next && !granted ? "此设备或浏览器不支持重力感应，请拖动画面环顾" : null);
  };
  const ready = state.kind === "ready";
  const flat = state.kind === "flat";

  return (
    <div className="tj-pano-viewer-wrap">
      <section
        ref={box}
        className={`tj-pano-viewer${flat ? " tj-pano-viewer--flat" : ""}`}
        aria-label={`${sceneName}全景画面：拖动画面环顾四周，双指缩放，点按标记查看热点`}
        data-testid="panorama-viewer"
        data-state={state.kind}
        onKeyDown={(event) => {
          const keys: Record<string, [number, number]> = {
            ArrowLeft: [-15, 0],
            ArrowRight: [15, 0],
            ArrowUp: [0, 10],
            ArrowDown: [0, -10],
          };
          const step = keys[event.key];
          if (step && ready && event.target === event.currentTarget) {
            event.preventDefault();
            turn(...step);
          }
        }}
        // Focusable so the arrow keys turn the view.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture is operated by keys
        tabIndex={0}
      >
        {flat ? (
          <div className="tj-pano-flat" data-testid="panorama-flat">
            <img className="tj-pano-flat__image" src={`${imageUrl}&w=2048`} alt="" />
            {hotspots.map((h) => {
              const spot = pictureSpot(h.yaw, h.pitch);
              return (
                <button
                  key={h.id}
                  type="button"
                  className="tj-pano-spot tj-pano-spot--flat"
                  style={{ left: `${spot.x * 100}%`, top: `${spot.y * 100}%` }}
                  aria-label={`热点：${h.label}（${h.entry.name}）`}
                  onClick={() => onHotspot(h)}
                >
                  <span className="tj-pano-spot__dot" aria-hidden="true" />
                  <span className="tj-pano-spot__label">{h.label}</span>
                </button>
              );
            })}
          </div>
        ) : (
          hotspots.map((h) => (
            <button
              key={h.id}
              type="button"
              className="tj-pano-spot"
              data-hotspot-yaw={h.yaw}
              data-hotspot-pitch={h.pitch}
              data-testid={`hotspot-${h.id}`}
              data-visible="false"
              hidden={!ready}
              aria-label={`热点：${h.label}（${h.entry.name}）`}
              onClick={() => onHotspot(h)}
            >
              <span className="tj-pano-spot__dot" aria-hidden="true" />
              <span className="tj-pano-spot__label">{h.label}</span>
            </button>
          ))
        )}
        {state.kind === "loading" && (
          <div className="tj-pano-viewer__note" role="status">
            <p>全景图加载中 {Math.round(state.progress * 100)}%</p>
            <div
              className="tj-pano-progress"
              role="progressbar"
              aria-label="全景图加载进度"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(state.progress * 100)}
            >
              <span style={{ width: `${Math.round(state.progress * 100)}%` }} />
            </div>
          </div>
        )}
        {state.kind === "error" && (
          <div className="tj-pano-viewer__note" role="alert">
            <p>{state.message}</p>
            <button type="button" className="tj-button" onClick={retry}>
              重试
            </button>
          </div>
        )}
      </section>
      {ready && (
        <div className="tj-pano-controls" role="toolbar" aria-label="全景操作">
          <button type="button" aria-label="向左转" onClick={() => turn(-TURN_STEP, 0)}>
            ←
          </button>
          <button type="button" aria-label="向右转" onClick={() => turn(TURN_STEP, 0)}>
            →
          </button>
          <button type="button" aria-label="向上看" onClick={() => turn(0, 15)}>
            ↑
          </button>
          <button type="button" aria-label="向下看" onClick={() => turn(0, -15)}>
            ↓
          </button>
          <button type="button" aria-label="放大" onClick={() => zoom(0.8)}>
            ＋
          </button>
          <button type="button" aria-label="缩小" onClick={() => zoom(1.25)}>
            －
          </button>
          <button
            type="button"
            aria-label="重力感应"
            aria-pressed={gyro}
            onClick={() => void toggleGyro()}
          >
            {gyro ? "感应开" : "感应"}
          </button>
        </div>
      )}
      {ready && (
        <p className="tj-pano-facing" data-testid="panorama-facing">
          朝向{facingWords(facing.yaw)} · {Math.round(facing.yaw)}°
        </p>
      )}
      {gyroNote && (
        <p className="tj-pano-facing" role="status">
          {gyroNote}
        </p>
      )}
    </div>
  );
}
