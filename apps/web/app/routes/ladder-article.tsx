import { PRODUCT_NAME } from "@tongjian/domain/share-title";
import { GateNotice, levelPath } from "../features/ladder/ladder-parts.tsx";
import { AppLink } from "../shell/app-link.tsx";
import { notFound, orNotFound } from "../shell/not-found.ts";
import { RouteErrorState } from "../shell/route-error.tsx";
import type { Route } from "./+types/ladder-article";
import "../features/ladder/ladder.css";

// A level's reading list (/ah/ladderarticle?level=): its knowledge points' lessons and its
// articles, each read on the article reader (/ah/ladderarticledetail). Without a level: every
// ladder's levels to choose from.
export async function loader({ context, url }: Route.LoaderArgs) {
  const levelId = url.searchParams.get("level");
  if (!levelId)
    return { kind: "all" as const, ladders: await context.services.ladders.list(context.viewer) };
  if (!/^[a-z0-9-]{1,60}$/.test(levelId)) throw notFound("这一关不存在");
  const view = await orNotFound(
    context.services.ladders.level(context.viewer, levelId),
    "这一关不存在",
  );
  return { kind: "level" as const, view };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (d?.kind === "level") return [{ title: `${d.view.level.title}阅读清单 - ${PRODUCT_NAME}` }];
  return [{ title: `天梯阅读 - ${PRODUCT_NAME}` }];
}

export default function LadderArticleRoute({ loaderData: d }: Route.ComponentProps) {
  if (d.kind === "all")
    return (
      <main className="tj-ladder">
        <h1 className="tj-ladder__title">天梯阅读</h1>
        <p className="tj-ladder__lead">每一关都有课文与延伸阅读，先选一条天梯和其中的一关。</p>
        <ul className="tj-ladder__table">
          {d.ladders.map((l) => (
            <li key={l.id}>
              <AppLink to={`/ladder/${l.key}`}>{l.title}</AppLink>
              <span className="tj-ladder__meta">{l.levelCount} 关</span>
            </li>
          ))}
        </ul>
      </main>
    );
  const { view } = d;
  const read = (q: string) => `/ah/ladderarticledetail?level=${view.level.id}&${q}`;
  return (
    <main className="tj-ladder">
      <p className="tj-ladder__kicker">
        <AppLink to={`/ladder/${view.ladder.key}`}>{view.ladder.title}</AppLink> · 第{" "}
        {view.level.position + 1} 关
      </p>
      <h1 className="tj-ladder__title">{view.level.title} · 阅读清单</h1>
      <p className="tj-ladder__lead">{view.level.intro}</p>
      {!view.level.access && <GateNotice />}
      <section className="tj-section" aria-labelledby="tj-reading-lessons">
        <h2 className="tj-section__title" id="tj-reading-lessons">
          课文
        </h2>
        <ul className="tj-ladder__lessons">
          {view.points.map((p) => (
            <li key={p.id} className="tj-ladder__lesson">
              <AppLink to={read(`point=${p.key}`)}>{p.title}</AppLink>
              <span className="tj-ladder__meta">
                {p.eraLabel} · {p.lesson.length} 段
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="tj-section" aria-labelledby="tj-reading-articles">
        <h2 className="tj-section__title" id="tj-reading-articles">
          文章
        </h2>
        {view.articles.length === 0 ? (
          <p className="tj-empty">这一关没有延伸文章，读完课文就可以练习了。</p>
        ) : (
          <ul className="tj-ladder__lessons">
            {view.articles.map((a) => (
              <li key={a.id} className="tj-ladder__lesson">
                <AppLink to={read(`article=${a.id}`)}>{a.title}</AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="tj-ladder__links">
        <AppLink className="tj-button" to={levelPath(view.level)}>
          去练习
        </AppLink>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorState />;
}
