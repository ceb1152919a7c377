import type { PaintingDetail, PaintingGallery } from "@tongjian/contracts/painting";
import { isEntityId } from "@tongjian/domain/entity-id";
import { formatPaintingSize, SUBJECT_SLUGS } from "@tongjian/domain/painting";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { LikeButton } from "../features/content/like-button.tsx";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import {
  artistLine,
  PaintingGrid,
  PaintingNav,
  ShareButton,
} from "../features/painting/painting-parts.tsx";
import { PaintingViewer } from "../features/painting/painting-viewer.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/painting";

// 名画 (/painting/:id?, issue 19): a painting in a pinch-zoom viewer with its facts, or, without
// an id, the gallery of paintings.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  if (!params.id) {
    const gallery: PaintingGallery = await context.services.paintings.gallery();
    return { kind: "gallery" as const, gallery, origin };
  }
  if (!isEntityId(params.id)) throw notFound("没有找到这幅画");
  const painting: PaintingDetail = await orNotFound(
    context.services.paintings.detail(params.id),
    "没有找到这幅画",
  );
  return {
    kind: "painting" as const,
    painting,
    origin,
    description: seoDescription(painting.description),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `名画 - ${PRODUCT_NAME}` }];
  if (d.kind === "gallery") {
    return seoMeta({
      origin: d.origin,
      path: "/painting",
      title: "名画馆",
      description: `从东晋到近现代的 ${d.gallery.total} 幅名画，按朝代、画科、形制浏览。`,
      type: "website",
    });
  }
  return seoMeta({
    origin: d.origin,
    path: `/painting/${d.painting.id}`,
    title: d.painting.title,
    description: d.description,
    type: "article",
  });
}

function Gallery({ gallery }: { gallery: PaintingGallery }) {
  return (
    <main className="tj-article tj-paint">
      <h1 className="tj-article__title">名画馆</h1>
      <PaintingNav current="gallery" />
      <p className="tj-paint__meta">
        收录名画 {gallery.total} 幅、画家 {gallery.artistCount}{" "}
        位。图像为程序绘制的示意图，标有“示意”。
      </p>
      <h2 className="tj-paint__section-title">长卷精选</h2>
      <PaintingGrid list={gallery.featured} />
      <h2 className="tj-paint__section-title">按朝代</h2>
      <ul className="tj-paint__facets">
        {gallery.dynasties.map((f) => (
          <li key={f.slug}>
            <AppLink to={`/paintingsort/dynasty/${f.slug}`}>
              {f.label}（{f.count}）
            </AppLink>
          </li>
        ))}
      </ul>
      <h2 className="tj-paint__section-title">按画科</h2>
      <ul className="tj-paint__facets">
        {gallery.subjects.map((f) => (
          <li key={f.slug}>
            <AppLink to={`/paintingsort/subject/${f.slug}`}>
              {f.label}（{f.count}）
            </AppLink>
          </li>
        ))}
      </ul>
      <h2 className="tj-paint__section-title">按形制</h2>
      <ul className="tj-paint__facets">
        {gallery.formats.map((f) => (
          <li key={f.slug}>
            <AppLink to={`/paintingsort/format/${f.slug}`}>
              {f.label}（{f.count}）
            </AppLink>
          </li>
        ))}
      </ul>
    </main>
  );
}

function Painting({ painting: p }: { painting: PaintingDetail }) {
  const role = (id: string) => p.creatorRoles.find((c) => c.id === id)?.role;
  return (
    <main className="tj-article tj-paint">
      <PaintingNav />
      <h1 className="tj-article__title">{p.title}</h1>
      <p className="tj-paint__meta">
        {p.dynasty} · {artistLine(p)} · {p.viewNum} 次浏览
      </p>
      <PaintingViewer picture={p.picture} preview={p.preview} title={p.title} />
      <dl className="tj-paint__facts">
        <dt>作者</dt>
        <dd>
          {p.artists.length > 0
            ? p.artists.map((a, i) => (
                <span key={a.id}>
                  {i > 0 && "、"}
                  <AppLink to={`/artist/${a.id}`}>{a.name}</AppLink>
                  {role(a.id) ? `（${role(a.id)}）` : ""}
                </span>
              ))
            : (p.attribution ?? "佚名")}
        </dd>
        <dt>朝代</dt>
        <dd>
          {p.regime ? <AppLink to={`/detail/${p.regime.id}`}>{p.regime.name}</AppLink> : p.dynasty}
          {p.era ? `（${p.era}）` : ""}
        </dd>
        <dt>材质</dt>
        <dd>{p.medium}</dd>
        <dt>形制</dt>
        <dd>
          {p.format}
          {p.form ? ` · ${p.form}` : ""}
        </dd>
        <dt>尺寸</dt>
        <dd>{formatPaintingSize(p.size)}</dd>
        <dt>收藏</dt>
        <dd>{p.holder}</dd>
        <dt>画科</dt>
        <dd>
          <AppLink to={`/paintingsort/subject/${SUBJECT_SLUGS[p.subject]}`}>{p.subject}</AppLink>
        </dd>
      </dl>
      <p className="tj-paint__desc">{p.description}</p>
      <div className="tj-paint__actions">
        <LikeButton itemId={p.entryId} type="entry" initialCount={p.likeNum} />
        <ShareButton title={p.title} />
        <AppLink className="tj-section__link" to={`/detail/${p.entryId}`}>
          作品词条
        </AppLink>
      </div>
      {p.about.length + p.artists.length > 0 && (
        <>
          <h2 className="tj-paint__section-title">相关条目</h2>
          <ul className="tj-paint__links">
            {[...p.artists, ...p.about].map((r) => (
              <li key={r.id}>
                <AppLink to={`/detail/${r.id}`}>{r.name}</AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {p.sources.length > 0 && <p className="tj-paint__meta">资料来源：{p.sources.join("；")}</p>}
      {p.more.length > 0 && (
        <>
          <h2 className="tj-paint__section-title">同一画家的作品</h2>
          <PaintingGrid list={p.more} />
        </>
      )}
    </main>
  );
}

export default function PaintingRoute({ loaderData: d }: Route.ComponentProps) {
  useShare(
    d.kind === "painting"
      ? { title: d.painting.title, desc: d.description, imgUrl: d.painting.preview }
      : null,
  );
  return d.kind === "gallery" ? (
    <Gallery gallery={d.gallery} />
  ) : (
    <Painting painting={d.painting} />
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
