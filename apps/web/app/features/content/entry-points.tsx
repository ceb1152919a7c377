import { AppLink } from "../../shell/app-link.tsx";
import "./entry-points.css";

export interface EntryPoint {
  id: string;
  title: string;
  eraLabel: string;
}

/** 相关知识点 on an entry page: the knowledge points whose lessons are about the entry. */
export function EntryPoints({ points }: { points: EntryPoint[] }) {
  return (
    <ul className="tj-entry__points">
      {points.map((p) => (
        <li key={p.id}>
          <AppLink to={`/knowledgepoint/details/${p.id}`}>
            {p.title}
            <span className="tj-entry__point-era">{p.eraLabel}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
