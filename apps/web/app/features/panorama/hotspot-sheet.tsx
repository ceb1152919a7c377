import type { SceneHotspot } from "@tongjian/contracts/panorama";
import type { PanoramaEdition } from "@tongjian/domain/panorama";
import { useEffect, useRef } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { panoramaPath } from "./panorama-nav.tsx";

const KIND_NAMES: Record<string, string> = {
  person: "人物",
  event: "事件",
  place: "地点",
  regime: "朝代",
  work: "作品",
};

export function kindName(kind: string): string {
  return KIND_NAMES[kind] ?? "词条";
}

/** A hotspot's content: what it is, a line on it, and its entry. */
export function HotspotCard({
  hotspot,
  headingId,
  headingRef,
}: {
  hotspot: SceneHotspot;
  headingId: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="tj-pano-sheet__title">
        {hotspot.label}
      </h2>
      <p className="tj-pano-sheet__entry">
        <span className="tj-pano-kind">{kindName(hotspot.entry.kind)}</span>
        {hotspot.entry.name}
      </p>
      <p className="tj-pano-sheet__note">{hotspot.note}</p>
    </>
  );
}

/**
 * The sheet a tapped hotspot opens over the scene (spec: the panorama's pop-ups): the entry's
 * name and a line on it, 查看词条 to open the entry, and the pop-up's own page to share.
 */
export function HotspotSheet({
  edition,
  sceneKey,
  hotspot,
  onClose,
}: {
  edition: PanoramaEdition;
  sceneKey: string;
  hotspot: SceneHotspot;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="tj-pano-sheet-layer">
      <button
        type="button"
        className="tj-pano-sheet-mask"
        aria-label="关闭热点"
        onClick={onClose}
      />
      <div
        className="tj-pano-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="tj-pano-sheet-title"
        data-testid="hotspot-sheet"
      >
        <HotspotCard hotspot={hotspot} headingId="tj-pano-sheet-title" headingRef={heading} />
        <div className="tj-pano-sheet__actions">
          <AppLink className="tj-button" to={`/detail/${hotspot.entry.id}`}>
            查看词条
          </AppLink>
          <AppLink
            className="tj-button tj-button--ghost"
            to={panoramaPath(
              edition,
              "popups",
              `?scene=${encodeURIComponent(sceneKey)}&spot=${encodeURIComponent(hotspot.id)}`,
            )}
          >
            单独打开
          </AppLink>
          <button type="button" className="tj-button tj-button--ghost" onClick={onClose}>
            关闭
          </button>
        </div>
      </div>
    </div>
  );
}
