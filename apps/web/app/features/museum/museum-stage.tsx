import type { MuseumExhibit, MuseumRoom } from "@tongjian/contracts/museum";
import type { MuseumLayout } from "@tongjian/domain/museum-layout";
import { Component, type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";
import type { MuseumController } from "./museum-controller.ts";
import type { MuseumSceneProps, MuseumTextures } from "./museum-scene.client.tsx";
import { dragLook } from "./visitor-motion.ts";

/** Progress shown while the library loads (its share of the bar), then the pictures are drawn. */
const LIBRARY_SHARE = 40;
const PICTURES_SHARE = 55;

type Phase = "loading" | "ready" | "error";

/** Catches a failure inside the 3D scene (no WebGL context after all, a lost GPU). */
class SceneBoundary extends Component<{ onError: () => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error("museum scene", error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The 3D part of the museum page: three.js and the scene come in by `import()` once the page is
 * in the browser and WebGL is known to work, the stand-in pictures are drawn, and the first frame
 * shows. Meanwhile a progress bar counts in percent; a failure says so in Chinese with a retry.
 */
export function MuseumStage({
  layout,
  rooms,
  exhibits,
  controller,
  onExhibit,
  onList,
  label,
  children,
}: {
  layout: MuseumLayout;
  rooms: readonly MuseumRoom[];
  exhibits: ReadonlyMap<string, MuseumExhibit>;
  controller: MuseumController;
  onExhibit: (id: string) => void;
  onList: () => void;
  label: string;
  /** The controls drawn over the scene (joystick, mini-map). */
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>("loading");
  const [percent, setPercent] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [scene, setScene] = useState<{
    Scene: ComponentType<MuseumSceneProps>;
    textures: MuseumTextures;
  } | null>(null);
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 重试 (attempt) loads the scene again
  useEffect(() => {
    const signal = { cancelled: false };
    let textures: MuseumTextures | null = null;
    setPhase("loading");
    setPercent(5);
    setScene(null);
    import("./museum-scene.client.tsx")
      .then(async ({ MuseumScene, prepareTextures }) => {
        if (signal.cancelled) return;
        setPercent(LIBRARY_SHARE);
        textures = await prepareTextures(
          layout,
          exhibits,
          rooms,
          (f) => setPercent(Math.round(LIBRARY_SHARE + f * PICTURES_SHARE)),
          signal,
        );
        if (signal.cancelled) return;
        setScene({ Scene: MuseumScene, textures });
      })
      .catch((error: unknown) => {
        console.error("museum scene", error);
        if (!signal.cancelled) setPhase("error");
      });
    return () => {
      signal.cancelled = true;
      textures?.dispose();
    };
  }, [attempt, layout]);

  // For the browser tests, as the relation map does: where the visitor is, where an exhibit is.
  useEffect(() => {
    const el = box.current as (HTMLDivElement & { museumView?: unknown }) | null;
    if (!el) return;
    el.museumView = {
      state: () => ({ ...controller.state.position, yaw: controller.state.yaw }),
      project: (id: string) => controller.project(id),
    };
  }, [controller]);

  return (
    <div
      ref={box}
      className="tj-museum__stage"
      data-state={phase}
      data-testid="museum-stage"
      onPointerDown={(event) => {
        if (drag.current) return;
        drag.current = { x: event.clientX, y: event.clientY, pointer: event.pointerId };
      }}
      onPointerMove={(event) => {
        const d = drag.current;
        if (!d || d.pointer !== event.pointerId) return;
        dragLook(controller.state, event.clientX - d.x, event.clientY - d.y);
        controller.wake();
        d.x = event.clientX;
        d.y = event.clientY;
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
    >
      <div
        className="tj-museum__canvas"
        role="img"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scene takes the arrow keys when focused
        tabIndex={0}
      >
        {scene && phase !== "error" && (
          <SceneBoundary key={attempt} onError={() => setPhase("error")}>
            <scene.Scene
              layout={layout}
              textures={scene.textures}
              controller={controller}
              onExhibit={onExhibit}
              onReady={() => {
                setPercent(100);
                setPhase("ready");
              }}
            />
          </SceneBoundary>
        )}
      </div>
      {phase === "ready" && children}
      {phase === "loading" && (
        <div className="tj-museum__note">
          <p id="museum-progress-label">正在布置展厅… {percent}%</p>
          <div
            className="tj-museum__progress"
            role="progressbar"
            aria-labelledby="museum-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}
      {phase === "error" && (
        <div className="tj-museum__note" role="alert">
          <p>展厅没有加载出来，可能是网络或设备的图形功能出了问题。</p>
          <div className="tj-museum__note-actions">
            <button type="button" className="tj-button" onClick={() => setAttempt((n) => n + 1)}>
              重试
            </button>
            <button type="button" className="tj-button tj-button--ghost" onClick={onList}>
              改看列表
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
