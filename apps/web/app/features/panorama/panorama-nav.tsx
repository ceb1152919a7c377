import type { PanoramaEdition } from "@tongjian/domain/panorama";
import { AppLink } from "../../shell/app-link.tsx";

/** The parts of an edition, as its routes name them. */
export const PANORAMA_PARTS = [
  { part: "", label: "全景" },
  { part: "preface", label: "序言" },
  { part: "people", label: "人物" },
  { part: "book", label: "书籍" },
  { part: "exchange", label: "兑换" },
  { part: "server", label: "服务" },
] as const;

export type PanoramaPart = (typeof PANORAMA_PARTS)[number]["part"] | "popups";

export function panoramaPath(edition: PanoramaEdition, part: PanoramaPart = "", search = "") {
  return `/${edition}${part ? `/${part}` : ""}${search}`;
}

/** The edition's parts, and a switch to the other edition. */
export function PanoramaNav({
  edition,
  current,
}: {
  edition: PanoramaEdition;
  current: PanoramaPart;
}) {
  const other = edition === "panorama" ? "panorama2022" : "panorama";
  return (
    <nav className="tj-pano-nav" aria-label="全景栏目">
      <ul>
        {PANORAMA_PARTS.map(({ part, label }) => (
          <li key={part}>
            <AppLink
              to={panoramaPath(edition, part)}
              aria-current={part === current ? "page" : undefined}
            >
              {label}
            </AppLink>
          </li>
        ))}
        <li>
          <AppLink to={panoramaPath(other)} className="tj-pano-nav__other">
            {other === "panorama2022" ? "2022 新篇" : "古都篇"}
          </AppLink>
        </li>
      </ul>
    </nav>
  );
}
