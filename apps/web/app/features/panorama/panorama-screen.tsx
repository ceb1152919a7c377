import type { PanoramaEditionView, SceneDetail, SceneHotspot } from "@tongjian/contracts/panorama";
import { useCallback, useState } from "react";
import { AppLink } from "../../shell/app-link.tsx";
import { HotspotSheet, kindName } from "./hotspot-sheet.tsx";
import { PanoramaNav, panoramaPath } from "./panorama-nav.tsx";
import { PanoramaViewer } from "./panorama-viewer.tsx";
import "./panorama.css";

/**
 * /panorama and /panorama2022: one scene in 360°, its hotspots over the picture and as a list
 * of links (the same content for screen readers and for a quick look), the other scenes of the
 * edition, and the edition's parts. A locked scene shows its blurred picture and the way to
 * unlock it.
 */
export function PanoramaScreen({
  edition,
  scene,
}: {
  edition: PanoramaEditionView;
  scene: SceneDetail;
}) {
  const [open, setOpen] = useState<SceneHotspot | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const locked = scene.access === "locked";
  return (
    <main className="tj-pano" data-edition={edition.key}>
      <header className="tj-pano__head">
        <p className="tj-pano__edition">{edition.title}</p>
        <h1 className="tj-pano__title">
          {scene.name}
          <span className="tj-pano__era">{scene.era}</span>
        </h1>
        <p className="tj-pano__where">
          {scene.viewpoint} · {scene.summary}
        </p>
      </header>

      {locked ? (
        <section className="tj-pano-locked" aria-labelledby="tj-pano-locked-title">
          <img className="tj-pano-locked__thumb" src={scene.thumbUrl} alt="" />
          <div className="tj-pano-locked__card">
            <h2 id="tj-pano-locked-title">该场景需兑换后观看</h2>
            <p>
              输入兑换码即可解锁「{scene.name}」，兑换后在你的账号下长期有效。
              {edition.signedIn ? "" : "兑换前需要先登录。"}
            </p>
            <AppLink
              className="tj-button"
              to={panoramaPath(edition.key, "exchange", `?scene=${scene.key}`)}
            >
              去兑换
            </AppLink>
          </div>
        </section>
      ) : (
        scene.imageUrl && (
          <PanoramaViewer
            key={scene.key}
            sceneName={scene.name}
            imageUrl={scene.imageUrl}
            hotspots={scene.hotspots}
            onHotspot={setOpen}
          />
        )
      )}

      <nav className="tj-pano-scenes" aria-label="本篇场景">
        <ul>
          {scene.siblings.map((s) => (
            <li key={s.key}>
              <AppLink
                to={panoramaPath(edition.key, "", `?scene=${s.key}`)}
                aria-current={s.key === scene.key ? "page" : undefined}
              >
                {s.name}
                {s.access === "locked" && <span className="tj-pano-lock">未解锁</span>}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>

      {!locked && scene.hotspots.length > 0 && (
        <section className="tj-pano-spots" aria-labelledby="tj-pano-spots-title">
          <h2 id="tj-pano-spots-title">本场景热点</h2>
          <ul>
            {scene.hotspots.map((h) => (
              <li key={h.id}>
                <AppLink to={`/detail/${h.entry.id}`} className="tj-pano-spots__link">
                  <span className="tj-pano-kind">{kindName(h.entry.kind)}</span>
                  <span className="tj-pano-spots__label">
                    {h.label}：{h.entry.name}
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      <PanoramaNav edition={edition.key} current="" />
      <p className="tj-pano__credit">画面由本站按史实要点绘制，为示意图，非照片或复原图。</p>

      {open && (
        <HotspotSheet edition={edition.key} sceneKey={scene.key} hotspot={open} onClose={close} />
      )}
    </main>
  );
}
