import type { PaintingGallery, PaintingList } from "@tongjian/contracts/painting";
import { parsePaintingSort } from "@tongjian/domain/painting";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { PaintingGrid, PaintingNav } from "../features/painting/painting-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/painting-sort";

/** `?page=`: a whole number from 1, anything else is page 1. */
function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : 1;
}

// 名画分类 (/paintingsort/all, /paintingsort/{dynasty|subject|format}/{slug}, issue 19).
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const parts = (params["*"] ?? "").split("/").filter(Boolean);
  const page = pageOf(url.searchParams.get("page"));
  let query: { facet: string; value?: string; page: number };
  if (parts.length === 0 || (parts.length === 1 && parts[0] === "all")) {
    query = { facet: "all", page };
  } else if (parts.length === 2 && parsePaintingSort(parts[0] as string, parts[1] as string)) {
    query = { facet: parts[0] as string, value: parts[1] as string, page };
  } else {
    throw notFound("没有这个名画分类");
  }
  const [list, gallery]: [PaintingList, PaintingGallery] = await Promise.all([
    context.services.paintings.list(query),
    context.services.paintings.gallery(),
  ]);
  return {
    list,
    gallery,
    path: parts.length === 2 ? `/paintingsort/${parts[0]}/${parts[1]}` : "/paintingsort/all",
    current: parts.length === 2 ? `${parts[0]}/${parts[1]}` : "all",
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `名画分类 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: d.path,
    title: `名画分类：${d.list.label}`,
    description: `${d.list.label}，共 ${d.list.total} 幅名画。`,
    type: "website",
  });
}

export default function PaintingSort({ loaderData: d }: Route.ComponentProps) {
  const { list, gallery, current, path } = d;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const groups = [
    { name: "朝代", facet: "dynasty", items: gallery.dynasties },
    { name: "画科", facet: "subject", items: gallery.subjects },
    { name: "形制", facet: "format", items: gallery.formats },
  ];
  return (
    <main className="tj-article tj-paint">
      <h1 className="tj-article__title">名画分类</h1>
      <PaintingNav current="sort" />
      <ul className="tj-paint__facets" aria-label="全部">
        <li>
          <AppLink to="/paintingsort/all" aria-current={current === "all" ? "page" : undefined}>
            全部（{gallery.total}）
          </AppLink>
        </li>
      </ul>
      {groups.map((g) => (
        <ul key={g.facet} className="tj-paint__facets" aria-label={g.name}>
          {g.items.map((f) => {
            const key = `${g.facet}/${f.slug}`;
            return (
              <li key={key}>
                <AppLink
                  to={`/paintingsort/${key}`}
                  aria-current={current === key ? "page" : undefined}
                >
                  {f.label}（{f.count}）
                </AppLink>
              </li>
            );
          })}
        </ul>
      ))}
      <h2 className="tj-paint__section-title">
        {list.label} · {list.total} 幅
      </h2>
      {list.list.length === 0 && list.total > 0 ? (
        <p className="tj-empty">
          这一类只有 {pages} 页，<AppLink to={path}>回到第 1 页</AppLink>。
        </p>
      ) : (
        <PaintingGrid list={list.list} />
      )}
      {list.total > list.pageSize && (
        <nav className="tj-paint__pager" aria-label="翻页">
          {list.page > 1 ? (
            <AppLink className="tj-button tj-button--ghost" to={`${path}?page=${list.page - 1}`}>
              上一页
            </AppLink>
          ) : (
            <span />
          )}
          <span className="tj-paint__meta">
            第 {list.page} / {pages} 页
          </span>
          {list.page < pages ? (
            <AppLink className="tj-button tj-button--ghost" to={`${path}?page=${list.page + 1}`}>
              下一页
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
