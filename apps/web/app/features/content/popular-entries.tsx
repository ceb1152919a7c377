import { type ApiTransport, callApi } from "../../shell/api-client.ts";
import { AppLink } from "../../shell/app-link.tsx";
import { KIND_NAMES, type TopList } from "./content-types.ts";
import "./entry-relations.css";

/** The most connected entries, best first (`GET /api/m/homeservice/top/n/list`). */
export async function fetchPopularEntries(api: ApiTransport, size: number) {
  const top = await callApi<TopList>(api, `/api/m/homeservice/top/n/list?page=1&size=${size}`);
  return top.list;
}

/** The most connected entries, shown by the entry routes when no id is given. */
export function PopularEntries({
  list,
  linkTo,
  className = "tj-entry",
}: {
  list: TopList["list"];
  /** The page an item opens: the full or the compact entry view. */
  linkTo: (id: string) => string;
  className?: string;
}) {
  return (
    <main className={className}>
      <h1 className="tj-article__title">热门词条</h1>
      <ul className="tj-relations">
        {list.map((item) => (
          <li key={item.id}>
            <AppLink to={linkTo(item.id)}>
              <span className="tj-relations__label">{KIND_NAMES[item.kind] ?? "词条"}</span>
              <strong>{item.name}</strong>
              {item.timeDesc && <small>{item.timeDesc}</small>}
            </AppLink>
          </li>
        ))}
      </ul>
    </main>
  );
}
