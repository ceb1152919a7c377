import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { editionOf } from "../features/panorama/load-panorama.server.ts";
import { panoramaPath } from "../features/panorama/panorama-nav.tsx";
import { PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-preface";

// 全景序言 (/panorama/preface, /panorama2022/preface): the edition's preface and each scene's
// introduction.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const edition = editionOf(url);
  const view = await orNotFound(context.services.panoramas.edition(edition, context.viewer));
  const scenes = await Promise.all(
    view.scenes.map((s) => context.services.panoramas.scene(s.key, context.viewer)),
  );
  return {
    edition: view,
    scenes: scenes.map((s) => ({
      key: s.key,
      name: s.name,
      era: s.era,
      intro: s.intro,
      access: s.access,
    })),
    origin: requestOrigin(request, context.hosts.publicOrigin),
    path: url.pathname,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景序言 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `序言·${d.edition.title}`,
    description: d.edition.preface[0] ?? d.edition.tagline,
    type: "website",
  });
}

export default function PanoramaPrefaceRoute({ loaderData: d }: Route.ComponentProps) {
  const edition = d.edition.key;
  return (
    <PanoramaPage edition={edition} editionTitle={d.edition.title} part="preface" title="序言">
      <section className="tj-pano-prose" aria-label="本篇序言">
        <p className="tj-pano-page__lead">{d.edition.tagline}</p>
        {d.edition.preface.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
      {d.scenes.map((s) => (
        <section key={s.key} className="tj-pano-prose" aria-labelledby={`tj-pano-intro-${s.key}`}>
          <h2 id={`tj-pano-intro-${s.key}`} className="tj-pano-page__h2">
            {s.name}
            <span className="tj-pano-page__era">{s.era}</span>
          </h2>
          {s.intro.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            <AppLink className="tj-pano-more" to={panoramaPath(edition, "", `?scene=${s.key}`)}>
              {s.access === "locked" ? `「${s.name}」需兑换后观看` : `进入「${s.name}」全景`}
            </AppLink>
          </p>
        </section>
      ))}
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
