import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data, Link } from "react-router";
import {
  type EntryDetail,
  type EntryRelations,
  KIND_NAMES,
  type TopList,
} from "../features/content/content-types.ts";
import { LikeButton } from "../features/content/like-button.tsx";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { ApiRequestError, callApi } from "../shell/api-client.ts";
import { useShare } from "../shell/platform.tsx";
import type { Route } from "./+types/detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const id = params.id;
  if (!id) {
    // Without an id the route lists the most connected entries.
    const top = await callApi<TopList>(
      context.apiFetch,
      "/api/m/homeservice/top/n/list?page=1&size=50",
    );
    return { entry: null, relations: [], list: top.list, origin };
  }
  if (!isEntityId(id)) throw data("抱歉，页面找不到了", { status: 404 });
  try {
    const [entry, relation] = await Promise.all([
      callApi<EntryDetail>(context.apiFetch, `/api/item/detail/cn/${id}`),
      callApi<EntryRelations>(context.apiFetch, `/api/item/relation/cn/${id}`),
    ]);
    return { entry, relations: relation.relations, list: [], origin };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 404) {
      throw data("抱歉，页面找不到了", { status: 404 });
    }
    throw error;
  }
}

const SCHEMA_TYPES: Record<string, string> = {
  person: "Person",
  regime: "Organization",
  event: "Event",
  place: "Place",
};

export function meta({ data: d }: Route.MetaArgs) {
  if (!d?.entry) return [{ title: `词条 - ${PRODUCT_NAME}` }];
  const e = d.entry;
  return seoMeta({
    origin: d.origin,
    path: `/detail/${e.id}`,
    title: e.name,
    description: e.summary,
    image: e.imageUrl,
    type: e.kind === "person" ? "profile" : "article",
    jsonLd: {
      "@type": SCHEMA_TYPES[e.kind] ?? "Thing",
      name: e.name,
      alternateName: e.aliases,
      description: e.summary,
      inLanguage: "zh-CN",
    },
  });
}

export default function EntryPage({ loaderData }: Route.ComponentProps) {
  const { entry, relations, list } = loaderData;
  useShare(
    entry
      ? { title: entry.name, desc: entry.summary, imgUrl: entry.imageUrl ?? "/favicon.svg" }
      : null,
  );
  if (!entry) {
    return (
      <main className="tj-entry">
        <h1 className="tj-article__title">热门词条</h1>
        <ul className="tj-relations">
          {list.map((item) => (
            <li key={item.id}>
              <Link to={`/detail/${item.id}`}>
                <span className="tj-relations__label">{KIND_NAMES[item.kind] ?? "词条"}</span>
                <strong>{item.name}</strong>
                {item.timeDesc && <small>{item.timeDesc}</small>}
              </Link>
            </li>
          ))}
        </ul>
      </main>
    );
  }
  return (
    <main className="tj-entry">
      <p className="tj-article__section">{KIND_NAMES[entry.kind] ?? "词条"}</p>
      <h1 className="tj-article__title">{entry.name}</h1>
      {entry.timeDesc && <p className="tj-entry__time">{entry.timeDesc}</p>}
      {entry.aliases.length > 0 && (
        <p className="tj-entry__aliases">又称：{entry.aliases.join("、")}</p>
      )}
      <p className="tj-entry__summary">{entry.summary}</p>
      <LikeButton itemId={entry.id} type="entry" initialCount={entry.likeNum} />
      {relations.length > 0 && (
        <section className="tj-section">
          <h2 className="tj-section__title">关系</h2>
          <ul className="tj-relations">
            {relations.slice(0, 30).map((r) => (
              <li key={`${r.type}-${r.item.id}-${r.direction}`}>
                <Link to={`/detail/${r.item.id}`}>
                  <span className="tj-relations__label">
                    {r.direction === "reverse" ? r.type : r.label}
                  </span>
                  <strong>{r.item.name}</strong>
                  {r.item.timeDesc && <small>{r.item.timeDesc}</small>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
