import type { PanoramaEdition } from "@tongjian/domain/panorama";
import type { ReactNode } from "react";
import { PanoramaNav, type PanoramaPart } from "./panorama-nav.tsx";
import "./panorama.css";

/**
 * The frame of the panoramas' reading pages (序言, 人物, 书籍, 兑换, 服务, a hotspot's page): the
 * reader's own light or dark theme on the bare black layout, the edition's title and its parts.
 */
export function PanoramaPage({
  edition,
  editionTitle,
  part,
  title,
  children,
}: {
  edition: PanoramaEdition;
  editionTitle: string;
  part: PanoramaPart;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="tj-pano-page" data-edition={edition}>
      <header className="tj-pano-page__head">
        <p className="tj-pano-page__edition">{editionTitle}</p>
        <h1 className="tj-pano-page__title">{title}</h1>
      </header>
      <PanoramaNav edition={edition} current={part} />
      <div className="tj-pano-page__body">{children}</div>
    </main>
  );
}

/** The title of an edition when the page has not loaded it. */
export function editionTitleOf(edition: PanoramaEdition): string {
  return edition === "panorama2022" ? "全景·丝路" : "全景·古都";
}
