import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/home-national";
import "../features/lists/lists.css";

// 国学 (/home/national, issue 18 §2): the works of Chinese learning by category — the classics,
// histories and masters, prose and verse, novels, plays — and the classics whose text the site
// carries chapter by chapter.
export async function loader({ context, request }: Route.LoaderArgs) {
  const national = await context.services.lists.national();
  return {
    national,
    origin: requestOrigin(request, context.hosts.publicOrigin),
    description: seoDescription(
      `国学：${national.groups.map((g) => `${g.category}${g.works.length}部`).join("、")}，以及${national.texts.map((t) => `《${t.book}》`).join("")}原文。`,
    ),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `国学 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/home/national",
    title: "国学",
    description: d.description,
    type: "website",
    jsonLd: { "@type": "CollectionPage", name: "国学", inLanguage: "zh-CN" },
  });
}

export default function National({ loaderData: d }: Route.ComponentProps) {
  const { groups, texts, total } = d.national;
  return (
    <main className="tj-lists">
      <h1 className="tj-article__title">国学</h1>
      <p className="tj-lists__intro">
        本站收录的 {total} 部典籍与名篇，按类别、以成书先后排列；论语、孟子等经典可逐篇读原文。
      </p>
      {groups.length > 0 && (
        <nav className="tj-tabs" aria-label="类别">
          {groups.map((g) => (
            <a key={g.category} className="tj-tabs__tab" href={`#national-${g.category}`}>
              {g.category}
            </a>
          ))}
          {texts.length > 0 && (
            <a className="tj-tabs__tab" href="#national-texts">
              原文
            </a>
          )}
        </nav>
      )}
      {groups.length === 0 && texts.length === 0 && <p className="tj-empty">还没有收录作品。</p>}
      {groups.map((g) => (
        <section className="tj-national__group" key={g.category} id={`national-${g.category}`}>
          <h2 className="tj-section__title">
            {g.category}（{g.works.length}）
          </h2>
          <p className="tj-national__note">{g.note}</p>
          <ul className="tj-reflist">
            {g.works.map((w) => (
              <li className="tj-reflist__item" key={w.id}>
                <AppLink className="tj-reflist__link" to={`/detail/${w.id}`}>
                  <span className="tj-reflist__name">
                    《{w.name}》
                    {(w.form || w.makers) && (
                      <span className="tj-reflist__sub">
                        {[w.form, w.makers].filter(Boolean).join(" · ")}
                      </span>
                    )}
                  </span>
                  <span className="tj-reflist__meta">{w.timeDesc}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {texts.length > 0 && (
        <section className="tj-national__group" id="national-texts">
          <h2 className="tj-section__title">原文</h2>
          <p className="tj-national__note">原文据 chinese-poetry 整理的公版文本。</p>
          {texts.map((t) => (
            <section className="tj-region" key={t.book} aria-label={t.book}>
              <h3 className="tj-region__name">
                {t.workId ? (
                  <AppLink to={`/detail/${t.workId}`}>《{t.book}》</AppLink>
                ) : (
                  `《${t.book}》`
                )}
                （{t.chapters.length} 篇）
              </h3>
              <ul className="tj-chips">
                {t.chapters.map((c) => (
                  <li key={c.id}>
                    <AppLink className="tj-chip" to={`/detail/${c.id}`}>
                      {c.name.includes("·") ? c.name.split("·")[1] : c.name}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
