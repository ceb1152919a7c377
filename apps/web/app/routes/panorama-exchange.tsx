import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { editionOf } from "../features/panorama/load-panorama.server.ts";
import { PanoramaPage } from "../features/panorama/panorama-page.tsx";
import { RedeemForm } from "../features/panorama/redeem-form.tsx";
import { orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/panorama-exchange";

// 全景兑换 (/panorama/exchange, /panorama2022/exchange): a code opens locked scenes for the
// reader's account. The page is for everyone; spending a code needs an account (the API says so
// with code 600, and the form sends the reader to sign in).
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const view = await orNotFound(context.services.panoramas.edition(editionOf(url), context.viewer));
  return {
    edition: { key: view.key, title: view.title },
    signedIn: view.signedIn,
    locked: view.scenes
      .filter((s) => s.locked)
      .map((s) => ({ key: s.key, name: s.name, access: s.access })),
    origin: requestOrigin(request, context.hosts.publicOrigin),
    path: url.pathname,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `全景兑换 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `兑换·${d.edition.title}`,
    description: "输入兑换码，解锁全景中需兑换后观看的场景。",
    type: "website",
  });
}

export default function PanoramaExchangeRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <PanoramaPage
      edition={d.edition.key}
      editionTitle={d.edition.title}
      part="exchange"
      title="兑换场景"
    >
      <p className="tj-pano-page__lead">
        输入兑换码，解锁本篇需兑换后观看的场景。每个兑换码只能使用一次，兑换后在你的账号下长期有效。
      </p>
      <RedeemForm signedIn={d.signedIn} />
      {d.locked.length > 0 && (
        <section aria-labelledby="tj-pano-locked-list">
          <h2 id="tj-pano-locked-list" className="tj-pano-page__h2">
            本篇需兑换的场景
          </h2>
          <ul className="tj-pano-list">
            {d.locked.map((s) => (
              <li key={s.key}>
                {s.name}
                <span className="tj-pano-state">
                  {s.access === "unlocked" ? "已解锁" : "未解锁"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PanoramaPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
