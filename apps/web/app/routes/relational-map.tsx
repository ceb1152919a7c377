import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { truncateText } from "@tongjian/domain/text-length";
import { KIND_NAMES } from "../features/content/entry-kinds.ts";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { initialsOf } from "../features/relation-map/graph-model.ts";
import { AppLink } from "../shell/app-link.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/relational-map";
import "../features/relation-map/relation-map.css";

const SUMMARY_LIMIT = 60;

// 关系图谱首页 (/home/relationalmap): the curated networks and the best-connected people, each a
// way into a relation map.
export async function loader({ context, request }: Route.LoaderArgs) {
  const gallery = await context.services.relationMaps.gallery();
  return {
    networks: gallery.networks.map((n) => ({
      ...n,
      summary: truncateText(n.summary, SUMMARY_LIMIT),
    })),
    people: gallery.people.map(({ id, name, kind, timeDesc, imageUrl, relationCount }) => ({
      id,
      name,
      kind,
      timeDesc,
      imageUrl,
      relationCount,
    })),
    description: seoDescription(
      `${PRODUCT_NAME}关系图谱：${gallery.networks.map((n) => n.name).join("、")}等关系网，以及${gallery.people
        .slice(0, 6)
        .map((p) => p.name)
        .join("、")}等人物的关系。`,
    ),
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `关系图谱 - ${PRODUCT_NAME}` }];
  return seoMeta({
    origin: d.origin,
    path: "/home/relationalmap",
    title: "关系图谱",
    description: d.description,
    image: null,
    type: "website",
  });
}

function Face({ name, kind, imageUrl }: { name: string; kind: string; imageUrl: string | null }) {
  return imageUrl ? (
    <img className="tj-face" src={imageUrl} alt="" width={36} height={36} loading="lazy" />
  ) : (
    <span className="tj-face" data-kind={kind} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

export default function RelationalMapRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <main className="tj-relpage tj-gallery">
      <header className="tj-relpage__head">
        <h1 className="tj-relpage__title">关系图谱</h1>
        <p className="tj-relpage__summary">
          看人物之间的亲属、君臣、师友与对手，点按任何一人展开他的关系。
        </p>
        <p className="tj-gallery__actions">
          <AppLink className="tj-button" to="/relationedit/edit/new">
            自己编一张关系图
          </AppLink>
        </p>
      </header>
      <section className="tj-gallery__section" aria-labelledby="networks-title">
        <h2 id="networks-title">精选关系网</h2>
        {d.networks.length === 0 ? (
          <p className="tj-relmap__empty">关系网还在整理中。</p>
        ) : (
          <ul className="tj-gallery__networks">
            {d.networks.map((n) => (
              <li key={n.id}>
                <AppLink to={`/relation?networkId=${n.id}`} className="tj-gallery__network">
                  <strong>{n.name}</strong>
                  <span className="tj-gallery__faces">
                    {n.members.map((m) => (
                      <Face key={m.id} name={m.name} kind={m.kind} imageUrl={m.imageUrl} />
                    ))}
                    <small>{n.memberCount} 人</small>
                  </span>
                  <span className="tj-gallery__summary">{n.summary}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="tj-gallery__section" aria-labelledby="people-title">
        <h2 id="people-title">关系最多的人物</h2>
        <ul className="tj-gallery__people">
          {d.people.map((p) => (
            <li key={p.id}>
              <AppLink to={`/relation?id=${p.id}`} className="tj-gallery__person">
                <Face name={p.name} kind={p.kind} imageUrl={p.imageUrl} />
                <strong>{p.name}</strong>
                <small>
                  {p.timeDesc ?? KIND_NAMES[p.kind] ?? ""} · {p.relationCount} 条关系
                </small>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
