import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data, Link } from "react-router";
import {
  type EntryDetail,
  type EntryRelations,
  KIND_NAMES,
} from "../features/content/content-types.ts";
import { ApiRequestError, callApi } from "../shell/api-client.ts";
import type { Route } from "./+types/detail";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = params.id;
  if (!id || !/^[0-9a-f]{24}$/.test(id)) throw data("抱歉，页面找不到了", { status: 404 });
  try {
    const [entry, relation] = await Promise.all([
      callApi<EntryDetail>(context.apiFetch, `/api/item/detail/cn/${id}`),
      callApi<EntryRelations>(context.apiFetch, `/api/item/relation/cn/${id}`),
    ]);
    return { entry, relations: relation.relations };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 404) {
      throw data("抱歉，页面找不到了", { status: 404 });
    }
    throw error;
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: PRODUCT_NAME }];
  return [
    { title: `${d.entry.name} - ${PRODUCT_NAME}` },
    { name: "description", content: d.entry.summary },
  ];
}

export default function EntryPage({ loaderData }: Route.ComponentProps) {
  const { entry, relations } = loaderData;
  return (
    <main className="tj-entry">
      <p className="tj-article__section">{KIND_NAMES[entry.kind] ?? "词条"}</p>
      <h1 className="tj-article__title">{entry.name}</h1>
      {entry.timeDesc && <p className="tj-entry__time">{entry.timeDesc}</p>}
      {entry.aliases.length > 0 && (
        <p className="tj-entry__aliases">又称：{entry.aliases.join("、")}</p>
      )}
      <p className="tj-entry__summary">{entry.summary}</p>
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
