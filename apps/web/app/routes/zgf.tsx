import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { DayRefCard } from "../features/campaign-days/day-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/zgf";
import "../features/campaigns/campaigns.css";
import "../features/campaign-days/days.css";

// 中国风 (/zgf): a small gallery of Chinese aesthetics from the corpus — landscapes, figures and
// city life, calligraphy, qin music and poetry — each item linking to its entry, article or piece.
export async function loader({ context }: Route.LoaderArgs) {
  return { gallery: await context.services.days.gallery() };
}

export function meta() {
  return [{ title: `中国风 - ${PRODUCT_NAME}` }];
}

export default function GalleryRoute({ loaderData: { gallery } }: Route.ComponentProps) {
  return (
    <main className="tj-campaign tj-day" data-theme="women">
      <header className="tj-day__head">
        <h1 className="tj-campaign__title">中国风</h1>
        <p className="tj-campaign__summary">
          山水、人物、书法、琴曲与诗文：从本站的词条和文章里选出一组作品，排成一个小展厅。
        </p>
      </header>
      {gallery.sections.length === 0 ? (
        <p className="tj-empty">展厅正在布置，请稍后再来。</p>
      ) : (
        <>
          <nav aria-label="展厅分区">
            <ul className="tj-pill-nav">
              {gallery.sections.map((s) => (
                <li key={s.key}>
                  <a href={`#zgf-${s.key}`}>{s.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          {gallery.sections.map((s) => (
            <section key={s.key} id={`zgf-${s.key}`} aria-labelledby={`zgf-h-${s.key}`}>
              <h2 id={`zgf-h-${s.key}`} className="tj-section__title">
                {s.title}
              </h2>
              <p className="tj-day__intro">{s.intro}</p>
              <ul className="tj-day__gallery" data-testid={`zgf-${s.key}`}>
                {s.items.map((i) => (
                  <li key={i.target.ref}>
                    <DayRefCard target={i.target} note={i.note} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      <p className="tj-campaign__meta">
        看更多画作，去 <AppLink to="/artbillboard">艺术榜单</AppLink> 和{" "}
        <AppLink to="/home/museum">博物馆</AppLink>；听更多曲子，去{" "}
        <AppLink to="/music/landing">中国音乐</AppLink>。
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
