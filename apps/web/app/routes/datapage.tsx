import { isDataPageSlug } from "@tongjian/domain/data-pages";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { DataChartView, DataTable } from "../features/datapage/data-chart-view.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/datapage";
import "../features/lists/lists.css";

// 数据页 (/datapage/detail/*, issue 18 §7): statistics of the corpus as charts, counted by a
// service from the database. /datapage/detail lists the pages; an unknown page is not found.
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { dataPages } = context.services;
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const slug = (params["*"] ?? "").replace(/\/+$/, "");
  if (slug === "") {
    const list = dataPages.pages();
    return {
      list: list.pages,
      page: null,
      origin,
      description: seoDescription(
        `数据页：${list.pages.map((p) => p.title).join("、")}，本站语料的统计图表。`,
      ),
    };
  }
  if (!isDataPageSlug(slug)) throw notFound("没有这个数据页");
  const page = await dataPages.page(slug);
  return {
    list: dataPages.pages().pages,
    page,
    origin,
    description: seoDescription(`${page.title}：${page.charts.map((c) => c.summary).join("")}`),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `数据页 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.page ? `/datapage/detail/${d.page.slug}` : "/datapage/detail",
    title: d.page ? `数据页：${d.page.title}` : "数据页",
    description: d.description,
    type: "website",
    ...(d.page
      ? { jsonLd: { "@type": "Dataset", name: d.page.title, description: d.page.intro } }
      : {}),
  });
}

export default function DataPage({ loaderData: d }: Route.ComponentProps) {
  const { page, list } = d;
  if (!page)
    return (
      <main className="tj-lists">
        <h1 className="tj-article__title">数据页</h1>
        <p className="tj-lists__intro">
          本站语料的统计：每一页的数字都由数据库算出，内容更新后随之更新。
        </p>
        <ul className="tj-datapage__cards">
          {list.map((p) => (
            <li key={p.slug}>
              <AppLink className="tj-datapage__card" to={`/datapage/detail/${p.slug}`}>
                <span className="tj-datapage__card-title">{p.title}</span>
                <span className="tj-datapage__card-intro">{p.intro}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </main>
    );
  return (
    <main className="tj-lists">
      <h1 className="tj-article__title">{page.title}</h1>
      <p className="tj-lists__intro">{page.intro}</p>
      <nav className="tj-tabs" aria-label="数据页">
        {list.map((p) => (
          <AppLink
            key={p.slug}
            className="tj-tabs__tab"
            to={`/datapage/detail/${p.slug}`}
            aria-current={p.slug === page.slug ? "page" : undefined}
          >
            {p.title}
          </AppLink>
        ))}
      </nav>
      {page.charts.map((chart) => (
        <section
          className="tj-datapage__chart"
          key={chart.id}
          aria-labelledby={`chart-${chart.id}`}
        >
          <h2 className="tj-section__title" id={`chart-${chart.id}`}>
            {chart.title}
          </h2>
          <p className="tj-datapage__summary">{chart.summary}</p>
          {chart.categories.length === 0 ? (
            <p className="tj-empty">还没有可统计的数据。</p>
          ) : (
            <>
              <DataChartView chart={chart} />
              <DataTable chart={chart} />
            </>
          )}
        </section>
      ))}
      <p className="tj-lists__sources">
        统计时间：{page.computedAt.slice(0, 16).replace("T", " ")}（UTC）。
        <AppLink to="/datapage/detail">全部数据页</AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
