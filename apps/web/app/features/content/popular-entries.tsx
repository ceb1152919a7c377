import type { TopList } from "@tongjian/contracts/content";
import { AppLink } from "../../shell/app-link.tsx";
import { KIND_NAMES } from "./entry-kinds.ts";
import "./entry-relations.css";

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
