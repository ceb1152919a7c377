import type { PanoramaEntryLists } from "@tongjian/contracts/panorama";
import { AppLink } from "../../shell/app-link.tsx";
import { kindName } from "./hotspot-sheet.tsx";

/** The people or the books of each scene, grouped by scene, each linked to its entry. */
export function SceneEntryLists({ lists, empty }: { lists: PanoramaEntryLists; empty: string }) {
  const groups = lists.groups.filter((g) => g.entries.length > 0);
  if (groups.length === 0) return <p className="tj-pano-empty">{empty}</p>;
  return (
    <>
      {groups.map((g) => (
        <section key={g.scene.key} aria-labelledby={`tj-pano-group-${g.scene.key}`}>
          <h2 id={`tj-pano-group-${g.scene.key}`} className="tj-pano-page__h2">
            {g.scene.name}
            <span className="tj-pano-page__era">{g.scene.era}</span>
          </h2>
          <ul className="tj-pano-cards">
            {g.entries.map((e) => (
              <li key={e.id}>
                <AppLink to={`/detail/${e.id}`} className="tj-pano-card">
                  <span className="tj-pano-card__name">
                    {e.name}
                    <span className="tj-pano-kind">{kindName(e.kind)}</span>
                  </span>
                  {e.timeDesc && <span className="tj-pano-card__time">{e.timeDesc}</span>}
                  <span className="tj-pano-card__summary">{e.summary}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
