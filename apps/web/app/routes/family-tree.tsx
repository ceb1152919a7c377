import { familyQuery } from "@tongjian/contracts/graph-family";
import { isEntityId } from "@tongjian/domain/entity-id";
import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { data } from "react-router";
import { seoDescription } from "../features/content/seo-description.server.ts";
import { requestOrigin, seoMeta } from "../features/content/seo-meta.ts";
import { FamilyTreeView, familyTreePath } from "../features/graph/family-tree-view.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { useShare } from "../shell/platform.tsx";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/family-tree";
import "./family-tree.css";

// 家族树 (/relation/family/:id?): a person's ancestors and descendants with their spouses;
// without a person, the great houses of the corpus. `?from=` marks the person the reader came
// from when they re-root the tree on a relative; `?up=`/`?down=` ask for more generations.
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const origin = requestOrigin(request, context.hosts.publicOrigin);
  const { family } = context.services;
  if (!params.id) {
    return { kind: "houses" as const, houses: await family.houses(), origin };
  }
  if (!isEntityId(params.id)) throw notFound();
  const query = familyQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    throw data(query.error.issues[0]?.message ?? "参数有误", { status: 400 });
  }
  const tree = await orNotFound(
    family.tree(params.id, query.data).catch((error: unknown) => {
      // A place or an event has no family: a 400 with the service's words, not a 500.
      if (error instanceof Error && error.name === "BadRequestError") {
        throw data(error.message, { status: 400 });
      }
      throw error;
    }),
    "这个人物不存在或已被删除",
  );
  const from = url.searchParams.get("from");
  const highlightId =
    from && isEntityId(from) && tree.people.some((p) => p.id === from) ? from : tree.rootId;
  const root = tree.people.find((p) => p.id === tree.rootId);
  const name = root?.name ?? "";
  const kin = tree.people.length - 1;
  return {
    kind: "tree" as const,
    tree,
    name,
    highlightId,
    description: seoDescription(
      kin > 0
        ? `${name}的家族树：上下 ${new Set(tree.units.map((u) => u.generation)).size} 代、${tree.people.length} 人，${tree.people
            .slice(0, 12)
            .map((p) => p.name)
            .join("、")}。`
        : `${name}的家族树：暂无亲属记录。`,
    ),
    origin,
  };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: `家族树 - ${PRODUCT_NAME}` }];
  if (d.kind === "houses") {
    return seoMeta({
      origin: d.origin,
      path: "/relation/family",
      title: "家族树",
      description: `历代皇室与名门的家族树：${d.houses.map((h) => h.name).join("、")}。`,
      type: "website",
    });
  }
  return seoMeta({
    origin: d.origin,
    path: familyTreePath(d.tree.rootId),
    title: `${d.name}的家族树`,
    description: d.description,
    type: "website",
  });
}

export default function FamilyTreeRoute({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  useShare(
    d.kind === "tree"
      ? { title: `${d.name}的家族树`, desc: d.description, imgUrl: "/favicon.svg" }
      : { title: "家族树", desc: "历代皇室与名门的家族树", imgUrl: "/favicon.svg" },
  );
  if (d.kind === "houses") {
    return (
      <main className="tj-family">
        <h1 className="tj-family__title">家族树</h1>
        <p className="tj-family__lead">
          历代皇室与名门，从始祖看起；也可以从人物词条的“家族树”进入。
        </p>
        {d.houses.length === 0 ? (
          <p className="tj-empty">暂无家族记录</p>
        ) : (
          <ul className="tj-family__houses">
            {d.houses.map((h) => (
              <li key={h.id}>
                <AppLink to={familyTreePath(h.id)}>
                  <strong>{h.name}</strong>
                  <small>{[h.regime, h.timeDesc].filter(Boolean).join(" · ")}</small>
                  <span>后代 {h.descendants} 人</span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </main>
    );
  }
  const { tree, name, highlightId } = d;
  return (
    // Re-rooting starts the new tree with its own folds.
    <main className="tj-family" key={`${tree.rootId}-${highlightId}`}>
      <h1 className="tj-family__title">{name}的家族树</h1>
      <p className="tj-family__lead">
        <AppLink to={`/detail/${tree.rootId}`}>{name}的词条</AppLink>
        <AppLink to="/relation/family">更多家族</AppLink>
      </p>
      {tree.people.length <= 1 ? (
        <p className="tj-empty">暂无{name}的亲属记录</p>
      ) : (
        <FamilyTreeView tree={tree} highlightId={highlightId} />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
