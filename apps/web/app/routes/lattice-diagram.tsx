import { latticeQuery } from "@tongjian/contracts/graph-lattice";
import { LATTICE_ERAS, LATTICE_FIELDS } from "@tongjian/domain/lattice-fields";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data } from "react-router";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { LatticeGrid } from "../features/graph/lattice-grid.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/lattice-diagram";
import "./family-tree.css";
import "./lattice-diagram.css";

// 格子图 (/latticeDiagram, spec §2): people by era and field, filtered by `?field=` and `?era=`.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const query = latticeQuery.safeParse({
    field: url.searchParams.get("field") || undefined,
    era: url.searchParams.get("era") || undefined,
  });
  if (!query.success) throw data(query.error.issues[0]?.message ?? "参数有误", { status: 400 });
  const lattice = await context.services.lattice.grid(query.data);
  return {
    lattice,
    field: query.data.field ?? null,
    era: query.data.era ?? null,
    origin: requestOrigin(request, context.hosts.publicOrigin),
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `格子图 - ${PRODUCT_NAME}` }];
  const scope = [d.era, d.field].filter(Boolean).join(" · ");
  return seoMeta({
    origin: d.origin,
    path: "/latticeDiagram",
    title: scope ? `格子图：${scope}` : "格子图",
    description: `按时代与领域排列的历史人物，共 ${d.lattice.total} 人：${d.lattice.cells
      .flatMap((c) => c.people.slice(0, 1).map((p) => p.name))
      .slice(0, 12)
      .join("、")}。`.slice(0, 100),
    type: "website",
  });
}

function filterPath(field: string | null, era: string | null) {
  const q = new URLSearchParams();
  if (field) q.set("field", field);
  if (era) q.set("era", era);
  const s = q.toString();
  return s ? `/latticeDiagram?${s}` : "/latticeDiagram";
}

function Chips({
  label,
  options,
  current,
  path,
}: {
  label: string;
  options: readonly string[];
  current: string | null;
  path: (value: string | null) => string;
}) {
  return (
    <nav className="tj-lattice__chips" aria-label={label}>
      {[null, ...options].map((o) => (
        <AppLink
          key={o ?? "all"}
          to={path(o)}
          aria-current={o === current ? "page" : undefined}
          className="tj-lattice__chip"
        >
          {o ?? "全部"}
        </AppLink>
      ))}
    </nav>
  );
}

export default function LatticeDiagramRoute({ loaderData }: Route.ComponentProps) {
  const { lattice, field, era } = loaderData;
  useShare({ title: "格子图", desc: "按时代与领域排列的历史人物", imgUrl: "/favicon.svg" });
  return (
    <main className="tj-family tj-lattice">
      <h1 className="tj-family__title">格子图</h1>
      <p className="tj-lattice__lead">
        {[era, field].filter(Boolean).join(" · ") || "历代人物"}，共 {lattice.total} 人
      </p>
      <Chips
        label="按领域筛选"
        options={LATTICE_FIELDS}
        current={field}
        path={(f) => filterPath(f, era)}
      />
      <Chips
        label="按时代筛选"
        options={LATTICE_ERAS}
        current={era}
        path={(e) => filterPath(field, e)}
      />
      {lattice.total === 0 ? (
        <p className="tj-empty">
          暂无符合条件的人物，<AppLink to="/latticeDiagram">查看全部</AppLink>
        </p>
      ) : (
        // A new filter starts with no sheet open.
        <LatticeGrid key={`${field}-${era}`} lattice={lattice} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
